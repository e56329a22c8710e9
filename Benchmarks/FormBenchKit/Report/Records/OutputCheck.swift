/// The comparison of the outputs the contenders produced for one payload size.
struct OutputCheck: Codable, Sendable {
    let payload: PayloadKind
    let leaves: Int
    /// The contenders whose outputs were compared; the first of each dialect is the one the
    /// others of its dialect were compared with.
    let contenders: [String]
    /// Each contender's dialect (`OutputDialect`), in the same order; absent in runs from before
    /// there were two.
    var dialects: [String]?
    /// One sentence per output that differs from the first; empty when all are equal.
    let mismatches: [String]

    /// The contenders compared with each other, a group per dialect, in order.
    var groups: [[String]] {
        guard let dialects, dialects.count == contenders.count else { return [contenders] }
        var order: [String] = []
        var members: [String: [String]] = [:]
        for (contender, dialect) in zip(contenders, dialects) {
            if members[dialect] == nil { order.append(dialect) }
            members[dialect, default: []].append(contender)
        }
        return order.map { members[$0] ?? [] }
    }

    /// Whether all compared outputs are equal.
    var passed: Bool {
        mismatches.isEmpty
    }
}
