import FormBenchCore

// The choices fuzz cases are made of. Every case is a pure function of its seed, so a reported
// seed replays exactly.
extension SplitMix64 {
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
