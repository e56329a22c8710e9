import FormBenchCore
import Foundation
import Testing
import URLEncodedForm

/// One test per class of hostile input that form decoders of every ecosystem have shipped bugs for
/// (README, "Limits, and what they defend against"): each asserts the exact error, or the
/// documented success, and bounds the time (as a ratio to a benign form of the same length), the
/// allocations and the peak of live bytes (`HostileCost`). Sizes are those the issue names
/// (`HostileSize`); the fuzz target's seed corpus holds each class cut to 16 KiB (`Fuzz/make-corpus`).
@Suite(.serialized)
struct HostileInputTests {
    private static let decoder = URLEncodedFormDecoder()
    private static let unlimited = URLEncodedFormDecoder.Limits(maximumDepth: .max, maximumParameterCount: .max,
                                                                maximumInputLength: nil)

    /// `count` copies of `piece`, joined by `&`.
    private static func repeated(_ piece: String, _ count: Int) -> [UInt8] {
        Array(Array(repeating: piece, count: count).joined(separator: "&").utf8)
    }

    /// The pieces `0..<count` make, joined by `&`.
    private static func joined(_ count: Int, _ piece: (Int) -> String) -> [UInt8] {
        Array((0..<count).map(piece).joined(separator: "&").utf8)
    }

    // MARK: Depth (Vapor CVE-2022-31019: deep keys overflowing the stack)

    @Test func aMillionOpeningBracketsInOneNameAreTooDeepBeforeAnythingIsBuilt() {
        let input = Array(("a" + String(repeating: "[", count: HostileSize.of(1_000_000)) + "=1").utf8)
        #expect(inputError { _ = try Self.decoder.parameters(from: input) } == .tooDeep(key: "a", limit: 64))
        HostileCost.expectBounded(input, timeRatio: 4, allocations: .atMost(16)) { input in
            _ = try? Self.decoder.parameters(from: input)
        }
    }

    @Test func openingBracketsUnderARaisedDepthLimitAreOnePlainKey() throws {
        let name = "a" + String(repeating: "[", count: HostileSize.of(1_000_000))
        let decoder = URLEncodedFormDecoder(limits: Self.unlimited)
        let input = Array((name + "=1").utf8)
        // `a[[[…` does not fit `base[segment]…`: the whole name is one key.
        #expect(try Form(decoder.parameters(from: input)) == .hash([name: .value("1")]))
        HostileCost.expectBounded(input, timeRatio: 4, allocations: .atMost(16)) { input in
            _ = try? decoder.parameters(from: input)
        }
    }

    @Test func escapedBracketsCountTowardTheDepthAsSent() {
        let input = Array(("a" + String(repeating: "%5Bb%5D", count: HostileSize.of(100_000)) + "=1").utf8)
        #expect(inputError { _ = try Self.decoder.parameters(from: input) } == .tooDeep(key: "a", limit: 64))
        let dots = URLEncodedFormDecoder(keyPathDecoding: .dots)
        let dotted = Array(("a" + String(repeating: ".b", count: HostileSize.of(100_000)) + "=1").utf8)
        #expect(inputError { _ = try dots.parameters(from: dotted) } == .tooDeep(key: "a", limit: 64))
        HostileCost.expectBounded(input, timeRatio: 4, allocations: .atMost(16)) { input in
            _ = try? Self.decoder.parameters(from: input)
        }
    }

