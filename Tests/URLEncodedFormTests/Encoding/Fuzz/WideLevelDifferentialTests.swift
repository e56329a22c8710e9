import FormBenchCore
import Testing

/// Differential cases for wide levels, which the main fuzzer's small containers (six children at
/// most) never build: objects past the optimized encoder's 32-child threshold, where children
/// are found through its hash index, and long arrays written at out-of-order indices.
///
/// Keys repeat, come in canonically equal spellings (`K` and U+212A KELVIN SIGN, `é` and
/// `e\u{301}`), mix ASCII and non-ASCII (which switches the index to canonical-equivalence
/// hashing mid-object), and are longer than a small string, so that every lookup path of a wide
/// parent is exercised. Seeds work as in `DifferentialFuzzTests` (`FUZZ_SEED`, `FUZZ_CASES`, …).
struct WideLevelDifferentialTests {
    private static let keyPool = [
        "K", "\u{212A}", "é", "e\u{301}", "Å", "\u{212B}", "A\u{30A}", "a", "ab", "a b", "a]0", "0", "007",
        "a very long ascii key over fifteen bytes", "another long ascii key, also past 15",
        "名前", "ключ", "emoji 🧑‍🚀", "[]", "%2B", "+",
    ] + asciiKeys
    /// ASCII keys only, "K" among them: an object that starts with these builds its index by
    /// bytes, and a later non-ASCII key (U+212A is "K") must rehash it to find its match.
    private static let asciiKeys = ["K"] + (0..<80).map { "k\($0)" }

    @Test func wideObjectsAndLongArraysEncodeAsTheReferenceDoes() {
        Self.expectAgreement(test: "wideObjectsAndLongArrays", cases: 300) { random in
            let value = Self.wideObject(depth: 0, using: &random)
            return (value, FormOptions(alphabetizeKeyValuePairs: random.chance(0.7)))
        }
    }

    @Test func levelsLongEnoughForTheRadixSortEncodeAsTheReferenceDoes() {
        // Past 2,048 children a level's rounds are sorted by radix: long arrays of leaves
        // (sorted by value), of records (sorted by their text) and wide objects of distinct
        // keys (ranked by key), with texts that tie on their first bytes and prefix each other.
        Self.expectAgreement(test: "levelsLongEnoughForTheRadixSort", cases: 6) { random in
            func text() -> String {
                random.pick(["", "shared-prefix-", "é", "k"]) + random.pick(["", "a", "b", "ab", "0", "+", "%"])
                    + String(Int.random(in: 0..<400, using: &random))
            }
            let count = Int.random(in: 2_049...2_600, using: &random)
            let leaves = VectorNode.array((0..<count).map { _ in .text(text()) })
            let records = VectorNode.array((0..<count).map { _ in
                .object([("k", .text(random.pick(["x", "y"]))), ("n", .text(text()))])
            })
            let wide = VectorNode.object((0..<count).map { index in ("key-\(index)-" + text(), .text(text())) })
            let value = VectorNode.object([("leaves", leaves), ("records", records), ("wide", wide)])
            return (value, FormOptions(arrayEncoding: random.chance(0.5) ? .brackets : .indexInBrackets))
        }
    }

    @Test func anEncoderThatForgetsTheKeysOfAWideObjectEncodesTheNextValuesAsTheReferenceDoes() {
        // An encoder keeps the keys of its encodings (escaped and ranked) unless there are more
        // than 1,024: after a wide object it forgets them, and what it derived from them must go
        // too, though the next values' keys take the same places in the table.
        var mismatches = Mismatches(test: "anEncoderThatForgets")
        for seed in FuzzConfiguration(defaultCases: 6).seeds {
            var random = SplitMix64(seed: seed)
            let options = FormOptions(alphabetizeKeyValuePairs: random.chance(0.7))
            let encode = OptimizedAdapter.sharedEncoder(options)
            let wide = VectorNode.object((0..<1_100).map { ("wide-\($0)", .text("v")) })
            let values = [wide, Self.wideObject(depth: 0, using: &random), Self.wideObject(depth: 0, using: &random),
                          wide, Self.wideObject(depth: 0, using: &random)]
            for (position, value) in values.enumerated() {
                let optimized: Outcome
                do {
                    optimized = .output(try encode(value))
                } catch {
                    optimized = .error(Contender.optimized.kind(of: error))
                }
                mismatches.compare(Contender.reference.outcome(value, options), optimized, seed: seed, at: "value \(position)")
            }
        }
        mismatches.expectNone()
    }

