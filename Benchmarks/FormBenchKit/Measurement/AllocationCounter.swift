/// Counts the process's heap allocations, for the figures a run reports as allocations per
/// encode and peak heap, and for the gate's allocation metrics.
///
/// FormBenchKit has no counter of its own, because counting means replacing `malloc` and its
/// relatives for the whole process: every allocation of a program that links a counter updates
/// shared atomic counters, whether it measures or not, and threads that allocate in parallel
/// contend for them. A benchmark asks for counts instead: it links the
/// `FormBenchAllocationCounting` product and passes its `MallocCounter` to
/// ``FormBenchSuite/init(countingAllocationsWith:)``, as `formbench` does. Without one, the
/// report says that allocation counting is off, and those figures read `n/a`.
///
/// The counts are process-wide: formbench reads them around code that runs on one thread while
/// no other thread allocates.
public protocol AllocationCounter: Sendable {
    /// Whether this counter counts here. A counter that is compiled out (under a sanitizer,
    /// which replaces `malloc` itself, or off glibc) says `false`, and the run reports
    /// allocation counting as unavailable.
    var isActive: Bool { get }
    /// Blocks handed out since the process started.
    var allocations: UInt64 { get }
    /// Bytes in live blocks; formbench uses only differences of it.
    var liveBytes: Int64 { get }
    /// The highest ``liveBytes`` seen since the last ``resetPeak()``.
    var peakBytes: Int64 { get }
    /// Restarts ``peakBytes`` at the current ``liveBytes``.
    func resetPeak()
    /// Pauses (`false`) or resumes (`true`) counting: the parallel throughput pauses it, so
    /// that its threads do not contend for the counters and understate the speed-up.
    func setCounting(_ enabled: Bool)
}
