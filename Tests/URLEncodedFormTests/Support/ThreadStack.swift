import Foundation

/// Stack sizes for the tests that encode deep values, and a way to run code on a thread with one.
///
/// The encoders' default depth limit is chosen for optimized builds: a value at the limit
/// encodes on a 512 KiB stack. Unoptimized code keeps every local in its own stack slot, and
/// sanitizers put red zones around them, so the same recursion takes several times the stack
/// (measured on a 256-deep chain of objects: the reference port needs 2.1 times 512 KiB in a
/// debug build, 4.4 times under AddressSanitizer). Such builds scale the sizes by
/// `frameScale`; CI also runs the depth tests in a release build, where the scale is 1.
enum ThreadStack {
    /// The stack of a small worker thread: 512 KiB in an optimized build.
    static let small = (512 << 10) * frameScale
    /// The usual main-thread stack: 8 MiB in an optimized build.
    static let usual = (8 << 20) * frameScale
    /// Room for recursion far past the default depth limit.
    static let huge = 64 << 20

    /// 1 in an optimized build; 4 in a debug build; 8 under a sanitizer.
    static let frameScale: Int = {
        // A sanitizer's runtime exports its init function; ask the process for either.
        if dlsym(nil, "__asan_init") != nil || dlsym(nil, "__tsan_init") != nil {
            return 8
        }
        #if DEBUG
        return 4
        #else
        return 1
        #endif
    }()

    /// Runs `body` on a new thread whose stack has `size` bytes and returns its result.
    static func run<T: Sendable>(size: Int, _ body: @escaping @Sendable () -> T) -> T {
        let done = DispatchSemaphore(value: 0)
        let result = ResultBox<T>()
        let thread = Thread {
            result.value = body()
            done.signal()
        }
        thread.stackSize = size
        thread.start()
        done.wait()
        // The semaphore orders the thread's write before this read.
        return result.value!
    }
}

/// Carries a value out of the thread; written once before the semaphore is signalled.
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
