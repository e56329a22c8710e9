import Foundation
import Testing

/// `alphabetizeKeyValuePairs`: each level sorts its children's escaped segments as strings, a
/// nested child's segment being its whole joined sub-string (README, "Alamofire's quirks"; DocC, "Choosing Options", Sorting).
struct SortingTests {
    private static let unsorted = FormOptions(alphabetizeKeyValuePairs: false)

    @Test(arguments: Contender.allCases)
    func pairsAreSortedByByteValue(contender: Contender) {
        let value = VectorNode.object([("b", .text("2")), ("a", .text("1")), ("c", .text("3")), ("A", .text("0")), ("_", .text("u"))])
        #expect(contender.outcome(value) == .output("A=0&_=u&a=1&b=2&c=3"))
    }

    @Test(arguments: Contender.allCases)
    func segmentsAreSortedAfterEscaping(contender: Contender) {
        // "[" sorts after "A", but its escape "%5B" sorts before it.
        #expect(contender.outcome(["A": "1", "[": "2"]) == .output("%5B=2&A=1"))
    }

    @Test(arguments: Contender.allCases)
    func equalsSignTakesPartInTheComparison(contender: Contender) {
        // "a0=2" < "a=1" because "0" (0x30) < "=" (0x3D).
        #expect(contender.outcome(["a": "1", "a0": "2"]) == .output("a0=2&a=1"))
    }

    @Test(arguments: Contender.allCases)
    func aNestedKeyThatPrefixesAnotherSortsByWhatFollowsIt(contender: Contender) {
        // "a" escapes to "%5Ba%5D", a prefix of "a]0"'s "%5Ba%5D0%5D": the byte after it decides,
        // and "0" (0x30) sorts before the "=" (0x3D) that follows the shorter key.
        let value = VectorNode.object([("o", .object([("a", .text("1")), ("a]0", .text("2"))]))])
        #expect(contender.outcome(value) == .output("o%5Ba%5D0%5D=2&o%5Ba%5D=1"))
    }

    @Test(arguments: Contender.allCases)
    func keysThatEscapeAlikeSortByTheirValues(contender: Contender) {
        // With "%" allowed, "+" escapes to "%2B", the very spelling of the key "%2B".
        var allowed = CharacterSet.alphanumerics
        allowed.insert("%")
        let options = FormOptions(allowedCharacters: .set(allowed))
        let value = VectorNode.object([("+", .text("1")), ("%2B", .text("0"))])
        #expect(contender.outcome(value, options) == .output("%2B=0&%2B=1"))
    }

    @Test(arguments: Contender.allCases)
    func escapedNonASCIISortsBeforeLetters(contender: Contender) {
        #expect(contender.outcome(["b": "1", "B": "2", "é": "3"]) == .output("%C3%A9=3&B=2&b=1"))
    }

    @Test(arguments: Contender.allCases)
    func arrayElementsAreSortedAsStrings(contender: Contender) {
        let value = ["a": ["c", "a", "b", "10", "9", "100"]]
        #expect(contender.outcome(value) == .output("a%5B%5D=10&a%5B%5D=100&a%5B%5D=9&a%5B%5D=a&a%5B%5D=b&a%5B%5D=c"))
    }

    @Test(arguments: Contender.allCases)
    func elementsSharingLongBeginningsSortByTheirWholeText(contender: Contender) {
        // Elements alike in their first eight bytes and beyond, prefixes of one another and
        // equal twins; "b" makes the level share only "%5B%5D=", "c" shares "%5B%5D=abcdefghi".
        let alike = ["abcdefghij2", "abcdefghij1", "abcdefghi", "abcdefghij", "abcdefghij1", "abcdefghij10"]
        let value = ["b": alike + ["b"], "c": alike]
        let sorted = ["abcdefghi", "abcdefghij", "abcdefghij1", "abcdefghij1", "abcdefghij10", "abcdefghij2"]
        let expected = (sorted + ["b"]).map { "b%5B%5D=\($0)" } + sorted.map { "c%5B%5D=\($0)" }
        #expect(contender.outcome(value) == .output(expected.joined(separator: "&")))
    }

