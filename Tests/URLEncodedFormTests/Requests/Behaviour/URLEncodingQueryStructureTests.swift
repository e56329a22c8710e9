import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

extension RequestsBehaviour {
    /// The shape of `URLEncoding`'s query (SPEC-requests §2.2): top-level keys in `keys.sorted(by: <)`
    /// order — Swift `String` ordering, which compares canonically equivalent text as equal and
    /// otherwise the Unicode scalars of the NFC form, not UTF-8 bytes or UTF-16 units — each key's
    /// pairs in the place of its key; a nested dictionary's entries under `key[nestedKey]`, an array's
    /// elements under `ArrayEncoding`'s keys, and empty collections contributing nothing. Keys and
    /// values are escaped at the leaf, so the brackets nesting adds are escaped too (`%5B`, `%5D`).
    ///
    /// Every expectation is a POST body, where the query is the whole text.
    struct URLEncodingQueryStructureTests {
        private func body(_ contender: RequestContender, _ parameters: [String: any Sendable],
                          _ arrayEncoding: FormOptions.ArrayStyle = .brackets) -> RequestOutcome {
            contender.urlEncoding(BehaviourRequest.make("POST"), parameters, URLEncodingOptions(arrayEncoding: arrayEncoding))
        }

        private static func expected(_ query: String) -> RequestOutcome {
            BehaviourOutcome.inBody(query)
        }

        // MARK: Top-level key order

        @Test(arguments: RequestContender.allCases)
        func asciiKeysSortByCodePointDigitsThenUpperCaseThenLowerCase(contender: RequestContender) {
            // Not numerically ("10" before "9") and not case-insensitively ("_" between "B" and "a").
            let parameters: [String: any Sendable] = ["b": 0, "a": 1, "B": 2, "A": 3, "_": 4, "0": 5, "10": 6, "9": 7]
            #expect(body(contender, parameters) == Self.expected("0=5&10=6&9=7&A=3&B=2&_=4&a=1&b=0"))
        }

        @Test(arguments: RequestContender.allCases)
        func keysSortBeforeTheyAreEscaped(contender: RequestContender) {
            // Unescaped, "[" (0x5B) sorts after "0" and "Z" and before "_"; escaped as "%5B" it would
            // sort first.
            let parameters: [String: any Sendable] = ["a[": 1, "a0": 2, "aZ": 3, "a_": 4]
            #expect(body(contender, parameters) == Self.expected("a0=2&aZ=3&a%5B=1&a_=4"))
        }

        @Test(arguments: RequestContender.allCases)
        func aPrefixSortsBeforeItsExtensions(contender: RequestContender) {
            let parameters: [String: any Sendable] = ["ab": 1, "a": 2, "a b": 3, "a-b": 4]
            #expect(body(contender, parameters) == Self.expected("a=2&a%20b=3&a-b=4&ab=1"))
        }

        @Test(arguments: RequestContender.allCases)
        func nonASCIIKeysSortByScalarWhereUTF8BytesAgree(contender: RequestContender) {
            // a, z, ü (U+00FC), 日 (U+65E5), 😀 (U+1F600): scalar and byte order agree here.
            let parameters: [String: any Sendable] = ["\u{FC}": 1, "z": 2, "a": 3, "日本": 4, "😀": 5]
            #expect(body(contender, parameters) == Self.expected("a=3&z=2&%C3%BC=1&%E6%97%A5%E6%9C%AC=4&%F0%9F%98%80=5"))
        }

        @Test(arguments: RequestContender.allCases)
        func keysSortByScalarNotByUTF16Unit(contender: RequestContender) {
            // "ａ" (U+FF41) before "😀" (U+1F600), though 😀's first UTF-16 unit (0xD83D) is smaller.
            let parameters: [String: any Sendable] = ["😀": 1, "\u{FF41}": 2]
            #expect(body(contender, parameters) == Self.expected("%EF%BD%81=2&%F0%9F%98%80=1"))
        }

        @Test(arguments: RequestContender.allCases)
        func aDecomposedKeySortsAsItsPrecomposedFormNotByItsBytes(contender: RequestContender) {
            // "e" + U+0301 compares as "é" (U+00E9), after "f"; by bytes (65 CC 81) it would come
            // before "f" (66). The key is still written as spelled, decomposed.
            let parameters: [String: any Sendable] = ["e\u{301}": 1, "f": 2, "e": 3]
            #expect(body(contender, parameters) == Self.expected("e=3&f=2&e%CC%81=1"))
        }

