/// The idle sessions of one encoder, kept so that the next encodings reuse their memory instead
/// of allocating (and page-faulting in) the same buffers again.
///
/// One session waits in an atomic slot (`IdleSlot`), which the common case (one encoding at a
/// time) takes and fills again without a lock. A few more wait behind a lock (`LockedValue`)
/// for threads that share the encoder.
final class SessionPool: Sendable {
    /// At most this many idle sessions wait behind the lock: enough for a few threads sharing
    /// the encoder.
    private static let lockedLimit = 3

    private let slot = IdleSlot<EncodingSession>()
    private let idle = LockedValue<[EncodingSession]>([])

    /// An idle session, if there is one.
    func take() -> EncodingSession? {
        slot.take() ?? idle.withLock { $0.popLast() }
    }

    /// Keeps `session` unless the pool is full.
    func keep(_ session: EncodingSession) {
        guard !slot.keep(session) else { return }
        idle.withLock { idle in
            if idle.count < Self.lockedLimit {
                idle.append(session)
            }
        }
    }
}
