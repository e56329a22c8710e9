import FormBenchCore

/// The sizes, sampling, inputs and budgets of one run.
struct RunSettings: Sendable {
    /// The payload sizes (leaves), increasing.
    var sizes: [Int]
    /// How each scaling and strategy measurement samples.
    var sampling: SamplingPlan
    /// How the decoding contenders sample: as the encoders in the full run; in the quick run
    /// for less time, with enough back-to-back pairs for the gate's ratios, so that the
    /// decoding side adds only a few seconds to CI.
    var decodingSampling: SamplingPlan
    /// The most time one contender may spend at one size, in seconds.
    var budgetSeconds: Double
    /// The catalog size the option strategies are measured at.
    var strategyLeaves: Int
    /// The catalog sizes the parallel throughput is measured at, increasing: the shared encoder
    /// encodes the catalog and the shared decoder decodes it at each, and decodes the webhook
    /// at its one size. The full run: 100 leaves (a few records, a typical form) and 10⁴; the
    /// quick run: 100 and 10³.
    var parallelSizes: [Int]
    /// How long each thread count of each size runs, in all.
    var parallelSeconds: Double
    /// The rounds that time is cut into, the thread counts taking turns
    /// (`ParallelSuite`): five in the full run, two in the quick one.
    var parallelRounds: Int
    /// The size request rounds are measured at: one catalog record, a typical request.
    var requestLeaves = 16
    /// The copies of a sample measured (`--replicate`): the sample alone unless asked.
    var copies = [1]
    /// The allocation counter the suite was given: none unless asked.
    var allocationCounting = AllocationCounting(nil)
    /// Whether each sample reads the next of K distinct inputs (the default) or one input over
    /// and over (`--repeated-input`).
    var inputMode = InputMode.distinct
    /// The L2 cache of this machine's processor, which decides K; `nil`: unknown.
    var l2CacheBytes: Int?

    /// How many inputs a measurement reads, and which in each sample.
    var inputs: InputPlan {
        InputPlan(mode: inputMode, l2CacheBytes: l2CacheBytes,
                  maximumInputs: max(sampling.maximumSamples, decodingSampling.maximumSamples))
    }

    /// The copies `--replicate n` measures: 1, then every power of ten below `n`, then `n`.
    static func copies(upTo n: Int) -> [Int] {
        var copies = [1]
        var power = 10
        while power < n {
            copies.append(power)
            power *= 10
        }
        return n > 1 ? copies + [n] : copies
    }

    /// The full run: one catalog record (a small form, 16 leaves), then 10² to 10⁶ leaves,
    /// about 4 minutes on 2 cores.
    static let full = RunSettings(sizes: [16, 100, 1_000, 10_000, 100_000, 1_000_000],
                                  sampling: SamplingPlan(minimumSamples: 3, maximumSamples: 1_000, targetSeconds: 1),
                                  decodingSampling: SamplingPlan(minimumSamples: 3, maximumSamples: 1_000, targetSeconds: 1),
                                  budgetSeconds: 30, strategyLeaves: 10_000,
                                  parallelSizes: [100, 10_000], parallelSeconds: 2, parallelRounds: 5)

    /// The CI smoke run: small sizes, short sampling, about 15 seconds.
    static let quick = RunSettings(sizes: [100, 1_000],
                                   sampling: SamplingPlan(minimumSamples: 5, maximumSamples: 1_000, targetSeconds: 0.5),
                                   decodingSampling: SamplingPlan(minimumSamples: 15, maximumSamples: 1_000, targetSeconds: 0.08),
                                   budgetSeconds: 2, strategyLeaves: 1_000,
                                   parallelSizes: [100, 1_000], parallelSeconds: 0.25, parallelRounds: 2)
}
