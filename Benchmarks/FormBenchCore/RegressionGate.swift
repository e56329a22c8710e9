/// Compares the gate metrics of a run with those of a baseline run.
///
/// A metric regresses when its current value exceeds the baseline's by more than
/// `thresholdPercent` percent. A zero baseline tolerates nothing: any allocation where there
/// was none is a regression. Metrics are matched by id and kind; those only one side has are
/// not judged: the current run's are listed as new (a contender or payload the baseline
/// predates), the baseline's as not measured.
public struct RegressionGate: Equatable, Sendable {
    /// The tolerated worsening, in percent of the baseline value.
    public let thresholdPercent: Double

    public init(thresholdPercent: Double) {
        self.thresholdPercent = thresholdPercent
    }

    /// Judges `current` against `baseline`.
    ///
    /// `remeasured` holds the metrics of measurements repeated after a first verdict, in the
    /// order they were taken. A time ratio is judged on the lowest of its values: slower code is
    /// slower in every measurement, where a burst of load from another process on a shared
    /// machine, which can push one contender's ratio far past the threshold (Benchmarks/README,
    /// *The gate*), rarely lasts through several. Allocation counts are exact and judged on
    /// `current` alone.
    ///
    /// `timeRatiosComparable` is false when the baseline was recorded on another processor (or
    /// one not recorded), or read its inputs the other way (``TimeRatioMismatch``): its time
    /// ratios are then left out, listed in the verdict as not judged, and only allocation
    /// counts are compared: no processor changes them, and other inputs of the same shape
    /// change them little.
    public func evaluate(baseline: [GateMetric], current: [GateMetric], remeasured: [[GateMetric]] = [],
                         timeRatiosComparable: Bool = true) -> RegressionVerdict {
        let notJudged = timeRatiosComparable ? [] : baseline.filter { $0.kind == .timeRatio }.map(\.id)
        let baseline = timeRatiosComparable ? baseline : baseline.filter { $0.kind != .timeRatio }
        let current = timeRatiosComparable ? current : current.filter { $0.kind != .timeRatio }
        let currentByID = Dictionary(current.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        let repeats = remeasured.map { Dictionary($0.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last }) }
        let baselineKeys = Set(baseline.map { "\($0.kind) \($0.id)" })
        var comparisons: [MetricComparison] = []
        var unmatched: [String] = []
        for old in baseline {
            guard let new = currentByID[old.id], new.kind == old.kind else {
                unmatched.append(old.id)
                continue
            }
            let again = old.kind == .timeRatio ? repeats.compactMap { $0[old.id] }.filter { $0.kind == old.kind } : []
            let measurements = again.isEmpty ? [] : [new.value] + again.map(\.value)
            let judged = measurements.min() ?? new.value
            comparisons.append(MetricComparison(id: old.id, kind: old.kind, baseline: old.value, current: judged,
                                                measurements: measurements,
                                                isRegression: judged > old.value * (1 + thresholdPercent / 100)))
        }
        return RegressionVerdict(thresholdPercent: thresholdPercent, comparisons: comparisons,
                                 unmatchedBaselineIDs: unmatched,
                                 newCurrentIDs: current.filter { !baselineKeys.contains("\($0.kind) \($0.id)") }.map(\.id),
                                 timeRatiosNotJudged: notJudged)
    }
}
