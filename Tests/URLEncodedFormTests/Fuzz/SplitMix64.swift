/// A tiny deterministic pseudo-random generator (Steele, Lea & Flood's SplitMix64).
///
/// Every fuzz case is a pure function of its 64-bit seed: the same seed gives the same options,
/// value and program on every platform and in every process, so a reported seed replays exactly.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True with probability `probability`.
    mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0 ..< 1, using: &self) < probability
    }

    /// A uniformly chosen element of a non-empty collection.
    mutating func pick<C: Collection>(_ elements: C) -> C.Element {
        elements.randomElement(using: &self)!
    }

    /// A count in `range`, biased towards its low end so that most structures stay small.
    mutating func smallCount(in range: ClosedRange<Int>) -> Int {
        let a = Int.random(in: range, using: &self)
        let b = Int.random(in: range, using: &self)
        return min(a, b)
    }

    /// Runs one of `choices`, chosen with probability proportional to its weight.
    mutating func weighted<T>(_ choices: [(weight: Int, make: (inout SplitMix64) -> T)]) -> T {
        var roll = Int.random(in: 0 ..< choices.reduce(0) { $0 + $1.weight }, using: &self)
        for choice in choices {
            if roll < choice.weight { return choice.make(&self) }
            roll -= choice.weight
        }
        preconditionFailure("weights are positive")
    }
}
