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
        var mismatches: [String] = []
        for seed in FuzzConfiguration(defaultCases: 300).seeds {
            var random = SplitMix64(seed: seed)
            let value = Self.wideObject(depth: 0, using: &random)
            let options = FormOptions(alphabetizeKeyValuePairs: random.chance(0.7))
            let reference = Contender.reference.outcome(value, options)
            let optimized = Contender.optimized.outcome(value, options)
            if reference != optimized {
                mismatches.append("seed 0x\(String(seed, radix: 16, uppercase: true)) "
                    + "(replay: FUZZ_SEED=0x\(String(seed, radix: 16, uppercase: true)) swift test --filter WideLevelDifferentialTests):\n"
                    + "  reference: \(reference)\n  optimized: \(optimized)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) wide cases differ:\n\(mismatches.prefix(3).joined(separator: "\n"))")
    }

    @Test func levelsLongEnoughForTheRadixSortEncodeAsTheReferenceDoes() {
        // Past 2,048 children a level's rounds are sorted by radix: long arrays of leaves
        // (sorted by value), of records (sorted by their text) and wide objects of distinct
        // keys (ranked by key), with texts that tie on their first bytes and prefix each other.
        var mismatches: [String] = []
        for seed in FuzzConfiguration(defaultCases: 6).seeds {
            var random = SplitMix64(seed: seed)
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
            let options = FormOptions(arrayEncoding: random.chance(0.5) ? .brackets : .indexInBrackets)
            let reference = Contender.reference.outcome(value, options)
            let optimized = Contender.optimized.outcome(value, options)
            if reference != optimized {
                mismatches.append("seed 0x\(String(seed, radix: 16, uppercase: true)) (replay: FUZZ_SEED=0x\(String(seed, radix: 16, uppercase: true)) "
                    + "swift test --filter levelsLongEnoughForTheRadixSort)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) long-level cases differ:\n\(mismatches.prefix(3).joined(separator: "\n"))")
    }

    @Test func anEncoderThatForgetsTheKeysOfAWideObjectEncodesTheNextValuesAsTheReferenceDoes() {
        // An encoder keeps the keys of its encodings (escaped and ranked) unless there are more
        // than 1,024: after a wide object it forgets them, and what it derived from them must go
        // too, though the next values' keys take the same places in the table.
        var mismatches: [String] = []
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
                if Contender.reference.outcome(value, options) != optimized {
                    mismatches.append("seed 0x\(String(seed, radix: 16, uppercase: true)), value \(position) "
                        + "(replay: FUZZ_SEED=0x\(String(seed, radix: 16, uppercase: true)) swift test --filter anEncoderThatForgets)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) values differ:\n\(mismatches.prefix(3).joined(separator: "\n"))")
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
