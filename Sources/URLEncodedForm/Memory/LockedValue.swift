import Foundation

/// A value that threads share, read and changed only while its lock is held.
///
/// The lock is a pthread mutex, not `Synchronization.Mutex`: on Linux `Mutex` locks with
/// atomics and a futex inside the standard library, which ThreadSanitizer does not see, so a
/// value handed from one thread to the next under it is reported as a race (CI runs the tests
/// under `--sanitize=thread`; the process-wide spares of `URLEncoding`'s writer memory were reported so).
/// The pthread calls are intercepted, and the hand-over is seen.
///
/// The value and the mutex share one allocation (a `ManagedBuffer`, as swift-nio's
/// `LockStorage`), which also gives the mutex the fixed address pthreads require. A box
/// holding an `NSLock` costs three (the box, the lock, the lock's mutex), paid by every encoder
/// made per request.
///
/// `@unchecked`: `ManagedBuffer` is not `Sendable`; the lock is what makes sharing it safe.
struct LockedValue<Value: Sendable>: @unchecked Sendable {
    private final class Storage: ManagedBuffer<Value, pthread_mutex_t> {
        deinit {
            withUnsafeMutablePointerToElements { mutex in
                let error = pthread_mutex_destroy(mutex)
                assert(error == 0, "pthread_mutex_destroy failed: \(error)")
            }
        }
    }

    private let storage: Storage

    init(_ value: Value) {
        storage = unsafeDowncast(Storage.create(minimumCapacity: 1) { _ in value }, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { mutex in
            let error = pthread_mutex_init(mutex, nil)
            precondition(error == 0, "pthread_mutex_init failed: \(error)")
        }
    }

    /// Runs `body` on the value with the lock held.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { value, mutex in
            let locked = pthread_mutex_lock(mutex)
            assert(locked == 0, "pthread_mutex_lock failed: \(locked)")
            defer {
                let unlocked = pthread_mutex_unlock(mutex)
                assert(unlocked == 0, "pthread_mutex_unlock failed: \(unlocked)")
            }
            return try body(&value.pointee)
        }
    }
}
