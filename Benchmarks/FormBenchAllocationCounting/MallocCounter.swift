import CMallocCounter
import FormBenchKit

/// Counts heap allocations by replacing `malloc` and its relatives (`Sources/CMallocCounter`),
/// for a benchmark that wants FormBenchKit's allocation and peak heap figures:
/// `FormBenchSuite(countingAllocationsWith: MallocCounter())`.
///
/// Linking this module is what installs the replacement, for the whole process and whether a
/// `MallocCounter` is made or not: every allocation then updates shared atomic counters, a
/// little slower, and threads that allocate in parallel contend for them. That is why it is a
/// product of its own, which FormBenchKit does not link: add it to a benchmark executable that
/// asks for counts, and to nothing that ships.
///
/// It counts on Linux with glibc; under AddressSanitizer or ThreadSanitizer (which replace
/// `malloc` themselves) and elsewhere it is compiled out, ``isActive`` is `false`, and the
/// report says that allocation counting is unavailable.
public struct MallocCounter: AllocationCounter {
    /// The counter of this process.
    public init() {}

    /// Whether the replacement is compiled in (`cmc_is_active()`).
    public var isActive: Bool { cmc_is_active() != 0 }
    /// Blocks handed out since the process started (`cmc_allocations()`).
    public var allocations: UInt64 { cmc_allocations() }
    /// Bytes in live blocks, by `malloc_usable_size` (`cmc_live_bytes()`).
    public var liveBytes: Int64 { cmc_live_bytes() }
    /// The high-water mark of ``liveBytes`` (`cmc_peak_bytes()`).
    public var peakBytes: Int64 { cmc_peak_bytes() }

    /// Restarts ``peakBytes`` at ``liveBytes`` (`cmc_reset_peak()`).
    public func resetPeak() {
        cmc_reset_peak()
    }

    /// Pauses or resumes the counters' updates (`cmc_set_counting(_:)`).
    public func setCounting(_ enabled: Bool) {
        cmc_set_counting(enabled ? 1 : 0)
    }
}
