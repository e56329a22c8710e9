/// One gate metric as the baseline and the current run have it.
public struct MetricComparison: Equatable, Sendable {
    /// The metric's id.
    public let id: String
    /// What the metric measures.
    public let kind: GateMetric.Kind
    /// The baseline's value.
    public let baseline: Double
    /// The value judged: the current run's, or for a time ratio measured again, the lowest of
    /// its `measurements`.
    public let current: Double
    /// A time ratio's values in the order they were measured, the run's first, when the gate
    /// measured it again (see ``RegressionGate/evaluate(baseline:current:remeasured:timeRatiosComparable:)``); empty
    /// when it was measured once.
    public let measurements: [Double]
    /// Whether the judged value is worse than the baseline by more than the threshold.
    public let isRegression: Bool

    /// The change from the baseline in percent (positive is worse); infinite when the baseline
    /// is zero and the current value is not.
    public var changePercent: Double {
        if baseline == current { return 0 }
        return baseline == 0 ? .infinity : (current - baseline) / baseline * 100
    }

    public init(id: String, kind: GateMetric.Kind, baseline: Double, current: Double, measurements: [Double] = [],
                isRegression: Bool) {
        self.id = id
        self.kind = kind
        self.baseline = baseline
        self.current = current
        self.measurements = measurements
        self.isRegression = isRegression
    }
}
