import FormBenchCore

/// The gate's verdict as text: a table of every compared metric and a closing line.
enum RegressionReport {
    /// `mismatches` are the reasons the baseline's time ratios were not judged, if any.
    static func render(_ verdict: RegressionVerdict, baselinePath: String, mismatches: [TimeRatioMismatch] = []) -> String {
        var table = Table(title: "regression gate — against \(baselinePath), threshold \(Format.decimal(verdict.thresholdPercent, digits: 1))%",
                          columns: [.left("metric"), .right("baseline"), .right("current"), .right("change"), .left("verdict")])
        for comparison in verdict.comparisons {
            table.rows.append(.cells([
                comparison.id, value(comparison.baseline, comparison.kind), value(comparison.current, comparison.kind),
                change(comparison.changePercent), comparison.isRegression ? "REGRESSION" : "ok",
            ]))
        }
        var lines = [ConsoleReport.render(table)]
        let remeasured = verdict.comparisons.filter { !$0.measurements.isEmpty }
        if !remeasured.isEmpty {
            lines.append("Measured again, beyond the threshold the first time (judged on the lowest value):")
            lines += remeasured.map { comparison in
                "  \(comparison.id): " + comparison.measurements.map { value($0, comparison.kind) }.joined(separator: ", then ")
            }
        }
        if !verdict.unmatchedBaselineIDs.isEmpty {
            lines.append("\(verdict.unmatchedBaselineIDs.count) baseline metrics not measured in this run (other sizes or filtered out).")
        }
        if !verdict.newCurrentIDs.isEmpty {
            lines.append("\(verdict.newCurrentIDs.count) metrics new in this run, not judged (absent from the baseline; refresh it to gate them):")
            lines += verdict.newCurrentIDs.map { "  new: \($0)" }
        }
        for mismatch in mismatches {
            switch mismatch {
            case let .otherProcessor(processor):
                lines.append("ANOTHER PROCESSOR: \(baselinePath) was recorded on \(processor?.description ?? "not recorded"). "
                    + "Time ratios move between processors on unchanged code, so its \(verdict.timeRatiosNotJudged.count) time "
                    + "ratios are NOT judged; allocation counts are. To judge time, measure the baseline's commit on this machine "
                    + "(.ci/gate does) or record a baseline here.")
            case let .otherInputMode(baseline, current):
                lines.append("ANOTHER INPUT MODE: \(baselinePath) read \(Self.inputs(baseline)), this run \(Self.inputs(current)). "
                    + "One input repeated trains the branch predictor and the caches, which moves time ratios on unchanged code, "
                    + "so its \(verdict.timeRatiosNotJudged.count) time ratios are NOT judged; allocation counts are. To judge "
                    + "time, run in the baseline's mode (\(baseline == .repeated ? "with" : "without") --repeated-input).")
            }
        }
        let regressions = verdict.regressions.count
        if verdict.comparisons.isEmpty {
            lines.append("gate: FAILED — no metric of the baseline was measured in this run (is the optimized contender filtered out?)")
        } else if regressions > 0 {
            lines.append("gate: FAILED — \(regressions) of \(verdict.comparisons.count) metrics regressed beyond the threshold")
        } else {
            lines.append("gate: passed — \(verdict.comparisons.count) metrics within the threshold")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// How an input mode reads in the report.
    private static func inputs(_ mode: InputMode) -> String {
        mode == .distinct ? "distinct inputs" : "one input repeated"
    }

    private static func value(_ value: Double, _ kind: GateMetric.Kind) -> String {
        kind == .allocations ? Format.count(value) : Format.ratio(value)
    }

    private static func change(_ percent: Double) -> String {
        percent.isFinite ? (percent > 0 ? "+" : "") + Format.decimal(percent, digits: 1) + "%" : "+∞"
    }
}
