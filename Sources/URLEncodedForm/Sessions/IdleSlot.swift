import Synchronization

/// One idle session (an encoder's `EncodingSession`, a decoder's `DecodingSession`) in an atomic
/// slot, which the common case — one call at a time — takes and fills again without a lock.
/// Acquiring and releasing orderings hand the session's memory over with it.
struct IdleSlot<Session: AnyObject & Sendable>: ~Copyable, Sendable {
    /// A session owned by the slot (retained), or `nil`.
    private let slot = Atomic<Unmanaged<Session>?>(nil)

    deinit {
        slot.load(ordering: .relaxed)?.release()
    }

    /// The idle session, if there is one, leaving the slot empty.
    func take() -> Session? {
        slot.exchange(nil, ordering: .acquiring)?.takeRetainedValue()
    }

    /// Puts `session` in the slot if it is empty; returns whether it did.
    func keep(_ session: Session) -> Bool {
        let retained = Unmanaged.passRetained(session)
        guard slot.compareExchange(expected: nil, desired: retained, ordering: .releasing).exchanged else {
            retained.release()
            return false
        }
        return true
    }
}
