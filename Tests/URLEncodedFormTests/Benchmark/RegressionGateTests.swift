import FormBenchCore
import Foundation
import Testing

/// The benchmark's regression gate must be able to fail: these feed it synthetic runs.
@Suite("Regression gate")
struct RegressionGateTests {
    private let gate = RegressionGate(thresholdPercent: 10)

    private let baseline = [
        GateMetric(id: "catalog N=1000: optimized allocations per encode", kind: .allocations, value: 800),
        GateMetric(id: "catalog N=1000: optimized ÷ walk-floor CPU time", kind: .timeRatio, value: 6),
        GateMetric(id: "catalog N=1000: optimized ÷ reference CPU time", kind: .timeRatio, value: 0.03),
    ]

    /// The baseline with the metric `id` changed to `value`.
    private func baseline(with id: String, changedTo value: Double) -> [GateMetric] {
        baseline.map { $0.id == id ? GateMetric(id: $0.id, kind: $0.kind, value: value) : $0 }
    }

    @Test("more allocations beyond the threshold fail")
    func allocationRegressionFails() {
        let current = baseline(with: "catalog N=1000: optimized allocations per encode", changedTo: 1_000)
        let verdict = gate.evaluate(baseline: baseline, current: current)
        #expect(!verdict.passed)
        #expect(verdict.regressions.map(\.id) == ["catalog N=1000: optimized allocations per encode"])
        #expect(verdict.regressions.first?.changePercent == 25)
    }

    @Test("a time ratio up beyond the threshold fails")
    func ratioRegressionFails() {
        let current = baseline(with: "catalog N=1000: optimized ÷ walk-floor CPU time", changedTo: 7.2)
        let verdict = gate.evaluate(baseline: baseline, current: current)
        #expect(!verdict.passed)
        #expect(verdict.regressions.map(\.kind) == [.timeRatio])
    }

    @Test("allocations and a ratio up together both count")
    func combinedRegressionFails() {
        let current = baseline(with: "catalog N=1000: optimized allocations per encode", changedTo: 900)
            .map { $0.kind == .timeRatio ? GateMetric(id: $0.id, kind: $0.kind, value: $0.value * 1.5) : $0 }
        let verdict = gate.evaluate(baseline: baseline, current: current)
        #expect(!verdict.passed)
        #expect(verdict.regressions.count == 3)
    }

    @Test("changes within the threshold, and improvements, pass")
    func withinThresholdPasses() {
        let current = [
            GateMetric(id: "catalog N=1000: optimized allocations per encode", kind: .allocations, value: 860),
            GateMetric(id: "catalog N=1000: optimized ÷ walk-floor CPU time", kind: .timeRatio, value: 6.5),
            GateMetric(id: "catalog N=1000: optimized ÷ reference CPU time", kind: .timeRatio, value: 0.01),
        ]
        let verdict = gate.evaluate(baseline: baseline, current: current)
        #expect(verdict.passed)
        #expect(verdict.comparisons.count == 3)
        #expect(verdict.regressions.isEmpty)
    }

    @Test("the threshold itself is tolerated, a hair beyond is not")
    func thresholdBoundary() {
        let id = "catalog N=1000: optimized allocations per encode"
        #expect(gate.evaluate(baseline: baseline, current: baseline(with: id, changedTo: 880)).passed)
        #expect(!gate.evaluate(baseline: baseline, current: baseline(with: id, changedTo: 881)).passed)
    }

    @Test("any allocation where the baseline had none is a regression")
    func zeroBaselineToleratesNothing() {
        let zero = [GateMetric(id: "wide N=100: optimized allocations per encode", kind: .allocations, value: 0)]
        let one = [GateMetric(id: "wide N=100: optimized allocations per encode", kind: .allocations, value: 1)]
        let verdict = gate.evaluate(baseline: zero, current: one)
        #expect(!verdict.passed)
        #expect(verdict.regressions.first?.changePercent == .infinity)
        #expect(gate.evaluate(baseline: zero, current: zero).passed)
    }

    @Test("metrics only one run has are not judged, but comparing nothing fails")
    func unmatchedMetrics() {
        let quick = Array(baseline.prefix(1))
        let partial = gate.evaluate(baseline: baseline, current: quick)
        #expect(partial.passed)
        #expect(partial.unmatchedBaselineIDs.count == 2)

        let nothing = gate.evaluate(baseline: baseline, current: [])
        #expect(!nothing.passed)
        #expect(nothing.comparisons.isEmpty)
    }

    @Test("metrics the baseline lacks are listed as new and not judged")
    func newMetricsAreListed() {
        let decoder = GateMetric(id: "webhook N=20: decoder allocations per decode", kind: .allocations, value: 1_000)
        let verdict = gate.evaluate(baseline: baseline, current: baseline + [decoder])
        #expect(verdict.passed)
        #expect(verdict.comparisons.count == baseline.count)
        #expect(verdict.newCurrentIDs == [decoder.id])
        #expect(gate.evaluate(baseline: baseline, current: baseline).newCurrentIDs.isEmpty)

        // A metric whose kind changed is new on the current side, and unmatched on the baseline's.
        let changed = GateMetric(id: baseline[0].id, kind: .timeRatio, value: 1)
        let mixed = gate.evaluate(baseline: baseline, current: [changed] + baseline.dropFirst())
        #expect(mixed.newCurrentIDs == [changed.id])
        #expect(mixed.unmatchedBaselineIDs == [baseline[0].id])
    }

    private let walkFloorRatio = "catalog N=1000: optimized ÷ walk-floor CPU time"

