/// A run's allocation counting: the ``AllocationCounter`` its suite was given, if any, and
/// whether its counts are usable.
///
/// Counts are process-wide: measure on one thread while no other thread allocates.
struct AllocationCounting: Sendable {
    /// Why a run has no allocation counts.
    enum Absence: String, Codable, Sendable {
        /// The suite was given no counter: FormBenchKit alone interposes nothing.
        case notRequested
        /// The counter counts nothing here (compiled out under a sanitizer or off glibc), or
        /// does not see the Swift runtime's allocations.
        case unavailable

        /// What the reports say of it, after "allocation counting".
        var explanation: String {
            switch self {
            case .notRequested: return "off (not requested: pass FormBenchAllocationCounting's MallocCounter() to FormBenchSuite)"
            case .unavailable: return "unavailable (sanitizer build, or the Swift runtime's allocations unseen)"
            }
        }
    }

    private let counter: (any AllocationCounter)?
    /// Why there are no counts, or `nil` when there are.
    let absence: Absence?

    /// The counting `counter` gives; `nil`: none.
    init(_ counter: (any AllocationCounter)?) {
        self.counter = counter
        if let counter {
            absence = counter.isActive && Self.seesSwiftRuntimeAllocations(counter) ? nil : .unavailable
        } else {
            absence = .notRequested
        }
    }

    /// Whether counts are available.
    var isAvailable: Bool { absence == nil }

    /// What the progress log and the reports say of the counting, after "allocation counting".
    var summary: String { absence?.explanation ?? "on" }

    /// The counters at the start of a measured stretch.
    struct Mark {
        /// The counter, when its counts are available.
        private let counter: (any AllocationCounter)?
        private let allocations: UInt64
        private let liveBytes: Int64

        /// Starts a stretch: also restarts the high-water mark at the current live bytes.
        fileprivate init(_ counter: (any AllocationCounter)?) {
            self.counter = counter
            allocations = counter?.allocations ?? 0
            counter?.resetPeak()
            liveBytes = counter?.liveBytes ?? 0
        }

        /// Allocations since the mark, or `nil` when counts are unavailable.
        var allocationsSince: Int? {
            counter.map { Int($0.allocations - allocations) }
        }

        /// The most heap in use above the level at the mark, in bytes, or `nil` when counts
        /// are unavailable.
        var peakBytesSince: Int? {
            counter.map { Int(max(0, $0.peakBytes - liveBytes)) }
        }
    }

    /// Starts a measured stretch.
    func mark() -> Mark {
        Mark(isAvailable ? counter : nil)
    }

    /// Runs `body` with counting paused, so that threads allocating in parallel do not contend
    /// for the counters (which would slow them down); nothing `body` does is counted.
    func withCountingPaused<Result>(_ body: () throws -> Result) rethrows -> Result {
        counter?.setCounting(false)
        defer { counter?.setCounting(true) }
        return try body()
    }

    /// Whether a heap allocation made by the Swift runtime (from `libswiftCore`, not from this
    /// executable) is counted by `counter`.
    private static func seesSwiftRuntimeAllocations(_ counter: any AllocationCounter) -> Bool {
        let before = counter.allocations
        // A count the optimizer cannot know, so the string is really built on the heap.
        let probe = String(repeating: "x", count: 64 + Int(before % 2))
        return withExtendedLifetime(probe) { counter.allocations != before }
    }
}
