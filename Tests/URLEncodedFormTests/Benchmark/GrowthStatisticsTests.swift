import FormBenchCore
import Testing

/// The statistics, growth and budget helpers the benchmark's figures and skips rest on.
@Suite("Benchmark statistics and growth")
struct GrowthStatisticsTests {
    @Test("median, minimum and maximum of odd and even counts")
    func sampleStatistics() throws {
        let odd = try #require(SampleStatistics([5, 1, 3]))
        #expect(odd.median == 3)
        #expect(odd.minimum == 1)
        #expect(odd.maximum == 5)
        #expect(odd.count == 3)
        let even = try #require(SampleStatistics([4, 1, 3, 2]))
        #expect(even.median == 2.5)
        #expect(SampleStatistics([]) == nil)
    }

    @Test("the exponent of linear and quadratic growth")
    func growthExponent() throws {
        let linear = try #require(GrowthExponent(from: TimedSize(size: 100, seconds: 1), to: TimedSize(size: 1_000, seconds: 10)))
        #expect(abs(linear.value - 1) < 1e-12)
        let quadratic = try #require(GrowthExponent(from: TimedSize(size: 1_000, seconds: 0.5), to: TimedSize(size: 10_000, seconds: 50)))
        #expect(abs(quadratic.value - 2) < 1e-12)
        #expect(abs(quadratic.extrapolate(from: TimedSize(size: 10_000, seconds: 50), to: 100_000) - 5_000) < 1e-6)
    }

    @Test("no exponent between equal sizes or from a zero time")
    func undefinedGrowth() {
        #expect(GrowthExponent(from: TimedSize(size: 100, seconds: 1), to: TimedSize(size: 100, seconds: 2)) == nil)
        #expect(GrowthExponent(from: TimedSize(size: 100, seconds: 0), to: TimedSize(size: 1_000, seconds: 2)) == nil)
    }

    @Test("the budget measures what fits and skips what is projected beyond it")
    func budgetPolicy() {
        let policy = BudgetPolicy(budgetSeconds: 20, encodesPerMeasurement: 4)
        #expect(policy.decision(for: 100, after: []) == .measure(projectedSeconds: nil))
        // One point: linear, 0.1 s × 10 × 4 encodes = 4 s.
        let one = [TimedSize(size: 1_000, seconds: 0.1)]
        guard case let .measure(projected?) = policy.decision(for: 10_000, after: one) else {
            Issue.record("expected a measurement")
            return
        }
        #expect(abs(projected - 4) < 1e-9)
        // Quadratic growth seen: 1 s at 10⁴ becomes 100 s per encode at 10⁵, far over 20 s.
        let quadratic = [TimedSize(size: 1_000, seconds: 0.01), TimedSize(size: 10_000, seconds: 1)]
        guard case let .skip(skipped) = policy.decision(for: 100_000, after: quadratic) else {
            Issue.record("expected a skip")
            return
        }
        #expect(abs(skipped - 400) < 1e-6)
    }

    @Test("sub-linear noise is projected as linear")
    func sublinearClampedToLinear() {
        // 0.02 s → 0.05 s over ×10 in size is an exponent of 0.4; projecting with 1 gives 0.5 s.
        let policy = BudgetPolicy(budgetSeconds: 0.4, encodesPerMeasurement: 1)
        let noisy = [TimedSize(size: 100, seconds: 0.02), TimedSize(size: 1_000, seconds: 0.05)]
        guard case let .skip(projected) = policy.decision(for: 10_000, after: noisy) else {
            Issue.record("expected a skip")
            return
        }
        #expect(abs(projected - 0.5) < 1e-9)
    }
}
