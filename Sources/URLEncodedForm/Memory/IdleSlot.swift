import Synchronization

/// One idle set of memory (`ReusableMemory`: an encoder's session, a decoder's) in an atomic
/// slot, which the common case — one call at a time — takes and fills again without a lock.
/// Acquiring and releasing orderings hand the memory over with it.
struct IdleSlot<Memory: AnyObject & Sendable>: ~Copyable, Sendable {
    /// Memory owned by the slot (retained), or `nil`.
    private let slot = Atomic<Unmanaged<Memory>?>(nil)

    deinit {
        slot.load(ordering: .relaxed)?.release()
    }

    /// The idle memory, if there is one, leaving the slot empty.
    func take() -> Memory? {
        slot.exchange(nil, ordering: .acquiring)?.takeRetainedValue()
    }

    /// Puts `memory` in the slot if it is empty; returns whether it did.
    func keep(_ memory: Memory) -> Bool {
        let retained = Unmanaged.passRetained(memory)
        guard slot.compareExchange(expected: nil, desired: retained, ordering: .releasing).exchanged else {
            retained.release()
            return false
        }
        return true
    }
}