    @Test(arguments: Contender.allCases)
    func aTextSortsBeforeItselfFollowedByAnUnescapedNul(contender: Contender) {
        // A set that lets U+0000 through: "a" and "a\0" look alike to a comparison that pads
        // the end of a text with zero bytes; the shorter must still come first.
        let allowed = CharacterSet(charactersIn: "a\u{0}")
        let options = FormOptions(allowedCharacters: .set(allowed))
        #expect(contender.outcome(["v": ["a\u{0}", "a"]], options) == .output("%76%5B%5D=a&%76%5B%5D=a\u{0}"))
    }

    @Test(arguments: Contender.allCases)
    func recordsOfAnArraySortByTheFirstValueThatDiffers(contender: Contender) {
        // Every record writes "[id]=…&[name]=…": the order is decided in the ids, past a
        // shared beginning longer than eight bytes, or, for equal ids, in the names.
        let records: [[String: String]] = [["id": "1234567890", "name": "b"], ["id": "1234567891", "name": "a"],
                                           ["id": "1234567890", "name": "a"], ["id": "123456789", "name": "z"]]
        let expected = "r%5B%5D%5Bid%5D=123456789&r%5B%5D%5Bname%5D=z"
            + "&r%5B%5D%5Bid%5D=1234567890&r%5B%5D%5Bname%5D=a"
            + "&r%5B%5D%5Bid%5D=1234567890&r%5B%5D%5Bname%5D=b"
            + "&r%5B%5D%5Bid%5D=1234567891&r%5B%5D%5Bname%5D=a"
        #expect(contender.outcome(["r": records]) == .output(expected))
    }

    @Test(arguments: Contender.allCases)
    func recordsTiedPastSeveralWordsSortByWhatFollows(contender: Contender) {
        // Four records share a value longer than eight bytes; a fifth has that value's prefix,
        // so it ends where the others go on with "q". Among the four, two are identical and
        // "10" sorts before "2".
        let long = "abcdefghijklmnopq"
        let records: [[String: String]] = [["a": long, "b": "3"], ["a": "abcdefghijklmnop", "b": "9"],
                                           ["a": long, "b": "2"], ["a": long, "b": "10"], ["a": long, "b": "2"]]
        let expected = [("abcdefghijklmnop", "9"), (long, "10"), (long, "2"), (long, "2"), (long, "3")]
            .map { "r%5B%5D%5Ba%5D=\($0.0)&r%5B%5D%5Bb%5D=\($0.1)" }
            .joined(separator: "&")
        #expect(contender.outcome(["r": records]) == .output(expected))
    }

    @Test(arguments: Contender.allCases)
    func aLongArrayTiedInLargeGroupsSortsAsStrings(contender: Contender) {
        // 3,000 texts in 60 groups of 50 that share their first eight bytes and more, then
        // differ; some groups hold texts that are prefixes of others. Plain ASCII, so the
        // standard library's order of the texts is the order of the segments.
        let texts = (0..<3_000).map { index in
            let group = String(repeating: "g", count: 4) + String(index % 60, radix: 36) + "-shared-"
            return index % 7 == 0 ? group : group + String((index * 7_919) % 3_000)
        }
        let expected = texts.sorted().map { "t%5B%5D=\($0)" }.joined(separator: "&")
        #expect(contender.outcome(["t": texts]) == .output(expected))
    }

