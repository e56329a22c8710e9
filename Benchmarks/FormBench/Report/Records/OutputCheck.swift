/// The comparison of the outputs the contenders produced for one payload size.
struct OutputCheck: Codable, Sendable {
    let payload: PayloadKind
    let leaves: Int
    /// The contenders whose outputs were compared; the first is the one all were compared with.
    let contenders: [String]
    /// One sentence per output that differs from the first; empty when all are equal.
    let mismatches: [String]

    /// Whether all compared outputs are equal.
    var passed: Bool {
        mismatches.isEmpty
    }
}