        @Test(arguments: RequestContender.allCases)
        func precomposedAndDecomposedKeysInterleaveByTheirCanonicalForm(contender: RequestContender) {
            // As NFC: ex, eа (e U+0430), éx (U+00E9), ö (U+00F6), öz (U+00F6 z). By bytes the
            // decomposed "e\u{301}x" (65 CC) would precede "eа" (65 D0), and "o\u{308}z" (6F) "ö" (C3).
            let parameters: [String: any Sendable] = ["o\u{308}z": 1, "\u{F6}": 2, "e\u{301}x": 3, "e\u{430}": 4, "ex": 5]
            #expect(body(contender, parameters) == Self.expected("ex=5&e%D0%B0=4&e%CC%81x=3&%C3%B6=2&o%CC%88z=1"))
        }

        @Test(arguments: RequestContender.allCases)
        func theOhmSignSortsAsTheGreekOmegaItIsEquivalentTo(contender: RequestContender) {
            // U+2126 is canonically U+03A9: "Ωa" (ohm) < "Ωb" (omega), though E2 84 A6 > CE A9.
            let parameters: [String: any Sendable] = ["\u{3A9}b": 1, "\u{2126}a": 2]
            #expect(body(contender, parameters) == Self.expected("%E2%84%A6a=2&%CE%A9b=1"))
        }

        // MARK: Pairs

        @Test(arguments: RequestContender.allCases)
        func anEmptyValueWritesKeyEqualsNotAKeyOnlyPair(contender: RequestContender) {
            #expect(body(contender, ["a": "", "b": "1"]) == Self.expected("a=&b=1"))
        }

        @Test(arguments: RequestContender.allCases)
        func anEmptyKeyWritesEqualsValue(contender: RequestContender) {
            #expect(body(contender, ["": "v", "a": "w"]) == Self.expected("=v&a=w"))
        }

        // MARK: Nested dictionaries

        @Test(arguments: RequestContender.allCases)
        func aNestedDictionaryWritesKeyBracketNestedKey(contender: RequestContender) {
            #expect(body(contender, ["a": ["b": 1]]) == Self.expected("a%5Bb%5D=1"))
        }

        @Test(arguments: RequestContender.allCases)
        func nestingRepeatsBracketsPerLevel(contender: RequestContender) {
            #expect(body(contender, ["a": ["b": ["c": "x"]]]) == Self.expected("a%5Bb%5D%5Bc%5D=x"))
        }

        @Test(arguments: RequestContender.allCases)
        func nestedKeysAreEscapedInsideTheEscapedBrackets(contender: RequestContender) {
            #expect(body(contender, ["a b": ["c&d": "e=f"]]) == Self.expected("a%20b%5Bc%26d%5D=e%3Df"))
        }

        @Test(arguments: RequestContender.allCases)
        func nestedPairsStayInTheirTopLevelKeysPlace(contender: RequestContender) {
            // Sorted by top-level key ("a" < "a b"), not by the whole escaped key ("a%20b" < "a%5Bz%5D").
            #expect(body(contender, ["a b": 2, "a": ["z": 1]]) == Self.expected("a%5Bz%5D=1&a%20b=2"))
        }

        @Test(arguments: RequestContender.allCases)
        func anEmptyNestedDictionaryWritesNothing(contender: RequestContender) {
            #expect(body(contender, ["a": [String: any Sendable](), "b": ["c": [String: any Sendable]()], "d": 1])
                == Self.expected("d=1"))
        }

        // MARK: Arrays

        @Test(arguments: RequestContender.allCases)
        func bracketsWriteEmptyBracketsPerElement(contender: RequestContender) {
            #expect(body(contender, ["a": [1, 2]]) == Self.expected("a%5B%5D=1&a%5B%5D=2"))
        }

        @Test(arguments: RequestContender.allCases)
        func arrayElementsKeepTheirOrder(contender: RequestContender) {
            #expect(body(contender, ["a": ["3", "1", "2"]]) == Self.expected("a%5B%5D=3&a%5B%5D=1&a%5B%5D=2"))
        }

        @Test(arguments: RequestContender.allCases)
        func noBracketsRepeatsTheKey(contender: RequestContender) {
            #expect(body(contender, ["a": [1, 2]], .noBrackets) == Self.expected("a=1&a=2"))
        }

