/// The outcome of comparing a run with a baseline.
public struct RegressionVerdict: Equatable, Sendable {
    /// The tolerated worsening, in percent.
    public let thresholdPercent: Double
    /// Every metric found in both runs, in the baseline's order.
    public let comparisons: [MetricComparison]
    /// Baseline metrics the current run did not measure (e.g. sizes a `--quick` run leaves out).
    public let unmatchedBaselineIDs: [String]
    /// Current metrics the baseline does not have (e.g. a contender added since it was
    /// recorded): reported as new, not judged, until the baseline is refreshed.
    public let newCurrentIDs: [String]
    /// The baseline's time ratios left unjudged because it was recorded on another processor
    /// or with the other input mode (see ``RegressionGate/evaluate(baseline:current:remeasured:timeRatiosComparable:)``).
    public let timeRatiosNotJudged: [String]

    /// The metrics that got worse by more than the threshold.
    public var regressions: [MetricComparison] {
        comparisons.filter(\.isRegression)
    }

    /// Whether the gate passes: something was compared and nothing regressed. A comparison of
    /// nothing fails, so that a gate that silently stopped matching metrics cannot pass.
    public var passed: Bool {
        !comparisons.isEmpty && regressions.isEmpty
    }

    public init(thresholdPercent: Double, comparisons: [MetricComparison], unmatchedBaselineIDs: [String],
                newCurrentIDs: [String] = [], timeRatiosNotJudged: [String] = []) {
        self.thresholdPercent = thresholdPercent
        self.comparisons = comparisons
        self.unmatchedBaselineIDs = unmatchedBaselineIDs
        self.newCurrentIDs = newCurrentIDs
        self.timeRatiosNotJudged = timeRatiosNotJudged
    }
}