    @Test(arguments: Contender.allCases)
    func aLongArrayWhoseTiesShareAnyNumberOfBytesSortsAsStrings(contender: Contender) {
        // 10,000 texts in a scrambled order, after "tie" or the eight bytes "tiedword": then
        // nothing, seven shared bytes or twenty, and a random tail. The sort meets members
        // that share fewer bytes than the word it read (the words order them), and a group
        // of 2,500 tied on eight bytes that shares twelve more (read again past them, and
        // sorted by radix), besides pairs and short groups.
        let sharedParts = ["", "xyzxyzx", "qqqqqqqq" + String(repeating: "r", count: 12), "abcabcab"]
        let texts = (0..<10_000).map { index in
            var state = UInt64(index) &* 0x9E37_79B9_7F4A_7C15
            let tail = String((0..<Int(state >> 61)).map { _ in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return Array("abc")[Int(state >> 62) % 3]
            })
            return (index % 11 == 0 ? "tie" : "tiedword") + sharedParts[index % 4] + tail
        }
        let expected = texts.sorted().map { "t%5B%5D=\($0)" }.joined(separator: "&")
        #expect(contender.outcome(["t": texts]) == .output(expected))
    }

    @Test(arguments: Contender.allCases)
    func aLongArrayOfTextsThatDifferByTrailingZeroBytesPutsTheShorterFirst(contender: Contender) {
        // With U+0000 allowed unescaped, "ab" and "ab\0" read the same zero-padded eight
        // bytes: only their lengths order them. 3,000 of them, in an order that is not
        // sorted, so that the sort for long levels decides it.
        let texts = (0..<3_000).map { index in
            "v" + String(index / 3 % 500, radix: 36) + String(repeating: "\0", count: index % 3) + (index < 1_500 ? "" : "x")
        }
        let allowed = FormOptions(allowedCharacters: .set(CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "\0"))))
        let expected = texts.sorted().map { "t%5B%5D=\($0)" }.joined(separator: "&")
        #expect(contender.outcome(["t": texts.reversed()], allowed) == .output(expected))
    }

    @Test(arguments: Contender.allCases)
    func indexedElementsAreSortedAsStringsToo(contender: Contender) {
        // "a[10]" sorts between "a[1]" and "a[2]".
        let value = ["a": Array(0...10)]
        let expected = "a%5B0%5D=0&a%5B1%5D=1&a%5B10%5D=10&a%5B2%5D=2&a%5B3%5D=3&a%5B4%5D=4"
            + "&a%5B5%5D=5&a%5B6%5D=6&a%5B7%5D=7&a%5B8%5D=8&a%5B9%5D=9"
        #expect(contender.outcome(value, FormOptions(arrayEncoding: .indexInBrackets)) == .output(expected))
    }

    @Test(arguments: Contender.allCases)
    func nestedArraySortsAsOneUnit(contender: Contender) {
        // Element "b&z" is compared with element "c" as a whole, so "z" stays before "c".
        let value = ["m": [["z", "b"], ["c"]]]
        #expect(contender.outcome(value) == .output("m%5B%5D%5B%5D=b&m%5B%5D%5B%5D=z&m%5B%5D%5B%5D=c"))
    }

    @Test(arguments: Contender.allCases)
    func nestedObjectSortsAsOneUnit(contender: Contender) {
        // "a[b]…&a[z]…" is one segment and sorts before "a%5Bc=3"; a global sort would put
        // "a%5Bc=3" between the two nested pairs.
        let value = VectorNode.object([
            ("a", .object([("z", .text("1")), ("b", .text("2"))])),
            ("a[c", .text("3")),
        ])
        #expect(contender.outcome(value) == .output("a%5Bb%5D=2&a%5Bz%5D=1&a%5Bc=3"))
    }

    @Test(arguments: Contender.allCases)
    func withoutAlphabetizingPairsKeepInsertionOrder(contender: Contender) {
        let value = VectorNode.object([("b", .text("2")), ("a", .text("1")), ("c", .text("3"))])
        #expect(contender.outcome(value, Self.unsorted) == .output("b=2&a=1&c=3"))
    }

    @Test(arguments: Contender.allCases)
    func withoutAlphabetizingNestedLevelsKeepTheirOrder(contender: Contender) {
        let value = VectorNode.object([
            ("z", .array([.text("c"), .text("a")])),
            ("y", .object([("q", .text("1")), ("p", .text("2"))])),
        ])
        #expect(contender.outcome(value, Self.unsorted) == .output("z%5B%5D=c&z%5B%5D=a&y%5Bq%5D=1&y%5Bp%5D=2"))
    }
}
