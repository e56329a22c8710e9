import FormBenchCore
/// The coding key of fuzzed keyed containers: a string key, a pure index (as `Dictionary<Int, _>`
/// writes), or a named key with an int value (as `enum CodingKeys: Int` writes), which both
/// encoders must treat as an index while the coding path still shows its name.
///
/// Keys are also how the log records the coding paths user code observes, so equality is exact
/// (same scalars), not Swift's canonical equivalence: an encoder that hands back `"e\u{301}"`
/// where the user wrote `"\u{E9}"` is caught.
///
/// Keys longer than a `String` holds inline and of an odd UTF-8 length hand out a fresh heap
/// copy each time they are asked for their string, freed after use, whose address the next such
/// key may get: an encoder that knew keys by where they live rather than by their bytes is
/// caught. (The other keys stay the literals they were drawn from.)
struct FuzzKey: CodingKey, Equatable, CustomStringConvertible {
    private let spelling: String
    let intValue: Int?

    var stringValue: String {
        let length = spelling.utf8.count
        return length > 15 && length % 2 == 1 ? String(decoding: Array(spelling.utf8), as: UTF8.self) : spelling
    }

    init(stringValue: String) {
        spelling = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        spelling = String(intValue)
        self.intValue = intValue
    }

    /// A key like `case name = 2` of an `Int`-backed `CodingKeys` enum.
    init(name: String, intValue: Int) {
        spelling = name
        self.intValue = intValue
    }

    /// A copy of a key an encoder reports in a coding path.
    init(observing key: any CodingKey) {
        spelling = key.stringValue
        intValue = key.intValue
    }

    static func == (lhs: FuzzKey, rhs: FuzzKey) -> Bool {
        lhs.intValue == rhs.intValue && lhs.stringValue.unicodeScalars.elementsEqual(rhs.stringValue.unicodeScalars)
    }

    var description: String {
        switch intValue {
        case nil: return FuzzStrings.literal(stringValue)
        case let index? where stringValue == String(index): return "#\(index)"
        case let index?: return "\(FuzzStrings.literal(stringValue))#\(index)"
        }
    }

    /// A random key: mostly strings, often small indices (in range or appending), sometimes a
    /// large or negative index, which both encoders must reject with `EncodingError`.
    static func random(using rng: inout SplitMix64) -> FuzzKey {
        rng.weighted([
            (20, { FuzzKey(stringValue: FuzzStrings.key(using: &$0)) }),
            (6, { FuzzKey(intValue: Int.random(in: 0 ... 3, using: &$0)) }),
            (1, { FuzzKey(intValue: $0.pick([5, 9, 1000, Int.max])) }),
            (2, { FuzzKey(name: $0.pick(FuzzStrings.plainKeys), intValue: Int.random(in: 0 ... 2, using: &$0)) }),
            (1, { FuzzKey(intValue: $0.pick([-1, -2, Int.min])) }),
        ])
    }

    /// A few keys for one object or program to draw from, so that keys recur; often with two
    /// canonically equivalent spellings of one key. Without `indices`, string keys only (an
    /// index key at the root makes the root an array, which encoders reject).
    static func pool(indices: Bool, using rng: inout SplitMix64) -> [FuzzKey] {
        var keys = (0 ..< Int.random(in: 2 ... 6, using: &rng)).map { _ in
            indices ? random(using: &rng) : FuzzKey(stringValue: FuzzStrings.key(using: &rng))
        }
        if rng.chance(0.3) {
            let spellings = rng.pick(FuzzStrings.equivalentSpellings + FuzzStrings.longEquivalentSpellings).shuffled(using: &rng)
            keys += spellings.prefix(2).map(FuzzKey.init(stringValue:))
        }
        return keys
    }
}
