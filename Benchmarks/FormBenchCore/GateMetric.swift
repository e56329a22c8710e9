/// One figure the regression gate watches; for every metric, lower is better.
///
/// Only figures that do not drift with machine noise are gated: allocation counts, and ratios
/// of two times measured in the same run (which cancel the machine's speed).
public struct GateMetric: Equatable, Sendable, Codable {
    /// What the value measures.
    public enum Kind: String, Equatable, Sendable, Codable {
        /// Heap allocations per encode.
        case allocations
        /// One contender's median time divided by another's, measured in the same run.
        case timeRatio
    }

    /// A stable name that matches the same metric across runs, e.g.
    /// `catalog N=1000: optimized ÷ walk-floor`.
    public let id: String
    /// What the value measures.
    public let kind: Kind
    /// The measured value.
    public let value: Double

    public init(id: String, kind: Kind, value: Double) {
        self.id = id
        self.kind = kind
        self.value = value
    }
}
