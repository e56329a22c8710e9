import Foundation

/// Runs `body` on a thread with a 64 MiB stack and returns its result.
///
/// Deeply nested values recurse through `Encodable` once per level, in any encoder. Test
/// runners execute tests on worker threads with small stacks, which sanitizers' larger frames
/// overflow; the deep-nesting tests pin the encoders' behaviour, not the runner's stack size.
func withLargeStack<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
    let done = DispatchSemaphore(value: 0)
    let result = ResultBox<T>()
    let thread = Thread {
        result.value = body()
        done.signal()
    }
    thread.stackSize = 64 << 20
    thread.start()
    done.wait()
    // The semaphore orders the thread's write before this read.
    return result.value!
}

/// Carries a value out of the thread; written once before the semaphore is signalled.
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
