import Foundation

/// CPU time consumed, as opposed to wall-clock time: it does not count the time spent waiting
/// while other processes had the processor, which on a shared machine is most of the noise.
enum CPUClock {
    /// Seconds of CPU time the calling thread has used.
    static func thread() -> Double {
        seconds(of: CLOCK_THREAD_CPUTIME_ID)
    }

    /// Seconds of CPU time all threads of the process have used.
    static func process() -> Double {
        seconds(of: CLOCK_PROCESS_CPUTIME_ID)
    }

    private static func seconds(of clock: clockid_t) -> Double {
        var time = timespec()
        clock_gettime(clock, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }
}
