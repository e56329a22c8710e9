import Foundation

/// A value that threads share, read and changed only while its lock is held.
///
/// The lock is an `NSLock` (a pthread mutex), not `Synchronization.Mutex`: on Linux `Mutex`
/// locks with atomics and a futex inside the standard library, which ThreadSanitizer does not
/// see, so a value handed from one thread to the next under it is reported as a race (CI runs
/// the tests under `--sanitize=thread`; the process-wide `SpareParameterWriterMemory` was
/// reported so). The pthread calls are intercepted, and the hand-over is seen.
final class LockedValue<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    /// Only touched between `lock.lock()` and `lock.unlock()`, which is what makes the accesses
    /// exclusive: the runtime's dynamic check (`swift_beginAccess` on every lock) would only
    /// repeat it.
    @exclusivity(unchecked) private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value with the lock held.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
