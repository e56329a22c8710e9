import FormBenchCore

/// The measured figures of one contender on one payload.
struct CellMeasurement {
    /// Seconds per encode.
    let time: SampleStatistics
    /// Heap allocations per encode (median), or `nil` when they cannot be counted. Distinct
    /// inputs allocate a little differently (a catalog's records differ in number), so between
    /// runs that take different numbers of samples the median can move by about one allocation.
    let allocations: Double?
    /// The most heap in use at once during an encode (median over samples), or `nil`.
    let peakHeapBytes: Double?
    /// The output of the warm-up encode, or `nil` for a contender that writes none.
    let output: [UInt8]?
    /// The CPU time of this contender's sample in each round of the interleaved sampling, `nil`
    /// in the rounds it sat out.
    let roundCPUSeconds: [Double?]

    /// The figures of `samples` (one per round, `nil` where none was taken); `nil` when no
    /// round has a sample.
    init?(samples: [EncodeSample?], output: [UInt8]?) {
        let taken = samples.compactMap { $0 }
        guard let time = SampleStatistics(taken.map(\.seconds)) else { return nil }
        self.time = time
        allocations = SampleStatistics(taken.compactMap { $0.allocations.map(Double.init) })?.median
        peakHeapBytes = SampleStatistics(taken.compactMap { $0.peakHeapBytes.map(Double.init) })?.median
        self.output = output
        roundCPUSeconds = samples.map { $0?.cpuSeconds }
    }

    /// The median, over the rounds in which both were sampled, of this contender's CPU time
    /// divided by `other`'s. Samples taken back to back meet the same state of the machine, and
    /// CPU time leaves out the waits for the processor that other processes cause, so this
    /// ratio holds steady on a busy machine where a ratio of wall-clock medians drifts.
    func pairedRatio(to other: CellMeasurement) -> Double? {
        pairedRatio(toSumOf: [other])
    }

    /// The same over the rounds in which all were sampled, of this contender's CPU time divided
    /// by the sum of `others'` in the round (a contender's limit, `Contender.limit`).
    func pairedRatio(toSumOf others: [CellMeasurement]) -> Double? {
        let ratios = roundCPUSeconds.indices.compactMap { round -> Double? in
            guard let mine = roundCPUSeconds[round] else { return nil }
            var theirs = 0.0
            for other in others {
                guard round < other.roundCPUSeconds.count, let seconds = other.roundCPUSeconds[round] else { return nil }
                theirs += seconds
            }
            return theirs > 0 ? mine / theirs : nil
        }
        return SampleStatistics(ratios)?.median
    }
}
