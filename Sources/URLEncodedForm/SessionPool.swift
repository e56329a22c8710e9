import Foundation

/// The idle sessions of one encoder, kept so that the next encodings reuse their memory instead
/// of allocating (and page-faulting in) the same buffers again.
///
/// Guarded by an `NSLock` (a pthread mutex) rather than `Synchronization.Mutex`: on Linux the
/// latter waits on a raw futex that ThreadSanitizer cannot see, so every session handed from one
/// thread to another would be reported as a race.
final class SessionPool: @unchecked Sendable {
    /// At most this many idle sessions are kept: enough for a few threads sharing the encoder.
    private static let limit = 4

    private let lock = NSLock()
    private var idle: [EncodingSession] = []

    /// An idle session, if there is one.
    func take() -> EncodingSession? {
        lock.withLock { idle.popLast() }
    }

    /// Keeps `session` unless the pool is full.
    func keep(_ session: EncodingSession) {
        lock.withLock {
            if idle.count < Self.limit {
                idle.append(session)
            }
        }
    }
}
