import FormBenchCore
import Foundation

extension FuzzParameter {
    /// Random top-level parameters: mostly a few values of every kind nested up to four levels
    /// below the top (five keys deep); sometimes a flat form of many scalars, dense in number
    /// traps; sometimes chains of containers down to the fifth level, which small depth limits
    /// stop; sometimes only empty containers (which write no pair, so that the query-merge rules
    /// meet an empty query); sometimes none at all. Keys come from a small per-case pool of
    /// hostile keys, often with two canonically equivalent spellings of one key (which only
    /// different dictionaries can hold both of), so that keys recur at several levels.
    ///
    /// Top-level keys are ones Swift's `<` orders among themselves (see `isOrdered(_:among:)`),
    /// except, `withUnorderedKeys`, in a fifth of the cases that have any: then a family of keys
    /// `<` cannot order (`FuzzStrings.unorderedKeys`) joins them, with leaves, and in half of
    /// those the dictionary gets spare capacity. Alamofire sorts the `[String: Any]` its
    /// `query(_:)` is handed, a copy of the caller's dictionary laid out for its count: with spare
    /// capacity the caller's own layout is another even under `SWIFT_DETERMINISTIC_HASHING`, so a
    /// module that sorted the caller's dictionary would put such keys another way round.
    static func randomParameters(withUnorderedKeys: Bool, using rng: inout SplitMix64) -> [String: FuzzParameter] {
        var parameters = randomParameters(using: &rng)
        if withUnorderedKeys, !parameters.isEmpty, rng.chance(0.2) {
            for key in FuzzStrings.unorderedKeys(using: &rng) where parameters[key] == nil {
                parameters[key] = scalar(using: &rng)
            }
            if rng.chance(0.5) {
                parameters.reserveCapacity(parameters.count * Int.random(in: 2 ... 8, using: &rng))
            }
        }
        return parameters
    }

    /// Random top-level parameters of keys `<` orders among themselves (AFNetworking's cases
    /// take these too).
    static func randomParameters(using rng: inout SplitMix64) -> [String: FuzzParameter] {
        let keys = FuzzKey.pool(indices: false, using: &rng).map(\.stringValue)
        return rng.weighted([
            (2, { _ in [:] }),
            (3, { rng in entries(count: rng.smallCount(in: 1 ... 3), keys: keys, topLevel: true, using: &rng) { emptyContainer(depth: 2, using: &$0) } }),
            (12, { rng in entries(count: rng.smallCount(in: 3 ... 16), keys: keys, topLevel: true, using: &rng) { scalar(using: &$0) } }),
            (3, { rng in entries(count: rng.smallCount(in: 1 ... 3), keys: keys, topLevel: true, using: &rng) { rng in
                chain(depth: 4, keys: keys, using: &rng)
            } }),
            (24, { rng in
                var parameters = entries(count: rng.smallCount(in: 1 ... 8), keys: keys, topLevel: true, using: &rng) { rng in
                    random(depth: 4, orderSafe: false, keys: keys, using: &rng)
                }
                if rng.chance(0.15) {
                    // Two spellings of one key, one inside the other: only different
                    // dictionaries hold both, which escape each as its own bytes.
                    let spellings = rng.pick(FuzzStrings.equivalentSpellings).shuffled(using: &rng)
                    let value = FuzzParameter.dictionary([spellings[1]: scalar(using: &rng)])
                    if parameters[spellings[0]] != nil || isOrdered(spellings[0], among: parameters.keys) {
                        parameters[spellings[0]] = value
                    }
                }
                return parameters
            }),
        ])
    }

    /// `depth` containers one in the other (optionals, which add no level, on the way), around a
    /// scalar.
    static func chain(depth: Int, keys: [String], using rng: inout SplitMix64) -> FuzzParameter {
        guard depth > 0 else { return scalar(using: &rng) }
        let inner = chain(depth: depth - 1, keys: keys, using: &rng)
        let key = key(from: keys, using: &rng)
        let container: FuzzParameter = rng.weighted([
            (4, { _ in .dictionary([key: inner]) }),
            (4, { _ in .array([inner]) }),
            (1, { _ in .dictionaries([[key: inner]]) }),
            (1, { _ in .typedDictionary((key, inner)) }),
            (1, { _ in .nsArray([inner]) }),
        ])
        return rng.chance(0.2) ? .some(container) : container
    }