        @Test(arguments: RequestContender.allCases)
        func noBracketsFlattensNestedArraysIntoOneKey(contender: RequestContender) {
            #expect(body(contender, ["a": [[1, 2], [3]]], .noBrackets) == Self.expected("a=1&a=2&a=3"))
        }

        @Test(arguments: RequestContender.allCases)
        func indexInBracketsWritesEachElementsPosition(contender: RequestContender) {
            #expect(body(contender, ["a": ["x", "y", "z"]], .indexInBrackets) == Self.expected("a%5B0%5D=x&a%5B1%5D=y&a%5B2%5D=z"))
        }

        @Test(arguments: RequestContender.allCases)
        func indexInBracketsCountsInEachElementsOwnArray(contender: RequestContender) {
            // The inner index restarts at 0 in the second inner array: not a running count (2).
            #expect(body(contender, ["a": [[1, 2], [3]]], .indexInBrackets)
                == Self.expected("a%5B0%5D%5B0%5D=1&a%5B0%5D%5B1%5D=2&a%5B1%5D%5B0%5D=3"))
        }

        @Test(arguments: RequestContender.allCases)
        func indexInBracketsCountsArraysInsideDictionariesInsideArraysFromZero(contender: RequestContender) {
            let parameters: [String: any Sendable] = ["a": [["k": [5, 6]], ["k": [7]]] as [any Sendable]]
            #expect(body(contender, parameters, .indexInBrackets)
                == Self.expected("a%5B0%5D%5Bk%5D%5B0%5D=5&a%5B0%5D%5Bk%5D%5B1%5D=6&a%5B1%5D%5Bk%5D%5B0%5D=7"))
        }

        @Test(arguments: RequestContender.allCases)
        func indexInBracketsCountsElementsThatWriteNothing(contender: RequestContender) {
            // The empty array is element 0: the number is element 1.
            #expect(body(contender, ["d": [[] as [any Sendable], 1] as [any Sendable]], .indexInBrackets) == Self.expected("d%5B1%5D=1"))
        }

        @Test(arguments: RequestContender.allCases)
        func customArrayEncodingGetsTheUnescapedKeyPathAndItsResultIsEscaped(contender: RequestContender) {
            // The closure sees "a b[c]" (a space, brackets), and its "|" is escaped afterwards.
            let custom = FormOptions.ArrayStyle.custom { key, index in "\(key)|\(index)" }
            #expect(body(contender, ["a b": ["c": ["x", "y"]]], custom) == Self.expected("a%20b%5Bc%5D%7C0=x&a%20b%5Bc%5D%7C1=y"))
        }

        @Test(arguments: RequestContender.allCases)
        func customArrayEncodingComposesForNestedArrays(contender: RequestContender) {
            // The inner call gets the outer call's result, "a#1", unescaped.
            let custom = FormOptions.ArrayStyle.custom { key, index in key + "#" + String(index) }
            #expect(body(contender, ["a": [[1], [2, 3]]], custom) == Self.expected("a%230%230=1&a%231%230=2&a%231%231=3"))
        }

        @Test(arguments: RequestContender.allCases)
        func dictionariesInAnArrayRepeatTheArrayKey(contender: RequestContender) {
            #expect(body(contender, ["a": [["k": 1], ["k": 2]]]) == Self.expected("a%5B%5D%5Bk%5D=1&a%5B%5D%5Bk%5D=2"))
        }

        @Test(arguments: RequestContender.allCases)
        func emptyArraysWriteNothingAtAnyLevel(contender: RequestContender) {
            let parameters: [String: any Sendable] = ["a": [] as [any Sendable], "c": 1, "d": [[] as [any Sendable], 1] as [any Sendable]]
            #expect(body(contender, parameters) == Self.expected("c=1&d%5B%5D=1"))
        }

        @Test(arguments: RequestContender.allCases)
        func anOptionalHoldingAnArrayIsWalkedAsTheArray(contender: RequestContender) {
            // The cast to `[Any]` sees through the `Optional`.
            let wrapped: [any Sendable]? = [1, 2]
            #expect(body(contender, ["v": wrapped as any Sendable]) == Self.expected("v%5B%5D=1&v%5B%5D=2"))
        }

        @Test(arguments: RequestContender.allCases)
        func anOptionalHoldingADictionaryIsWalkedAsTheDictionary(contender: RequestContender) {
            let wrapped: [String: any Sendable]? = ["k": "v"]
            #expect(body(contender, ["v": wrapped as any Sendable]) == Self.expected("v%5Bk%5D=v"))
        }
    }
}
