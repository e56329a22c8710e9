import FormBenchCore
extension SplitMix64 {
    /// A phrase of random length in `words`, of words from `pool` separated by spaces.
    mutating func phrase(words: ClosedRange<Int>, from pool: [String]) -> String {
        let count = next(in: words)
        return (0..<count).map { _ in element(of: pool) }.joined(separator: " ")
    }
}
