import FormBenchCore
extension FuzzValue {
    /// A random root: mostly keyed (an object, a program or a dictionary), sometimes not, which
    /// both encoders must reject alike.
    static func randomRoot(using rng: inout SplitMix64) -> FuzzValue {
        rng.weighted([
            (40, { .object(pairs(depth: 3, keyedRoot: $0.chance(0.9), using: &$0)) }),
            (30, { .program(.random(depth: 2, keyedRoot: $0.chance(0.9), using: &$0)) }),
            (10, { .stringDictionary(stringDictionary(depth: 2, using: &$0)) }),
            (2, { .intDictionary(intDictionary(depth: 2, using: &$0)) }),
            (3, { .textDictionary(textDictionary(using: &$0)) }),
            (2, { .array(elements(depth: 2, using: &$0)) }),
            (1, { random(depth: 0, using: &$0) }),
            (1, { .contents(strings(using: &$0)) }),
        ])
    }

    /// A random value at most `depth` containers deep (0: a leaf or nil).
    static func random(depth: Int, using rng: inout SplitMix64) -> FuzzValue {
        var choices: [(weight: Int, make: (inout SplitMix64) -> FuzzValue)] = [
            (30, { .leaf(.random(using: &$0), $0.pick(FuzzRoute.allCases)) }),
            (5, { _ in .null }),
            (8, { .optional(.random(evenly: true, using: &$0), present: $0.chance(0.5), $0.pick(FuzzRoute.allCases)) }),
        ]
        if depth > 0 {
            choices += [
                (10, { .object(pairs(depth: depth - 1, keyedRoot: false, using: &$0)) }),
                (7, { .array(elements(depth: depth - 1, using: &$0)) }),
                (2, { .contents(strings(using: &$0)) }),
                (3, { .stringDictionary(stringDictionary(depth: depth - 1, using: &$0)) }),
                (2, { .intDictionary(intDictionary(depth: depth - 1, using: &$0)) }),
                (3, { .textDictionary(textDictionary(using: &$0)) }),
                (4, { .program(.random(depth: depth - 1, keyedRoot: false, using: &$0)) }),
            ]
        }
        return rng.weighted(choices)
    }

    /// Pairs whose keys come from a small pool, so that keys repeat. A `keyedRoot` has at least
    /// one pair and no index keys (which would make the root an array).
    private static func pairs(depth: Int, keyedRoot: Bool, using rng: inout SplitMix64) -> [(FuzzKey, FuzzValue)] {
        let keys = FuzzKey.pool(indices: !keyedRoot, using: &rng)
        return (0 ..< rng.smallCount(in: keyedRoot ? 1 ... 10 : 0 ... 8)).map { _ in (rng.pick(keys), random(depth: depth, using: &rng)) }
    }

    private static func elements(depth: Int, using rng: inout SplitMix64) -> [FuzzValue] {
        (0 ..< rng.smallCount(in: 0 ... 6)).map { _ in random(depth: depth, using: &rng) }
    }

    private static func strings(using rng: inout SplitMix64) -> [String] {
        if rng.chance(0.3) {
            // Sometimes past 16 elements, which sorts the level by introsort, in tied groups
            // that take several rounds.
            let count = rng.chance(0.15) ? rng.smallCount(in: 17 ... 48) : rng.smallCount(in: 2 ... 6)
            return FuzzStrings.family(using: &rng, count: count)
        }
        return (0 ..< rng.smallCount(in: 0 ... 4)).map { _ in FuzzStrings.value(using: &rng) }
    }

    /// Keys are often numeric-looking (`"0"`, `"007"`), which Swift turns into indices.
    private static func stringDictionary(depth: Int, using rng: inout SplitMix64) -> [String: FuzzValue] {
        var dictionary: [String: FuzzValue] = [:]
        for _ in 0 ..< rng.smallCount(in: 0 ... 5) {
            let key = rng.chance(0.3) ? rng.pick(FuzzStrings.numeric) : FuzzStrings.key(using: &rng)
            dictionary[key] = random(depth: depth, using: &rng)
        }
        return dictionary
    }

    /// Sometimes past the optimized encoder's 32-child index threshold, which its keys then
    /// pass without a lookup, leaving the object's index to be built at its next lookup.
    private static func textDictionary(using rng: inout SplitMix64) -> [String: String] {
        var dictionary: [String: String] = [:]
        let isWide = rng.chance(0.15)
        for position in 0 ..< (isWide ? rng.smallCount(in: 33 ... 48) : rng.smallCount(in: 0 ... 6)) {
            let key = rng.chance(0.3) ? rng.pick(FuzzStrings.numeric) : FuzzStrings.key(using: &rng)
            // A wide one's keys numbered, so that most of them differ.
            dictionary[isWide ? key + String(position) : key] = FuzzStrings.value(using: &rng)
        }
        return dictionary
    }

    private static func intDictionary(depth: Int, using rng: inout SplitMix64) -> [Int: FuzzValue] {
        var dictionary: [Int: FuzzValue] = [:]
        for _ in 0 ..< rng.smallCount(in: 0 ... 5) {
            let key = rng.chance(0.9) ? Int.random(in: 0 ... 4, using: &rng) : rng.pick([-1, 7, Int.max])
            dictionary[key] = random(depth: depth, using: &rng)
        }
        return dictionary
    }
}
