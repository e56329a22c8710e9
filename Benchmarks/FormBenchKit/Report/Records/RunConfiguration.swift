import FormBenchCore

/// What a run was asked to measure, as recorded in its results.
struct RunConfiguration: Codable, Sendable {
    /// Whether this was a `--quick` run.
    let quick: Bool
    /// Whether each sample read the next of K distinct inputs or one input over and over
    /// (`--repeated-input`). Files from before it was recorded lack it: they repeated one input.
    let inputMode: InputMode
    /// The bytes the distinct inputs of one payload size total at least, which decides K
    /// (`InputPlan.targetBytes`).
    let distinctInputBytes: Int
    /// The `--filter` substrings (empty: everything).
    let filters: [String]
    let sizes: [Int]
    let budgetSeconds: Double
    let minimumSamples: Int
    let targetSecondsPerMeasurement: Double
    /// The decoding contenders' sampling (`RunSettings.decodingSampling`).
    let decodingMinimumSamples: Int
    let decodingTargetSecondsPerMeasurement: Double
    let strategyLeaves: Int
    /// The catalog sizes of the parallel throughput (`RunSettings.parallelSizes`); files from
    /// before the decoder rows have `parallelLeaves`, the one size of their encoder rows.
    let parallelSizes: [Int]
    let parallelSeconds: Double
    /// The rounds each thread count's time was cut into (`RunSettings.parallelRounds`); files
    /// from before the rounds lack it.
    let parallelRounds: Int
    /// Whether allocations and peak heap were counted.
    let allocationCounting: Bool
    /// Why they were not, when they were not; `nil` when they were, and in files from before
    /// FormBenchKit counted only when asked (where only a sanitizer build did not count).
    let allocationCountingAbsence: AllocationCounting.Absence?

    init(settings: RunSettings, quick: Bool, filter: MeasurementFilter) {
        self.quick = quick
        inputMode = settings.inputMode
        distinctInputBytes = settings.inputs.targetBytes
        filters = filter.substrings
        sizes = settings.sizes
        budgetSeconds = settings.budgetSeconds
        minimumSamples = settings.sampling.minimumSamples
        targetSecondsPerMeasurement = settings.sampling.targetSeconds
        decodingMinimumSamples = settings.decodingSampling.minimumSamples
        decodingTargetSecondsPerMeasurement = settings.decodingSampling.targetSeconds
        strategyLeaves = settings.strategyLeaves
        parallelSizes = settings.parallelSizes
        parallelSeconds = settings.parallelSeconds
        parallelRounds = settings.parallelRounds
        allocationCounting = settings.allocationCounting.isAvailable
        allocationCountingAbsence = settings.allocationCounting.absence
    }
}