    /// Encodes the value and options `make` draws for each seed with both modules, and expects
    /// the same outcome.
    private static func expectAgreement(test: String, cases: Int, sourceLocation: SourceLocation = #_sourceLocation,
                                        _ make: (inout SplitMix64) -> (VectorNode, FormOptions)) {
        var mismatches = Mismatches(test: test)
        for seed in FuzzConfiguration(defaultCases: cases).seeds {
            var random = SplitMix64(seed: seed)
            let (value, options) = make(&random)
            mismatches.compare(Contender.reference.outcome(value, options), Contender.optimized.outcome(value, options), seed: seed)
        }
        mismatches.expectNone(sourceLocation: sourceLocation)
    }

    /// An object of 33 to 90 pairs from the key pool (so keys repeat), some of them nested
    /// objects that later pairs with the same key extend, some long arrays written by index.
    /// Half the top-level objects start with "K" and 59 more ASCII keys (past the index
    /// threshold) and go on with U+212A, which must find that "K".
    private static func wideObject(depth: Int, using random: inout SplitMix64) -> VectorNode {
        let asciiPrefix = depth == 0 && random.chance(0.5) ? 60 : 0
        let count = depth == 0 ? Int.random(in: max(33, asciiPrefix + 1)...90, using: &random) : random.smallCount(in: 1...40)
        return .object((0..<count).map { position in
            let key = position == 0 && asciiPrefix > 0 ? "K"
                : position == asciiPrefix && asciiPrefix > 0 ? "\u{212A}"
                : random.pick(position < asciiPrefix ? asciiKeys : keyPool)
            switch Int.random(in: 0..<10, using: &random) {
            case 0 where depth < 2: return (key, wideObject(depth: depth + 1, using: &random))
            case 1: return (key, longArray(using: &random))
            default: return (key, .text(random.pick(keyPool)))
            }
        })
    }

    /// An object keyed by int-valued keys in random order (with repeats): array indices that
    /// append past the end and replace inside, in an array longer than the index threshold.
    private static func longArray(using random: inout SplitMix64) -> VectorNode {
        let count = Int.random(in: 33...80, using: &random)
        return .indexed((0..<count).map { _ in
            (Int.random(in: 0..<count, using: &random), .text(random.pick(keyPool)))
        })
    }
}

/// The cases on which the two modules disagree, each with the command that replays it.
private struct Mismatches {
    /// The part of the test's name `swift test --filter` replays it by.
    let test: String
    private var found: [String] = []

    init(test: String) {
        self.test = test
    }

    /// Records the case of `seed` (and `place` within it) when the outcomes differ.
    mutating func compare(_ reference: Outcome, _ optimized: Outcome, seed: UInt64, at place: String? = nil) {
        guard reference != optimized else { return }
        let seedText = "0x" + String(seed, radix: 16, uppercase: true)
        found.append("seed \(seedText)\(place.map { ", \($0)" } ?? "") (replay: FUZZ_SEED=\(seedText) swift test --filter \(test)):\n"
            + "  reference: \(String(describing: reference).prefix(300))\n  optimized: \(String(describing: optimized).prefix(300))")
    }

    func expectNone(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(found.isEmpty, "\(found.count) cases differ:\n\(found.prefix(3).joined(separator: "\n"))", sourceLocation: sourceLocation)
    }
}
