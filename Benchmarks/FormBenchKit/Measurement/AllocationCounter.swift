import CMallocCounter

/// The heap activity of the process, as the `CMallocCounter` interposer counts it.
///
/// Counts are process-wide: measure on one thread while no other thread allocates.
enum AllocationCounter {
    /// Whether counts are available: the interposer is compiled in (it is not under
    /// sanitizers) and sees the Swift runtime's allocations.
    static let isAvailable: Bool = cmc_is_active() != 0 && seesSwiftRuntimeAllocations()

    /// The counters at the start of a measured stretch.
    struct Mark {
        private let allocations = cmc_allocations()
        private let liveBytes: Int64

        /// Starts a stretch: also restarts the high-water mark at the current live bytes.
        init() {
            cmc_reset_peak()
            liveBytes = cmc_live_bytes()
        }

        /// Allocations since the mark, or `nil` when counts are unavailable.
        var allocationsSince: Int? {
            AllocationCounter.isAvailable ? Int(cmc_allocations() - allocations) : nil
        }

        /// The most heap in use above the level at the mark, in bytes, or `nil` when counts
        /// are unavailable.
        var peakBytesSince: Int? {
            AllocationCounter.isAvailable ? Int(max(0, cmc_peak_bytes() - liveBytes)) : nil
        }
    }

    /// Runs `body` with counting paused, so that threads allocating in parallel do not contend
    /// for the counters (which would slow them down); nothing `body` does is counted.
    static func withCountingPaused<Result>(_ body: () throws -> Result) rethrows -> Result {
        cmc_set_counting(0)
        defer { cmc_set_counting(1) }
        return try body()
    }

    /// Whether a heap allocation made by the Swift runtime (from `libswiftCore`, not from this
    /// executable) goes through the interposed `malloc`.
    private static func seesSwiftRuntimeAllocations() -> Bool {
        let before = cmc_allocations()
        // A count the optimizer cannot know, so the string is really built on the heap.
        let probe = String(repeating: "x", count: 64 + Int(before % 2))
        return withExtendedLifetime(probe) { cmc_allocations() != before }
    }
}
