import Synchronization

/// The idle sessions of one encoder, kept so that the next encodings reuse their memory instead
/// of allocating (and page-faulting in) the same buffers again.
///
/// One session waits in an atomic slot, which the common case (one encoding at a time) takes
/// and fills again without a lock. A few more wait behind a lock (`LockedValue`) for threads
/// that share the encoder.
final class SessionPool: Sendable {
    /// At most this many idle sessions wait behind the lock: enough for a few threads sharing
    /// the encoder.
    private static let lockedLimit = 3

    /// A session owned by the slot (retained), or `nil`. Acquiring and releasing orderings hand
    /// the session's memory over with it.
    private let slot = Atomic<Unmanaged<EncodingSession>?>(nil)
    private let idle = LockedValue<[EncodingSession]>([])

    deinit {
        slot.load(ordering: .relaxed)?.release()
    }

    /// An idle session, if there is one.
    func take() -> EncodingSession? {
        if let session = slot.exchange(nil, ordering: .acquiring) {
            return session.takeRetainedValue()
        }
        return idle.withLock { $0.popLast() }
    }

    /// Keeps `session` unless the pool is full.
    func keep(_ session: EncodingSession) {
        let retained = Unmanaged.passRetained(session)
        guard !slot.compareExchange(expected: nil, desired: retained, ordering: .releasing).exchanged else { return }
        retained.release()
        idle.withLock { idle in
            if idle.count < Self.lockedLimit {
                idle.append(session)
            }
        }
    }
}