    /// The verdict on a run whose walk-floor ratio (×6 in the baseline) came out at `first`,
    /// then at each of `again` when measured again.
    private func verdict(walkFloorRatio first: Double, remeasured again: [Double]) -> RegressionVerdict {
        gate.evaluate(baseline: baseline, current: baseline(with: walkFloorRatio, changedTo: first),
                      remeasured: again.map { [GateMetric(id: walkFloorRatio, kind: .timeRatio, value: $0)] })
    }

    @Test("a time ratio beyond the threshold that measures within it again passes, judged on its lowest value")
    func remeasuredRatioWithinThresholdPasses() {
        let verdict = verdict(walkFloorRatio: 9, remeasured: [7, 6.3])
        #expect(verdict.passed)
        let comparison = verdict.comparisons.first { $0.id == walkFloorRatio }
        #expect(comparison?.current == 6.3)
        #expect(comparison?.measurements == [9, 7, 6.3])
        #expect(verdict.comparisons.filter { $0.id != walkFloorRatio }.allSatisfy { $0.measurements.isEmpty })
    }

    @Test("a time ratio beyond the threshold in every measurement fails")
    func ratioBeyondThresholdEveryTimeFails() {
        let verdict = verdict(walkFloorRatio: 9, remeasured: [7.2, 8])
        #expect(!verdict.passed)
        #expect(verdict.regressions.map(\.current) == [7.2])
    }

    @Test("allocations are judged on the run's count, whatever a repeated measurement says")
    func allocationsAreNotRemeasured() {
        let id = "catalog N=1000: optimized allocations per encode"
        let verdict = gate.evaluate(baseline: baseline, current: baseline(with: id, changedTo: 1_000),
                                    remeasured: [[GateMetric(id: id, kind: .allocations, value: 800)]])
        #expect(!verdict.passed)
        #expect(verdict.regressions.map(\.id) == [id])
        #expect(verdict.regressions.first?.measurements == [])
    }

    @Test("against another processor's baseline time ratios are listed as not judged, allocations still are")
    func anotherProcessorsTimeRatiosAreNotJudged() {
        // The ratio 52% up is what a move from one processor to another did on unchanged code.
        let slower = baseline(with: walkFloorRatio, changedTo: 9.12)
        let elsewhere = gate.evaluate(baseline: baseline, current: slower, timeRatiosComparable: false)
        #expect(elsewhere.passed)
        #expect(elsewhere.comparisons.map(\.kind) == [.allocations])
        #expect(elsewhere.timeRatiosNotJudged == baseline.filter { $0.kind == .timeRatio }.map(\.id))
        #expect(!gate.evaluate(baseline: baseline, current: slower).passed)

        let moreAllocations = baseline(with: "catalog N=1000: optimized allocations per encode", changedTo: 1_000)
        #expect(!gate.evaluate(baseline: baseline, current: moreAllocations, timeRatiosComparable: false).passed)
        // A baseline of time ratios alone leaves nothing to judge elsewhere: that fails.
        let ratiosOnly = baseline.filter { $0.kind == .timeRatio }
        #expect(!gate.evaluate(baseline: ratiosOnly, current: ratiosOnly, timeRatiosComparable: false).passed)
    }

    @Test("a processor is told apart by its model, family, stepping and caches, read from /proc/cpuinfo and /sys")
    func processorIdentityReadsCPUInfo() {
        let cpuinfo = """
            processor\t: 0
            vendor_id\t: AuthenticAMD
            cpu family\t: 26
            model\t\t: 2
            model name\t: AMD EPYC
            stepping\t: 1
            flags\t\t: fpu vme

            processor\t: 1
            vendor_id\t: GenuineIntel
            model name\t: other
            """
        let caches = [ProcessorIdentity.Cache(level: "2", type: "Unified", size: "1024K"),
                      ProcessorIdentity.Cache(level: "1", type: "Data", size: "48K"),
                      ProcessorIdentity.Cache(level: "1", type: "Instruction", size: "32K"),
                      ProcessorIdentity.Cache(level: "3", type: "Unified", size: "32768K")]
        let epyc = ProcessorIdentity(cpuinfo: cpuinfo, caches: caches)
        #expect(epyc == ProcessorIdentity(vendor: "AuthenticAMD", modelName: "AMD EPYC", family: "26", model: "2",
                                          stepping: "1", caches: ["L1d 48K", "L1i 32K", "L2 1024K", "L3 32768K"]))
        #expect(epyc.description == "AMD EPYC (AuthenticAMD family 26 model 2 stepping 1; L1d 48K, L1i 32K, L2 1024K, L3 32768K)")
        // Named alike by a virtual machine, told apart by the model number or the caches.
        #expect(epyc != ProcessorIdentity(cpuinfo: cpuinfo.replacingOccurrences(of: "model\t\t: 2", with: "model\t\t: 17"),
                                          caches: caches))
        #expect(epyc != ProcessorIdentity(cpuinfo: cpuinfo, caches: Array(caches.dropLast())))
        let bare = ProcessorIdentity(cpuinfo: "", caches: [])
        #expect(bare.modelName == "unknown" && bare.caches.isEmpty)
    }

    @Test("a metric whose kind changed is not compared")
    func kindMismatchIsUnmatched() {
        let current = baseline.map { GateMetric(id: $0.id, kind: $0.kind == .allocations ? .timeRatio : .allocations, value: $0.value) }
        let verdict = gate.evaluate(baseline: baseline, current: current)
        #expect(verdict.comparisons.isEmpty)
        #expect(!verdict.passed)
    }
}
