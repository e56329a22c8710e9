/// The memory of sessions that ended with their encoder, kept process-wide for new sessions
/// of any encoder, so that an encoder made per request starts from warm buffers instead of
/// allocating, zeroing and freeing them each time.
///
/// Only a little is kept, and only small memory: an encoder keeps its large buffers itself,
/// for as long as it lives.
final class SpareSessionMemory: Sendable {
    static let shared = SpareSessionMemory()

    /// At most `IdleMemoryLimits.spareCount`, of at most `IdleMemoryLimits.spareCapacity` each.
    private let spares = LockedValue<[SessionMemory]>([])

    /// Spare memory, emptied, if there is some.
    func take() -> SessionMemory? {
        spares.withLock { $0.popLast() }
    }

    /// Keeps `memory`, its last encoding forgotten, for a later session, or frees it when it is
    /// large or enough is kept. (The next session's encoder may have other options: the escaped
    /// keys its writer kept check the escaping they were built with.)
    func keep(_ memory: SessionMemory) {
        guard memory.capacityInBytes <= IdleMemoryLimits.spareCapacity else {
            memory.deallocate()
            return
        }
        memory.removeAll()
        let kept = spares.withLock { spares in
            guard spares.count < IdleMemoryLimits.spareCount else { return false }
            spares.append(memory)
            return true
        }
        if !kept {
            memory.deallocate()
        }
    }
}
