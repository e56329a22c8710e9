import FormBenchCore

// Payload sampling by the generator's bits alone: the standard library's `random(in:using:)`
// algorithms may change between toolchains, and the payloads must not.
extension SplitMix64 {
    /// A number in `range`, by multiply-and-shift (the tiny bias is irrelevant here).
    mutating func next(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next().multipliedFullWidth(by: span).high)
    }

    /// A random element of the non-empty `elements`.
    mutating func element<T>(of elements: [T]) -> T {
        elements[next(in: 0...elements.count - 1)]
    }

    /// True with probability `percent`/100.
    mutating func chance(percent: Int) -> Bool {
        next(in: 0...99) < percent
    }
}
