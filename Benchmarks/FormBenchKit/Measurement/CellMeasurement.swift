import FormBenchCore

/// The measured figures of one contender on one payload.
struct CellMeasurement {
    /// Seconds per encode.
    let time: SampleStatistics
    /// Heap allocations per encode (median of the first samples), or `nil` when they cannot be
    /// counted.
    let allocations: Double?
    /// The most heap in use at once during an encode (median of the first samples), or `nil`.
    let peakHeapBytes: Double?
    /// The output of the warm-up encode, or `nil` for a contender that writes none.
    let output: [UInt8]?
    /// The CPU time of this contender's sample in each round of the interleaved sampling, `nil`
    /// in the rounds it sat out.
    let roundCPUSeconds: [Double?]

    /// The figures of `samples` (one per round, `nil` where none was taken); `nil` when no
    /// round has a sample. Allocations and peak heap are the medians of the first `counted`
    /// samples: distinct inputs allocate a little differently, and the samples a contender
    /// takes beyond its minimum depend on its speed, so the figures of every sample would move
    /// with the machine's load; the first ones read the same inputs in every run.
    init?(samples: [EncodeSample?], output: [UInt8]?, countingFirst counted: Int) {
        let taken = samples.compactMap { $0 }
        guard let time = SampleStatistics(taken.map(\.seconds)) else { return nil }
        self.time = time
        let first = taken.prefix(counted)
        allocations = SampleStatistics(first.compactMap { $0.allocations.map(Double.init) })?.median
        peakHeapBytes = SampleStatistics(first.compactMap { $0.peakHeapBytes.map(Double.init) })?.median
        self.output = output
        roundCPUSeconds = samples.map { $0?.cpuSeconds }
    }

    /// The median, over the rounds in which both were sampled, of this contender's CPU time
    /// divided by `other`'s. Samples taken back to back meet the same state of the machine, and
    /// CPU time leaves out the waits for the processor that other processes cause, so this
    /// ratio holds steady on a busy machine where a ratio of wall-clock medians drifts.
    func pairedRatio(to other: CellMeasurement) -> Double? {
        let ratios = zip(roundCPUSeconds, other.roundCPUSeconds).compactMap { mine, theirs -> Double? in
            guard let mine, let theirs, theirs > 0 else { return nil }
            return mine / theirs
        }
        return SampleStatistics(ratios)?.median
    }
}
