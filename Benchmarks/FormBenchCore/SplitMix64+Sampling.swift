// Payload sampling by the generator's bits alone: the standard library's `random(in:using:)`
// algorithms may change between toolchains, and the payloads and their variants must not.
extension SplitMix64 {
    /// A number in `range`, by multiply-and-shift (the tiny bias is irrelevant here).
    public mutating func next(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next().multipliedFullWidth(by: span).high)
    }

    /// A random element of the non-empty `elements`.
    public mutating func element<T>(of elements: [T]) -> T {
        elements[next(in: 0...elements.count - 1)]
    }

    /// True with probability `percent`/100.
    public mutating func chance(percent: Int) -> Bool {
        next(in: 0...99) < percent
    }
}

extension SplitMix64 {
    /// `elements` in a random order (Fisher–Yates).
    public mutating func shuffled<T>(_ elements: [T]) -> [T] {
        var elements = elements
        for index in elements.indices.dropLast().reversed() {
            elements.swapAt(index, next(in: index...elements.count - 1))
        }
        return elements
    }
}