    /// A random value at most `depth` containers deep (0: a scalar). With `orderSafe`, every
    /// dictionary in it holds at most one entry: Foundation bridges what an `NSArray` or
    /// `NSDictionary` holds to new objects, which each module's cast converts anew.
    static func random(depth: Int, orderSafe: Bool, keys: [String], using rng: inout SplitMix64) -> FuzzParameter {
        guard depth > 0 else { return scalar(using: &rng) }
        func child(_ rng: inout SplitMix64, orderSafe safe: Bool = orderSafe) -> FuzzParameter {
            random(depth: depth - 1, orderSafe: safe, keys: keys, using: &rng)
        }
        func dictionary(_ rng: inout SplitMix64, maximumCount: Int) -> [String: FuzzParameter] {
            let count = rng.smallCount(in: 0 ... (orderSafe ? min(1, maximumCount) : maximumCount))
            return entries(count: count, keys: keys, using: &rng) { child(&$0) }
        }
        func singleEntry(_ rng: inout SplitMix64, orderSafe safe: Bool) -> (key: String, value: FuzzParameter)? {
            rng.chance(0.25) ? nil : (key(from: keys, using: &rng), child(&rng, orderSafe: safe))
        }
        return rng.weighted([
            (45, { scalar(using: &$0) }),
            (5, { .some(child(&$0)) }),
            (2, { .some($0.chance(0.5) ? .none($0.pick(NoneType.allCases)) : .some(child(&$0))) }),
            (10, { .dictionary(dictionary(&$0, maximumCount: 5)) }),
            (7, { rng in .array((0 ..< rng.smallCount(in: 0 ... 5)).map { _ in child(&rng) }) }),
            (3, { rng in .strings((0 ..< rng.smallCount(in: 0 ... 4)).map { _ in FuzzStrings.value(using: &rng) }) }),
            (2, { rng in .integers((0 ..< rng.smallCount(in: 0 ... 4)).map { _ in Int.random(in: -1000 ... 1000, using: &rng) }) }),
            (2, { rng in .int8s((0 ..< rng.smallCount(in: 0 ... 4)).map { _ in int8(using: &rng) }) }),
            (3, { rng in .dictionaries((0 ..< rng.smallCount(in: 0 ... 3)).map { _ in dictionary(&rng, maximumCount: 3) }) }),
            // A typed dictionary's value is copied into the converted dictionary as it is (a
            // nested `[String: any Sendable]` keeps its storage), so it may hold anything.
            (3, { .typedDictionary(singleEntry(&$0, orderSafe: orderSafe)) }),
            (2, { .nsDictionary(singleEntry(&$0, orderSafe: true)) }),
            (2, { rng in .nsArray((0 ..< rng.smallCount(in: 0 ... 4)).map { _ in child(&rng, orderSafe: true) }) }),
        ])
    }

    /// A container that writes no pair: empty, or holding only such containers.
    static func emptyContainer(depth: Int, using rng: inout SplitMix64) -> FuzzParameter {
        var choices: [(weight: Int, make: (inout SplitMix64) -> FuzzParameter)] = [
            (3, { _ in .array([]) }), (3, { _ in .dictionary([:]) }), (1, { _ in .strings([]) }), (1, { _ in .integers([]) }),
            (1, { _ in .dictionaries([]) }), (3, { _ in .typedDictionary(nil) }), (1, { _ in .nsArray([]) }),
            (1, { _ in .nsDictionary(nil) }), (1, { _ in .dictionaries([[:]]) }),
        ]
        if depth > 0 {
            choices += [
                (2, { .some(emptyContainer(depth: depth - 1, using: &$0)) }),
                (2, { rng in .array((0 ..< rng.smallCount(in: 1 ... 3)).map { _ in emptyContainer(depth: depth - 1, using: &rng) }) }),
                (2, { rng in .dictionary([FuzzStrings.key(using: &rng): emptyContainer(depth: depth - 1, using: &rng)]) }),
            ]
        }
        return rng.weighted(choices)
    }

    /// A leaf of any kind: a Swift scalar (the encoder fuzz's leaves, weighted towards strings
    /// and each type's edges), one of the request layer's own traps (`Int8`s on both sides of
    /// the values Foundation caches, numbers whose `NSNumber` descriptions are special), an
    /// `NSNumber`, `NSNull`, a one-element set or an absent optional.
    static func scalar(using rng: inout SplitMix64) -> FuzzParameter {
        rng.weighted([
            (16, { .leaf(FuzzLeaf.random(using: &$0).describable) }),
            (16, { .leaf(trapLeaf(using: &$0)) }),
            (5, { .number(numberLeaf(using: &$0)) }),
            (2, { _ in .null }),
            (1, { .stringSet($0.chance(0.8) ? FuzzStrings.value(using: &$0) : nil) }),
            (1, { .intSet($0.chance(0.8) ? Int.random(in: -5 ... 5, using: &$0) : nil) }),
            (3, { .none($0.pick(NoneType.allCases)) }),
        ])
    }