    /// The parser, the merge into the tree and the typed reading all loop over a name's
    /// segments, and the tree is freed without recursion: 100,000 levels on a 512 KiB thread.
    /// `parameters(from:)` refuses them whatever the depth limit: the nested `Dictionary`s it
    /// returns are freed by Swift's recursion, which 100,000 levels would overflow
    /// (``URLEncodedFormDecoder/Limits/maximumParametersDepth``).
    @Test func aHundredThousandNestedSegmentsAreBuiltReadAndFreedOnA512KiBThread() {
        let depth = 100_000
        let decoder = URLEncodedFormDecoder(limits: .init(maximumDepth: depth))
        let input = Array(("a" + String(repeating: "[b]", count: depth) + "=1").utf8)
        let outcome = ThreadStack.run(size: ThreadStack.small) { () -> String in
            struct Flat: Decodable { let a: String }
            do {
                _ = try decoder.decode(Flat.self, from: input)
                return "decoded"
            } catch DecodingError.typeMismatch(_, let context) where context.codingPath.map(\.stringValue) == ["a"] {
                // `a` is the root of a 100,000-level hash, not a value.
            } catch {
                return "\(error)"
            }
            do {
                _ = try decoder.parameters(from: input)
                return "typed: read; parameters: built"
            } catch let DecodingError.dataCorrupted(context) {
                return "typed: read; parameters: \(context.underlyingError.map { "\($0)" } ?? "no error")"
            } catch {
                return "typed: read; parameters: \(error)"
            }
        }
        #expect(outcome == "typed: read; parameters: \(URLEncodedFormDecoder.Error.tooDeep(key: "a", limit: 1_000))")
        struct Flat: Decodable { let a: [String: String] }
        HostileCost.expectBounded(input, timeRatio: 16, allocations: .atMost(128), peakPerByte: 256) { input in
            _ = try? decoder.decode(Flat.self, from: input)
            _ = try? decoder.parameters(from: input)
        }
    }

    // MARK: Counts (Go CVE-2025-61726, Rack CVE-2025-46727, PHP CVE-2011-4885)

    @Test func tenMillionAmpersandsAreNoPairs() throws {
        let input = [UInt8](repeating: UInt8(ascii: "&"), count: HostileSize.of(10_000_000))
        let shorter = URLEncodedFormDecoder(limits: .init(maximumInputLength: input.count - 1))
        #expect(inputError { _ = try shorter.parameters(from: input) } == .inputTooLong(limit: input.count - 1))
        let decoder = URLEncodedFormDecoder(limits: .init(maximumInputLength: nil))
        #expect(try decoder.parameters(from: input).isEmpty)
        HostileCost.expectBounded(input, timeRatio: 2, allocations: .atMost(16)) { input in
            _ = try? decoder.parameters(from: input)
        }
    }

    @Test func tenMillionBareNamesFailOnTheCountBeforeAnythingIsBuilt() {
        let input = Self.repeated("a", HostileSize.of(10_000_000))
        let decoder = URLEncodedFormDecoder(limits: .init(maximumInputLength: nil))
        #expect(inputError { _ = try decoder.parameters(from: input) } == .tooManyParameters(limit: 10_000))
        #expect(inputError { _ = try decoder.decode([String: String].self, from: input) } == .tooManyParameters(limit: 10_000))
        HostileCost.expectBounded(input, timeRatio: 4, allocations: .atMost(16), peakPerByte: 0) { input in
            _ = try? decoder.parameters(from: input)
        }
    }

    @Test func aMillionPairsUnderOneKeyKeepTheLastInRacksViewAndEveryValueForAnArray() throws {
        let count = HostileSize.of(1_000_000)
        let input = Self.joined(count) { index in index == count - 1 ? "a=last" : "a=x" }
        let decoder = URLEncodedFormDecoder(limits: Self.unlimited)
        #expect(try Form(decoder.parameters(from: input)) == .hash(["a": .value("last")]))
        struct Values: Decodable { let a: [String] }
        let values = try decoder.decode(Values.self, from: input).a
        #expect(values.count == count && values.last == "last" && values.dropLast().allSatisfy { $0 == "x" })
        let fewer = URLEncodedFormDecoder(limits: .init(maximumParameterCount: count - 1, maximumInputLength: nil))
        #expect(inputError { _ = try fewer.parameters(from: input) } == .tooManyParameters(limit: count - 1))
        HostileCost.expectBounded(input, timeRatio: 4, allocations: .atMost(64)) { input in
            _ = try? decoder.parameters(from: input)
        }
        HostileCost.expectBounded(input, timeRatio: 6, allocations: .atMost(64)) { input in
            _ = try? decoder.decode(Values.self, from: input)
        }
    }

