/// SplitMix64 (Steele, Lea & Flood, 2014): a tiny seeded generator. The same seed gives the same
/// numbers on every platform, toolchain and process, so generated payloads and fuzz cases are
/// pure functions of their seeds.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension SplitMix64 {
    /// The generator of variant `variant` of the numbers `seed` gives: variant 0 is
    /// `init(seed:)` itself; every other starts from a state mixed from the seed and the
    /// variant. (Seeds a few steps apart would not do: SplitMix64's state advances by a constant,
    /// so seed + k × that constant gives the same numbers shifted by k.)
    public init(seed: UInt64, variant: Int) {
        guard variant != 0 else {
            self.init(seed: seed)
            return
        }
        var mixer = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: variant) &* 0xD1B5_4A32_D192_ED03))
        self.init(seed: mixer.next())
    }
}
