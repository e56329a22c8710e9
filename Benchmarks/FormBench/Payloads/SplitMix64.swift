/// SplitMix64 (Steele, Lea & Flood, 2014): a tiny seeded generator, so that every run and every
/// toolchain builds the same payloads.
///
/// It deliberately does not conform to `RandomNumberGenerator`: the standard library's
/// `random(in:using:)` algorithms may change between toolchains, and the payloads must not.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

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