    @Test func aMillionKeysInOneHashAreOneHash() throws {
        let count = HostileSize.of(1_000_000)
        let input = Self.joined(count) { "h[k\($0)]=\($0)" }
        let decoder = URLEncodedFormDecoder(limits: Self.unlimited)
        let hash = try #require(decoder.parameters(from: input)["h"] as? [String: any Sendable])
        #expect(hash.count == count && hash["k0"] as? String == "0" && hash["k\(count - 1)"] as? String == "\(count - 1)")
        let typed = try decoder.decode([String: [String: Int]].self, from: input)["h"]
        #expect(typed?.count == count && typed?["k\(count / 2)"] == count / 2)
        HostileCost.expectBounded(input, timeRatio: 6, allocations: .benignTimes(2, plus: 64)) { input in
            _ = try? decoder.parameters(from: input)
        }
        // Judged against the decode floor's allocations for the same value (two per key, which
        // the floor boxes as `any CodingKey`): the decoder keeps a dictionary's keys in its path
        // without a box (`TextCodingKey`; it made three per key before).
        let floor = try HostileCost.floorAllocations([String: [String: Int]].self, of: #require(typed.map { ["h": $0] }))
        HostileCost.expectBounded(input, timeRatio: 8, allocations: .atMost(floor + 64)) { input in
            _ = try? decoder.decode([String: [String: Int]].self, from: input)
        }
    }

    /// Keys in ascending order go into a hash without a search and without its table (an
    /// encoder that sorts sends them so); keys that then break the order must find the table
    /// made, not search the hash child by child. Half a million keys in order, then half a
    /// million out of it, each looked for among the first half's.
    @Test func aWideHashSentInOrderThenOutOfOrderStaysLinear() throws {
        let count = HostileSize.of(1_000_000)
        let key = { (index: Int) in "k" + String(format: "%07d", index) }
        let input = Self.joined(count) { $0 < count / 2 ? "h[\(key(2 * $0))]=1" : "h[\(key(count - 1 - 2 * ($0 - count / 2)))]=2" }
        let decoder = URLEncodedFormDecoder(limits: Self.unlimited)
        let hash = try #require(decoder.decode([String: [String: Int]].self, from: input)["h"])
        #expect(hash.count == count && hash[key(0)] == 1 && hash[key(count - 1)] == 2 && hash[key(count / 2 + 1)] == 2)
        HostileCost.expectBounded(input, timeRatio: 6, allocations: .benignTimes(2, plus: 64)) { input in
            _ = try? decoder.parameters(from: input)
        }
        HostileCost.expectTenfoldGrowth(atMost: 32, from: 10_000, form: { count in
            Self.joined(count) { $0 < count / 2 ? "h[\(key(2 * $0))]=1" : "h[\(key(count - 1 - 2 * ($0 - count / 2)))]=2" }
        }) { input in
            _ = try? decoder.parameters(from: input)
        }
    }

    /// The benign form every cost above is divided by: its root is a wide hash of keys out of
    /// byte order (`field10` before `field2`), the path several hostile inputs take too, so its
    /// own growth is bounded in absolute terms.
    @Test func theBenignFormItselfGrowsLinearly() {
        let decoder = URLEncodedFormDecoder(limits: Self.unlimited)
        HostileCost.expectTenfoldGrowth(atMost: 32, from: 200_000, form: HostileCost.benignForm(length:)) { input in
            _ = try? decoder.parameters(from: input)
        }
    }

    /// The growth check is no tautology: work quadratic in the input's length fails it.
    @Test func theGrowthCheckCatchesQuadraticWork() {
        guard HostileCost.isMeasured else { return }
        withKnownIssue {
            HostileCost.expectTenfoldGrowth(atMost: 32, from: 1_000, form: { Array(repeating: 1, count: $0) }) { input in
                // A hash of every pair of bytes, in order: nothing the optimizer can fold.
                var hash = 0
                for a in input { for b in input { hash = hash &* 31 &+ Int(a ^ b) } }
                if hash == 42 { Issue.record("unlikely") }
            }
        }
    }

    /// A million indices in random order: one table lookup and one node per pair, then one sort
    /// of the indices, n log n (time grows ×4.5 from 10⁶ to 4×10⁶ indices on a quiet AMD EPYC,
    /// where instructions grow ×4.04: the rest is the caches).
    @Test func aMillionIndicesOutOfOrderReadInOrderAndGrowAsNLogN() throws {
        let count = HostileSize.of(1_000_000)
        var rng = SplitMix64(seed: 0x1D1CE5)
        let form = { (count: Int) -> [UInt8] in
            Array((0..<count).shuffled(using: &rng).map { "a[\($0)]=\($0)" }.joined(separator: "&").utf8)
        }
        let input = form(count)
        struct Values: Decodable { let a: [Int] }
        let decoder = URLEncodedFormDecoder(limits: Self.unlimited)
        #expect(try decoder.decode(Values.self, from: input).a == Array(0..<count))
        HostileCost.expectBounded(input, timeRatio: 8, allocations: .atMost(128)) { input in
            _ = try? decoder.decode(Values.self, from: input)
        }
        HostileCost.expectTenfoldGrowth(atMost: 32, from: 10_000, form: form) { input in
            _ = try? decoder.decode(Values.self, from: input)
        }
    }

    @Test func aMillionAppendsToOneArrayAreOneArrayInOrder() throws {
        let count = HostileSize.of(1_000_000)
        let input = Self.joined(count) { "a[]=\($0)" }
        let decoder = URLEncodedFormDecoder(limits: Self.unlimited)
        let array = try #require(decoder.parameters(from: input)["a"] as? [any Sendable])
        #expect(array.count == count && array.last as? String == "\(count - 1)")
        struct Numbers: Decodable { let a: [Int] }
        #expect(try decoder.decode(Numbers.self, from: input).a == Array(0..<count))
        HostileCost.expectBounded(input, timeRatio: 4, allocations: .benignTimes(2, plus: 64)) { input in
            _ = try? decoder.parameters(from: input)
        }
        HostileCost.expectBounded(input, timeRatio: 4, allocations: .atMost(64)) { input in
            _ = try? decoder.decode(Numbers.self, from: input)
        }
    }

    // MARK: Indices (an index never sizes an allocation)

    @Test func indicesReadAsNumbersWithoutSizingAnything() throws {
        struct Values: Decodable, Equatable { let a: [String] }
        let decoder = Self.decoder
        #expect(try decoder.decode(Values.self, from: "a[0]=x").a == ["x"])
        // One element each, whatever the number says: gaps close up.
        #expect(try decoder.decode(Values.self, from: "a[4294967295]=x").a == ["x"])
        #expect(try decoder.decode(Values.self, from: "a[18446744073709551616]=x").a == ["x"])
        // Digits of any length compare as numbers, past what any integer type holds.
        #expect(try decoder.decode(Values.self, from: "a[18446744073709551616]=z&a[4294967295]=y&a[7]=x").a == ["x", "y", "z"])
        // Not decimal indices (`0`, or digits not starting with `0`): the hash is a hash.
        for notAnIndex in ["-1", "01", "1e3", "1.5", "0x1", "١"] {
            let form = "a[0]=x&a[\(notAnIndex)]=y"
            #expect(throws: DecodingError.self, "\(form)") { try decoder.decode(Values.self, from: form) }
            #expect(try decoder.form(form) == .hash(["a": .hash(["0": .value("x"), notAnIndex: .value("y")])]))
        }
        // 100,000 indices of 24 digits, in reverse order: compared as numbers, sorted.
        let count = HostileSize.of(100_000)
        let huge = Self.joined(count) { "a[1\(String(format: "%023d", count - 1 - $0))]=\($0)" }
        let unlimited = URLEncodedFormDecoder(limits: Self.unlimited)
        let values = try unlimited.decode(Values.self, from: huge).a
        #expect(values.count == count && values.first == "\(count - 1)" && values.last == "0")
        HostileCost.expectBounded(huge, timeRatio: 6, allocations: .atMost(64)) { input in
            _ = try? unlimited.decode(Values.self, from: input)
        }
    }

    @Test func aHundredThousandIndicesInReverseOrderReadInNumericOrder() throws {
        struct Numbers: Decodable { let a: [Int] }
        let count = HostileSize.of(100_000)
        let decoder = URLEncodedFormDecoder(limits: .init(maximumParameterCount: count, maximumInputLength: nil))
        // Every index below the count (placed), then sparse ones (sorted).
        let dense = Self.joined(count) { "a[\(count - 1 - $0)]=\(count - 1 - $0)" }
        #expect(try decoder.decode(Numbers.self, from: dense).a == Array(0..<count))
        let sparse = Self.joined(count) { "a[\(3 * (count - 1 - $0))]=\(count - 1 - $0)" }
        #expect(try decoder.decode(Numbers.self, from: sparse).a == Array(0..<count))
        HostileCost.expectBounded(dense, timeRatio: 4, allocations: .atMost(64)) { input in
            _ = try? decoder.decode(Numbers.self, from: input)
        }
        HostileCost.expectBounded(sparse, timeRatio: 6, allocations: .atMost(64)) { input in
            _ = try? decoder.decode(Numbers.self, from: input)
        }
    }

    // MARK: Array limits bypassed by another syntax (qs CVE-2025-15284, CVE-2026-2391)

    /// The ways a form sends many elements: each pair is one parameter, whichever it uses.
    enum ArraySyntax: CaseIterable {
        case appends, indices, repeatedNames, objectsAppended, objectsIndexed, mixed

        func pair(_ index: Int) -> String {
            switch self {
            case .appends: return "a[]=\(index)"
            case .indices: return "a[\(index)]=\(index)"
            case .repeatedNames: return "a=\(index)"
            case .objectsAppended: return "a[][x]=\(index)"
            case .objectsIndexed: return "a[\(index)][x]=\(index)"
            case .mixed: return ["a[]=\(index)", "b[\(index)]=1", "c=\(index)", "d[][x]=1"][index % 4]
            }
        }
    }

    @Test(arguments: ArraySyntax.allCases)
    func everyArraySyntaxCountsTowardTheParameterLimit(syntax: ArraySyntax) throws {
        let limit = 10_000
        let atTheLimit = Self.joined(limit, syntax.pair)
        #expect((try? Self.decoder.parameters(from: atTheLimit)) != nil)
        let pastIt = atTheLimit + Array("&\(syntax.pair(limit))".utf8)
        #expect(inputError { _ = try Self.decoder.parameters(from: pastIt) } == .tooManyParameters(limit: limit))
        HostileCost.expectBounded(pastIt, timeRatio: 2, allocations: .atMost(16), peakPerByte: 0) { input in
            _ = try? Self.decoder.parameters(from: input)
        }
    }

    @Test func anArraySentAtTheLimitReadsWhole() throws {
        struct Numbers: Decodable { let a: [Int] }
        let form = Self.joined(10_000) { "a[\($0)]=\($0)" }
        #expect(try Self.decoder.decode(Numbers.self, from: form).a == Array(0..<10_000))
    }

    // MARK: Separators that dodge a count (Rack CVE-2025-59830)

    @Test func semicolonsNeverSeparatePairs() throws {
        #expect(try Self.decoder.form("a=1;b=2") == .hash(["a": .value("1;b=2")]))
        #expect(try URLEncodedFormDecoder(invalidInput: .whatwg).form("a;b=1;c") == .hash(["a;b": .value("1;c")]))
        let count = HostileSize.of(100_000)
        let input = Self.joined(1) { _ in "a=1;" + (1..<count).map { "k\($0)=1" }.joined(separator: ";") }
        let single = URLEncodedFormDecoder(limits: .init(maximumParameterCount: 1, maximumInputLength: nil))
        let value = try #require(single.parameters(from: input)["a"] as? String)
        #expect(value.utf8.count == input.count - 2 && value.split(separator: ";").count == count)
        HostileCost.expectBounded(input, timeRatio: 2, allocations: .atMost(16)) { input in
            _ = try? single.parameters(from: input)
        }
    }

    // MARK: Bytes that are not text

    @Test func badEscapesFailAtTheirOffsetAndAreKeptAsWrittenUnderWHATWG() throws {
        let whatwg = URLEncodedFormDecoder(invalidInput: .whatwg)
        for (form, offset, kept) in [("x=%", 2, "%"), ("x=%4", 2, "%4"), ("x=%G1", 2, "%G1"), ("xy=1&z%=", 6, "")] {
            #expect(inputError { _ = try Self.decoder.parameters(from: form) } == .invalidPercentEscape(offset: offset), "\(form)")
            if !kept.isEmpty { #expect(try whatwg.form(form) == .hash(["x": .value(kept)])) }
        }
        #expect(try whatwg.form("z%=1") == .hash(["z%": .value("1")]))
        // At the end of a long input: found in the same pass, after no work on what precedes.
        let long = Self.benignLong(suffix: "&x=%G1")
        let decoder = URLEncodedFormDecoder(limits: Self.unlimited)
        #expect(inputError { _ = try decoder.parameters(from: long) } == .invalidPercentEscape(offset: long.count - 3))
        let percents = [UInt8](repeating: UInt8(ascii: "%"), count: HostileSize.of(1_000_000))
        #expect(inputError { _ = try decoder.parameters(from: percents) } == .invalidPercentEscape(offset: 0))
        #expect(try whatwg.form(String(decoding: percents, as: UTF8.self)) == .hash([String(decoding: percents, as: UTF8.self): .value("")]))
        HostileCost.expectBounded(long, timeRatio: 2, allocations: .atMost(16), peakPerByte: 4) { input in
            _ = try? decoder.parameters(from: input)
        }
        HostileCost.expectBounded(percents, timeRatio: 4, allocations: .atMost(16), peakPerByte: 4) { input in
            _ = try? whatwg.parameters(from: input)
        }
    }

    @Test func invalidUTF8FailsAtItsFirstByteAndReadsAsReplacementsUnderWHATWG() throws {
        let whatwg = URLEncodedFormDecoder(invalidInput: .whatwg)
        // Overlong `/`, a lone surrogate (U+D800), a truncated sequence, a byte never in UTF-8.
        for (escaped, replacements) in [("%C0%AF", 2), ("%ED%A0%80", 3), ("%E2%82", 1), ("%FF", 1)] {
            #expect(inputError { _ = try Self.decoder.parameters(from: "ab=" + escaped) } == .invalidUTF8(offset: 3), "\(escaped)")
            #expect(inputError { _ = try Self.decoder.parameters(from: "ab" + escaped + "=1") } == .invalidUTF8(offset: 2), "\(escaped)")
            #expect(try whatwg.form("a=" + escaped) == .hash(["a": .value(String(repeating: "\u{FFFD}", count: replacements))]))
        }
        // Raw bytes too, and raw and escaped bytes of one character together.
        #expect(inputError { _ = try Self.decoder.parameters(from: Array("a=".utf8) + [0xED, 0xA0, 0x80]) } == .invalidUTF8(offset: 2))
        #expect(Form(try Self.decoder.parameters(from: Array("a=%C3".utf8) + [0xA9])) == .hash(["a": .value("\u{E9}")]))
        let long = Self.benignLong(suffix: "&x=%ED%A0%80")
        let decoder = URLEncodedFormDecoder(limits: Self.unlimited)
        #expect(inputError { _ = try decoder.parameters(from: long) } == .invalidUTF8(offset: long.count - 9))
        HostileCost.expectBounded(long, timeRatio: 2, allocations: .atMost(16), peakPerByte: 4) { input in
            _ = try? decoder.parameters(from: input)
        }
    }

    @Test func nulBytesAndByteOrderMarksAreOrdinaryCharacters() throws {
        // `%00` and a raw NUL are U+0000, in names as in values; U+FEFF is kept where it is sent,
        // at the start of the form too (as WHATWG's parser keeps it).
        #expect(try Self.decoder.form("a%00b=%00") == .hash(["a\u{0}b": .value("\u{0}")]))
        #expect(Form(try Self.decoder.parameters(from: Array("n".utf8) + [0] + Array("=v".utf8) + [0])) == .hash(["n\u{0}": .value("v\u{0}")]))
        #expect(try Self.decoder.form("%EF%BB%BFa=1&\u{FEFF}b=%EF%BB%BF") == .hash(["\u{FEFF}a": .value("1"), "\u{FEFF}b": .value("\u{FEFF}")]))
        struct Named: Decodable { let a: String }
        // A key sent with a NUL or a BOM is not the key the type asks for.
        #expect(throws: DecodingError.self) { try Self.decoder.decode(Named.self, from: "a%00=1") }
        #expect(throws: DecodingError.self) { try Self.decoder.decode(Named.self, from: "%EF%BB%BFa=1") }
        let input = Self.repeated("%00=%00", HostileSize.of(10_000) - 1)
        #expect(try Self.decoder.form(String(decoding: input, as: UTF8.self)) == .hash(["\u{0}": .value("\u{0}")]))
    }

    // MARK: Keys that collide

    /// `é` as one scalar and as `e` + U+0301 are different bytes, and so different keys in the
    /// tree, but equal Swift `String`s: `parameters(from:)` cannot put both in one `Dictionary`
    /// and refuses the form, naming the key; a type's `CodingKey` finds its own bytes, or else an
    /// equal spelling; a `[String: V]` keeps the one `Dictionary`'s `init(from:)` stores last.
    @Test func keysEqualUnderCanonicalEquivalenceAreAConflictInRacksView() throws {
        let composed = "caf%C3%A9", decomposed = "cafe%CC%81"
        for form in ["\(composed)=1&\(decomposed)=2", "h[\(composed)]=1&h[\(decomposed)]=2", "h[\(composed)][x]=1&h[\(decomposed)][y]=2"] {
            #expect(inputError { _ = try Self.decoder.parameters(from: form) } == .conflictingKey("caf\u{E9}"), "\(form)")
        }
        struct Composed: Decodable {
            let value: Int
            enum CodingKeys: String, CodingKey { case value = "caf\u{E9}" }
        }
        // Its own bytes first; else a spelling `String` finds equal.
        #expect(try Self.decoder.decode(Composed.self, from: "\(decomposed)=2&\(composed)=1").value == 1)
        #expect(try Self.decoder.decode(Composed.self, from: "\(decomposed)=2").value == 2)
        let typed = try Self.decoder.decode([String: Int].self, from: "\(composed)=1&\(decomposed)=2")
        #expect(typed.count == 1 && typed["caf\u{E9}"] != nil)
    }

    /// Keys built of `Aa` and `BB`, which share a hash under Java's `String.hashCode` and every
    /// hash of that family: a hash table keyed by them degrades to a list in a naive decoder.
    /// Ours hashes with Swift's seeded SipHash.
    @Test func aHundredThousandKeysCollidingInANaiveHashStayLinear() throws {
        let count = HostileSize.of(100_000)
        let keys = (0..<count).map { index in
            String((0..<17).map { bit in index >> bit & 1 == 0 ? "Aa" : "BB" }.joined())
        }
        let input = Array(keys.map { "h[\($0)]=1" }.joined(separator: "&").utf8)
        let decoder = URLEncodedFormDecoder(limits: Self.unlimited)
        let hash = try #require(decoder.decode([String: [String: Int]].self, from: input)["h"])
        #expect(hash.count == count && hash[keys[count / 3]] == 1)
        // Each key, 34 bytes, is a `String` of its own in the hash `parameters(from:)` returns.
        HostileCost.expectBounded(input, timeRatio: 6, allocations: .atMost(UInt64(count) + 128)) { input in
            _ = try? decoder.parameters(from: input)
        }
        HostileCost.expectTenfoldGrowth(atMost: 32, from: 5_000, form: { count in
            Array((0..<count).map { index in "h[" + (0..<17).map { index >> $0 & 1 == 0 ? "Aa" : "BB" }.joined() + "]=1" }
                .joined(separator: "&").utf8)
        }) { input in
            _ = try? decoder.parameters(from: input)
        }
    }

    // MARK: Length

    @Test func anInputOneBytePastFourMiBFailsBeforeItIsRead() throws {
        let limit = 4 << 20
        let atTheLimit = Array("a=".utf8) + [UInt8](repeating: UInt8(ascii: "%"), count: limit - 2)
        // Over the limit the length is all that is looked at: not even the escapes.
        #expect(inputError { _ = try Self.decoder.parameters(from: atTheLimit + [UInt8(ascii: "x")]) } == .inputTooLong(limit: limit))
        #expect(inputError { _ = try Self.decoder.parameters(from: atTheLimit) } == .invalidPercentEscape(offset: 2))
        let value = [UInt8](repeating: UInt8(ascii: "v"), count: limit - 2)
        #expect(try Self.decoder.parameters(from: Array("a=".utf8) + value)["a"] as? String == String(decoding: value, as: UTF8.self))
        HostileCost.expectBounded(atTheLimit + [UInt8(ascii: "x")], timeRatio: 0.01, allocations: .atMost(16), peakPerByte: 0) { input in
            _ = try? Self.decoder.parameters(from: input)
        }
    }

    /// A value beyond ASCII is unescaped into temporary memory of its escaped length before it
    /// becomes a `String`: on the stack where there is room, else on the heap. A value of nearly
    /// 4 MiB read on a 512 KiB thread must take the heap, and read whole.
    @Test func aFourMiBValueOfTextBeyondASCIIReadsWholeOnA512KiBThread() throws {
        let characters = ((4 << 20) - 2) / 9
        let input = Array(("t=" + String(repeating: "%E6%9D%B1", count: characters)).utf8)
        let outcome = ThreadStack.run(size: ThreadStack.small) { () -> String in
            struct Text: Decodable { let t: String }
            do {
                let typed = try Self.decoder.decode(Text.self, from: input).t
                let untyped = try Self.decoder.parameters(from: input)["t"] as? String
                guard typed == untyped else { return "the typed and the untyped read differ" }
                return "\(typed.count) characters, \(typed.utf8.count) bytes, \(Set(typed))"
            } catch {
                return "\(error)"
            }
        }
        #expect(outcome == "\(characters) characters, \(characters * 3) bytes, [\"東\"]")
        // At most the input's length in temporary memory, and the text.
        HostileCost.expectBounded(input, timeRatio: 2, allocations: .atMost(16), peakPerByte: 2) { input in
            _ = try? Self.decoder.parameters(from: input)
        }
    }

    // MARK: Sharing

    @Test func oneDecoderSharedByEightThreadsGivesEachInputItsOwnOutcome() async throws {
        let decoder = URLEncodedFormDecoder(limits: .init(maximumDepth: 8, maximumParameterCount: 2_000, maximumInputLength: 1 << 16))
        let cases: [(input: [UInt8], expected: String)] = [
            (Array("a[b][c]=1&a[b][d]=2&e[]=3".utf8), "ok 2"),
            (Array(("a" + String(repeating: "[b]", count: 9) + "=1").utf8), "tooDeep(key: \"a\", limit: 8)"),
            (Self.repeated("x=1", 2_001), "tooManyParameters(limit: 2000)"),
            ([UInt8](repeating: UInt8(ascii: "a"), count: (1 << 16) + 1), "inputTooLong(limit: 65536)"),
            (Array("ok=%E2%82".utf8), "invalidUTF8(offset: 3)"),
            (Array("ok=%ZZ".utf8), "invalidPercentEscape(offset: 3)"),
            (Array("a=1&a[]=2".utf8), "conflictingKey(\"a\")"),
            (Array("from=%2B1415&body=hi+there".utf8), "ok 2"),
        ]
        let outputs = try await concurrently(tasks: 8) { task in
            (0..<200).map { round in
                let (input, expected) = cases[(task + round) % cases.count]
                let outcome: String
                do {
                    outcome = "ok \(try decoder.parameters(from: input).count)"
                } catch let DecodingError.dataCorrupted(context) {
                    outcome = (context.underlyingError as? URLEncodedFormDecoder.Error).map { "\($0.debugName)" } ?? "\(context)"
                } catch {
                    outcome = "\(error)"
                }
                return outcome == expected ? "" : "\(String(decoding: input.prefix(40), as: UTF8.self)): \(outcome), expected \(expected)"
            }
        }
        #expect(outputs.count == 1_600)
        #expect(outputs.filter { !$0.isEmpty } == [])
    }

    /// A benign form a megabyte long (a hundredth in debug builds) followed by `suffix`.
    private static func benignLong(suffix: String) -> [UInt8] {
        HostileCost.benignForm(length: HostileSize.of(1_000_000)) + Array(suffix.utf8)
    }
}

private extension URLEncodedFormDecoder.Error {
    /// The code and its values, as the test's table writes them.
    var debugName: String {
        switch code {
        case .inputTooLong, .tooManyParameters: return "\(code)(limit: \(limit!))"
        case .tooDeep: return "tooDeep(key: \"\(key!)\", limit: \(limit!))"
        case .invalidPercentEscape, .invalidUTF8: return "\(code)(offset: \(offset!))"
        default: return "\(code)(\"\(key!)\")"
        }
    }
}
