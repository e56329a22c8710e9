/// The summary of repeated measurements of one quantity: the median as the typical value, and
/// the extremes as the spread.
public struct SampleStatistics: Equatable, Sendable, Codable {
    /// The middle sample (the mean of the two middle ones for an even count).
    public let median: Double
    /// The smallest sample.
    public let minimum: Double
    /// The largest sample.
    public let maximum: Double
    /// How many samples there were.
    public let count: Int

    /// Summarizes `samples`; `nil` when there are none.
    public init?(_ samples: [Double]) {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        median = sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
        minimum = sorted[0]
        maximum = sorted[sorted.count - 1]
        count = sorted.count
    }
}