    /// An `Int8`: Foundation on Linux caches the `NSNumber`s of -1 through 12 as integers (`"i"`),
    /// and gives every other `Int8` the `objCType` `"c"` of a Boolean.
    static func int8(using rng: inout SplitMix64) -> Int8 {
        rng.weighted([
            (3, { Int8.random(in: -1 ... 12, using: &$0) }),
            (3, { Int8.random(in: 13 ... 127, using: &$0) }),
            (2, { _ in -128 }),
            (2, { Int8.random(in: -127 ... -2, using: &$0) }),
        ])
    }

    /// Numbers whose `NSNumber` description is the trap: `Int8`s, the extremes of every integer
    /// type (`UInt64.max` is no `Int64`), and the doubles and floats Swift's `description` writes
    /// specially.
    private static func trapLeaf(using rng: inout SplitMix64) -> FuzzLeaf {
        rng.weighted([
            (4, { .int8(int8(using: &$0)) }),
            (1, { .int($0.pick([.min, .max, -1, 0])) }),
            (1, { .int16($0.pick([.min, .max, -1, 13])) }),
            (1, { .int32($0.pick([.min, .max, -1, 13])) }),
            (1, { .int64($0.pick([.min, .max, -1])) }),
            (1, { .uint($0.pick([.max, 0])) }),
            (1, { .uint8($0.pick([.max, 0, 1, 13])) }),
            (1, { .uint16($0.pick([.max, 0, 13])) }),
            (1, { .uint32($0.pick([.max, 0, 13])) }),
            (2, { .uint64($0.pick([.max, 1 << 63])) }),
            (10, { .double($0.pick(trapDoubles)) }),
            (1, { .float($0.pick([0.1, -0.0, .nan, .infinity, 1e-7, 16_777_216])) }),
        ])
    }

    private static let trapDoubles: [Double] = [.nan, .infinity, -.infinity, -0.0, 0.1 + 0.2, 1e16, 1e-7, 1.0]

    /// A leaf for `NSNumber(value:)`: Booleans, integers, `Int8`s, doubles, floats.
    private static func numberLeaf(using rng: inout SplitMix64) -> FuzzLeaf {
        rng.weighted([
            (3, { .bool(Bool.random(using: &$0)) }),
            (3, { .int(Int.random(in: -1000 ... 1000, using: &$0)) }),
            (3, { .int8(int8(using: &$0)) }),
            (3, { .double($0.pick(trapDoubles)) }),
            (1, { .uint64($0.pick([.max, 7])) }),
            (1, { .float($0.pick([0.1, 2.5])) }),
        ])
    }

    /// `count` entries with distinct keys (by Swift `String` equality: an equivalent spelling of a
    /// key already there is skipped, as one key); at the `topLevel`, with keys `<` orders.
    private static func entries(count: Int, keys: [String], topLevel: Bool = false, using rng: inout SplitMix64,
                                _ value: (inout SplitMix64) -> FuzzParameter) -> [String: FuzzParameter] {
        var entries: [String: FuzzParameter] = [:]
        for _ in 0 ..< count {
            let key = key(from: keys, using: &rng)
            if entries[key] == nil, !topLevel || isOrdered(key, among: entries.keys) {
                entries[key] = value(&rng)
            }
        }
        return entries
    }

    /// Whether Swift's `<` puts `key` on one side of each of `keys`. It does not always: of
    /// U+212A KELVIN SIGN and `"K\u{C5}"` it says neither is less, yet they differ. Both modules
    /// sort the top level with `<`, and the order such a pair comes out in depends on the order
    /// it went in: that of the `[String: Any]` copy of the parameters Alamofire's `query(_:)` is
    /// handed, which Swift seeds by the copy's address. Such keys are made on purpose, and their
    /// order compared under `SWIFT_DETERMINISTIC_HASHING` (`ConvertedParameterOrder`).
    static func isOrdered(_ key: String, among keys: some Sequence<String>) -> Bool {
        keys.allSatisfy { $0 < key || key < $0 }
    }

    /// A key from the case's pool, or now and then a fresh one.
    private static func key(from keys: [String], using rng: inout SplitMix64) -> String {
        rng.chance(0.7) ? rng.pick(keys) : FuzzStrings.key(using: &rng)
    }
}
