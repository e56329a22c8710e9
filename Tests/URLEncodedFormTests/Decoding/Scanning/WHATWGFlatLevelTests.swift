import Foundation
import Testing
import URLEncodedForm

/// The flat level, as the WHATWG URL standard's `application/x-www-form-urlencoded` parser reads
/// it: `&` alone separates, the name runs to the first `=`, `+` is a space, `%XX` a byte;
/// invalid escapes and invalid UTF-8 fail with their exact byte offset under `.throw` and read
/// as WHATWG reads them (the escape as written, U+FFFD per maximal subpart) under `.whatwg`;
/// what counts toward `maximumParameterCount`; and the three entry points agreeing. Every
/// expected value is written by hand from those rules.
struct WHATWGFlatLevelTests {
    let whatwg = URLEncodedFormDecoder(invalidInput: .whatwg)

    /// The pairs of `query` (plain names, each sent once) as a `[String: String]`.
    func pairs(_ query: String, _ decoder: URLEncodedFormDecoder = URLEncodedFormDecoder()) throws -> [String: String] {
        try decoder.decode([String: String].self, from: query)
    }

    /// The pairs of raw bytes, for input a Swift `String` cannot hold.
    func pairs(bytes: [UInt8], _ decoder: URLEncodedFormDecoder = URLEncodedFormDecoder()) throws -> [String: String] {
        try decoder.decode([String: String].self, from: bytes)
    }

    // MARK: Splitting

    @Test func splitsOnAmpersandOnlyNeverOnSemicolon() throws {
        #expect(try pairs("a=1&b=2") == ["a": "1", "b": "2"])
        #expect(try pairs("a=1;b=2") == ["a": "1;b=2"])
        #expect(try pairs("a;b") == ["a;b": ""])
        #expect(try pairs("a=1%26b=2") == ["a": "1&b=2"])
        #expect(try pairs("a%26b=c%3Dd") == ["a&b": "c=d"])
    }

    @Test func skipsEmptySequences() throws {
        #expect(try pairs("&&a=1&") == ["a": "1"])
        #expect(try pairs("a=1&&&b=2") == ["a": "1", "b": "2"])
        #expect(try pairs("") == [:])
        #expect(try pairs("&") == [:])
        #expect(try pairs("&&&") == [:])
    }

    @Test func nameRunsToTheFirstEqualsSignAndTheValueKeepsTheRest() throws {
        #expect(try pairs("a==b") == ["a": "=b"])
        #expect(try pairs("a=b=c") == ["a": "b=c"])
        #expect(try pairs("a=") == ["a": ""])
        #expect(try pairs("=b") == ["": "b"])
        #expect(try pairs("=") == ["": ""])
        #expect(try pairs("==") == ["": "="])
        #expect(try pairs("a%3Db=c") == ["a=b": "c"])
    }

    @Test func bareNameReadsAsAnEmptyValue() throws {
        #expect(try pairs("flag") == ["flag": ""])
        #expect(try pairs("flag&x=1") == ["flag": "", "x": "1"])
        #expect(try pairs("x=1&flag") == ["x": "1", "flag": ""])
    }

    // MARK: Unescaping

    @Test func plusIsASpaceInNameAndValue() throws {
        #expect(try pairs("a+b=c+d") == ["a b": "c d"])
        #expect(try pairs("a=++") == ["a": "  "])
        #expect(try pairs("+=+") == [" ": " "])
    }

    @Test func percentEscapesReadInEitherCase() throws {
        #expect(try pairs("%41%62=%7e%7E%2f%2F") == ["Ab": "~~//"])
        #expect(try pairs("a=%c3%a9%C3%A9%c3%A9") == ["a": "\u{E9}\u{E9}\u{E9}"])
        #expect(try pairs("a=%20") == ["a": " "])
        #expect(try pairs("a=%25") == ["a": "%"])
        #expect(try pairs("a=%2541") == ["a": "%41"])
    }

    @Test func escapedPlusIsAPlusNotASpace() throws {
        #expect(try pairs("a=%2B") == ["a": "+"])
        #expect(try pairs("a=%2b") == ["a": "+"])
        #expect(try pairs("a=1%2B1+2") == ["a": "1+1 2"])
        #expect(try pairs("%2B=x") == ["+": "x"])
    }

    @Test func validMultiByteUTF8ReadsAsItsScalars() throws {
        #expect(try pairs("a=%F0%9F%98%80") == ["a": "\u{1F600}"])
        #expect(try pairs("a=%E2%82%AC") == ["a": "\u{20AC}"])
        // Noncharacters and the last scalar are valid UTF-8.
        #expect(try pairs("a=%EF%BF%BE") == ["a": "\u{FFFE}"])
        #expect(try pairs("a=%F4%8F%BF%BF") == ["a": "\u{10FFFF}"])
        #expect(try pairs(bytes: Array("a=\u{E9}t\u{E9}".utf8)) == ["a": "\u{E9}t\u{E9}"])
    }

    // MARK: Invalid escapes

    /// An input with an invalid escape, and the byte offset of its `%`.
    static let invalidEscapes: [(query: String, offset: Int)] = [
        ("a=%", 2), ("a=%4", 2), ("a=%G1", 2), ("a=%4g", 2), ("a=%g4", 2),
        ("a%", 1), ("a%=1", 1), ("%", 0), ("a=%%41", 2), ("a=1%", 3), ("a=%41%", 5),
        ("x=1&b=%4", 6), ("a=%41&b=%zz", 8), ("a=%+1", 2), ("a=%%", 2),
    ]

    @Test(arguments: invalidEscapes)
    func invalidEscapeThrowsWithTheOffsetOfItsPercentSign(_ vector: (query: String, offset: Int)) {
        let error = inputError { _ = try pairs(vector.query) }
        #expect(error == .invalidPercentEscape(offset: vector.offset), "\(vector.query)")
    }

    @Test func invalidEscapeIsKeptAsWrittenUnderWHATWG() throws {
        #expect(try pairs("a=%", whatwg) == ["a": "%"])
        #expect(try pairs("a=%4", whatwg) == ["a": "%4"])
        #expect(try pairs("a=%G1", whatwg) == ["a": "%G1"])
        #expect(try pairs("a=%4g", whatwg) == ["a": "%4g"])
        #expect(try pairs("a=1%", whatwg) == ["a": "1%"])
        #expect(try pairs("a=%%", whatwg) == ["a": "%%"])
        // The first `%` is kept, the valid escape after it is still read.
        #expect(try pairs("a=%%41", whatwg) == ["a": "%A"])
        #expect(try pairs("a=%41%", whatwg) == ["a": "A%"])
        // `+` is a space before escapes are read, so `%+1` is `%` followed by a space.
        #expect(try pairs("a=%+1", whatwg) == ["a": "% 1"])
        #expect(try pairs("a%=1", whatwg) == ["a%": "1"])
        #expect(try pairs("%", whatwg) == ["%": ""])
        #expect(try pairs("%zz=%2", whatwg) == ["%zz": "%2"])
    }

    // MARK: Invalid UTF-8

    /// An input whose value is not UTF-8 once unescaped, the byte offset of the first byte of
    /// the first bad sequence (an escaped byte's offset is its `%`), and the value WHATWG reads:
    /// one U+FFFD per maximal subpart (a valid prefix of a sequence cut short reads as one; a
    /// byte that cannot start or continue one reads as one by itself).
    static let invalidUTF8: [(query: String, offset: Int, whatwg: String)] = [
        ("a=%FE%FF", 2, "\u{FFFD}\u{FFFD}"),
        ("a=%C3", 2, "\u{FFFD}"),
        // A lone surrogate: after ED the next byte must be 80-9F, so ED, A0 and 80 read one each.
        ("a=%ED%A0%80", 2, "\u{FFFD}\u{FFFD}\u{FFFD}"),
        // Overlong encodings: C0 never starts a sequence; after E0 the next byte must be A0-BF,
        // after F0 90-BF.
        ("a=%C0%80", 2, "\u{FFFD}\u{FFFD}"),
        ("a=%E0%80%AF", 2, "\u{FFFD}\u{FFFD}\u{FFFD}"),
        ("a=%F0%80%80%80", 2, "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"),
        // Above U+10FFFF: after F4 the next byte must be 80-8F.
        ("a=%F4%90%80%80", 2, "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"),
        // F8 is no lead byte at all: five bytes, five replacements.
        ("a=%F8%88%80%80%80", 2, "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"),
        // Truncated sequences: the valid prefix is one maximal subpart.
        ("a=%E2%82", 2, "\u{FFFD}"),
        ("a=%E2%82x", 2, "\u{FFFD}x"),
        ("a=%F0%9F%98A", 2, "\u{FFFD}A"),
        ("a=%E2%28%A1", 2, "\u{FFFD}(\u{FFFD}"),
        ("a=%80", 2, "\u{FFFD}"),
        ("a=x%C3", 3, "x\u{FFFD}"),
        ("a=ok%C3%28", 4, "ok\u{FFFD}("),
        ("a=%E2%82%AC%FF", 11, "\u{20AC}\u{FFFD}"),
        ("a=%C3%A9%C3", 8, "\u{E9}\u{FFFD}"),
        ("x=1&a=%FF", 6, "\u{FFFD}"),
    ]

    @Test(arguments: invalidUTF8)
    func invalidUTF8ThrowsWithTheOffsetOfItsFirstByte(_ vector: (query: String, offset: Int, whatwg: String)) {
        let error = inputError { _ = try pairs(vector.query) }
        #expect(error == .invalidUTF8(offset: vector.offset), "\(vector.query)")
    }

    @Test(arguments: invalidUTF8)
    func invalidUTF8ReadsAsReplacementCharactersUnderWHATWG(_ vector: (query: String, offset: Int, whatwg: String)) throws {
        let value = try #require(try pairs(vector.query, whatwg)["a"])
        #expect(Array(value.unicodeScalars) == Array(vector.whatwg.unicodeScalars), "\(vector.query)")
    }

    @Test func offsetsCountBytesNotCharacters() {
        // "é" is two bytes: the `%` after "é=" is byte 3.
        #expect(inputError { _ = try pairs("\u{E9}=%") } == .invalidPercentEscape(offset: 3))
        #expect(inputError { _ = try pairs("\u{E9}=%FF") } == .invalidUTF8(offset: 3))
        #expect(inputError { _ = try pairs("\u{1F600}=1&b=%C3") } == .invalidUTF8(offset: 9))
    }

    @Test func invalidEscapesAndInvalidUTF8TogetherUnderWHATWG() throws {
        // A kept escape interrupts a sequence: its `%` cannot continue one.
        #expect(try pairs("a=%C3%G1", whatwg) == ["a": "\u{FFFD}%G1"])
        #expect(try pairs("a=%C3%", whatwg) == ["a": "\u{FFFD}%"])
        #expect(try pairs("a=%E2%82%", whatwg) == ["a": "\u{FFFD}%"])
        #expect(try pairs("a=%%FF", whatwg) == ["a": "%\u{FFFD}"])
    }

    @Test func invalidUTF8InANameThrowsAndReadsAsReplacementUnderWHATWG() throws {
        #expect(inputError { _ = try pairs("%FF=1") } == .invalidUTF8(offset: 0))
        #expect(inputError { _ = try pairs("a=1&b%C3=2") } == .invalidUTF8(offset: 5))
        #expect(try pairs("%FF=1", whatwg) == ["\u{FFFD}": "1"])
        #expect(try pairs("b%C3=2", whatwg) == ["b\u{FFFD}": "2"])
    }

    @Test func rawBytesThatAreNotUTF8ThrowAtTheirOffset() {
        #expect(inputError { _ = try pairs(bytes: [0x61, 0x3D, 0xFF]) } == .invalidUTF8(offset: 2))
        #expect(inputError { _ = try pairs(bytes: [0xFF, 0x3D, 0x31]) } == .invalidUTF8(offset: 0))
        // "a=é" then a lone lead byte.
        #expect(inputError { _ = try pairs(bytes: [0x61, 0x3D, 0xC3, 0xA9, 0xC3]) } == .invalidUTF8(offset: 4))
        // ED A0 80: an encoded surrogate, sent raw.
        #expect(inputError { _ = try pairs(bytes: [0x61, 0x3D, 0xED, 0xA0, 0x80]) } == .invalidUTF8(offset: 2))
        // A raw lead byte followed by an escaped byte that cannot continue it.
        #expect(inputError { _ = try pairs(bytes: [0x61, 0x3D, 0xC3] + Array("%28".utf8)) } == .invalidUTF8(offset: 2))
        // An escaped lead byte followed by a raw byte that cannot continue it.
        #expect(inputError { _ = try pairs(bytes: Array("a=%C3(".utf8)) } == .invalidUTF8(offset: 2))
    }

    @Test func rawBytesThatAreNotUTF8ReadAsReplacementUnderWHATWG() throws {
        #expect(try pairs(bytes: [0x61, 0x3D, 0xFF], whatwg) == ["a": "\u{FFFD}"])
        #expect(try pairs(bytes: [0x61, 0x3D, 0xC3, 0xA9, 0xC3], whatwg) == ["a": "\u{E9}\u{FFFD}"])
        #expect(try pairs(bytes: [0x61, 0x3D, 0xED, 0xA0, 0x80], whatwg) == ["a": "\u{FFFD}\u{FFFD}\u{FFFD}"])
        #expect(try pairs(bytes: [0x61, 0x3D, 0xC3] + Array("%28".utf8), whatwg) == ["a": "\u{FFFD}("])
    }

    @Test func utf8IsCheckedAfterUnescapingSoRawAndEscapedBytesMayFormOneScalar() throws {
        // A raw C3 and an escaped A9 are the two bytes of "é", and the other way round.
        #expect(try pairs(bytes: [0x61, 0x3D, 0xC3] + Array("%A9".utf8)) == ["a": "\u{E9}"])
        #expect(try pairs(bytes: Array("a=%C3".utf8) + [0xA9]) == ["a": "\u{E9}"])
        #expect(try pairs(bytes: [0x61, 0x3D, 0xF0] + Array("%9F%98".utf8) + [0x80]) == ["a": "\u{1F600}"])
    }

    /// A type that reads `b` only: the input is checked whole, not only where the type reads.
    struct OnlyB: Decodable, Equatable {
        let b: String
    }

    @Test func inputIsCheckedWholeEvenWhereTheTypeNeverReads() throws {
        let decoder = URLEncodedFormDecoder()
        #expect(inputError { _ = try decoder.decode(OnlyB.self, from: "a=%FF&b=1") } == .invalidUTF8(offset: 2))
        #expect(inputError { _ = try decoder.decode(OnlyB.self, from: "a=%&b=1") } == .invalidPercentEscape(offset: 2))
        #expect(inputError { _ = try decoder.decode(OnlyB.self, from: "b=1&%FF") } == .invalidUTF8(offset: 4))
        #expect(try whatwg.decode(OnlyB.self, from: "a=%FF&b=1&%") == OnlyB(b: "1"))
    }

    // MARK: Byte order mark, NUL

    @Test func leadingByteOrderMarkIsKept() throws {
        let escaped = try pairs("%EF%BB%BFa=1")
        #expect(escaped.keys.map { Array($0.utf8) } == [[0xEF, 0xBB, 0xBF, 0x61]])
        let raw = try pairs(bytes: [0xEF, 0xBB, 0xBF, 0x61, 0x3D, 0x31])
        #expect(raw.keys.map { Array($0.utf8) } == [[0xEF, 0xBB, 0xBF, 0x61]])
        let string = try pairs("\u{FEFF}a=1")
        #expect(string.keys.map { Array($0.utf8) } == [[0xEF, 0xBB, 0xBF, 0x61]])
        let data = try URLEncodedFormDecoder().decode([String: String].self, from: Data([0xEF, 0xBB, 0xBF, 0x61, 0x3D, 0x31]))
        #expect(data.keys.map { Array($0.utf8) } == [[0xEF, 0xBB, 0xBF, 0x61]])
        let value = try #require(try pairs("a=%EF%BB%BFx")["a"])
        #expect(Array(value.utf8) == [0xEF, 0xBB, 0xBF, 0x78])
    }

    @Test func nulBytesAreOrdinaryBytes() throws {
        #expect(try pairs("a=%00b") == ["a": "\u{0}b"])
        #expect(try pairs("%00=1") == ["\u{0}": "1"])
        #expect(try pairs(bytes: [0x61, 0x3D, 0x00, 0x62]) == ["a": "\u{0}b"])
        #expect(try pairs("a=%00%00") == ["a": "\u{0}\u{0}"])
    }

    // MARK: Counting sequences

    func counting(_ limit: Int) -> URLEncodedFormDecoder {
        URLEncodedFormDecoder(limits: .init(maximumParameterCount: limit))
    }

    @Test func bareNamesAndEmptyValuesCountTowardTheParameterLimit() throws {
        let query = "a&b=&c=1&="
        #expect(try pairs(query, counting(4)) == ["a": "", "b": "", "c": "1", "": ""])
        #expect(inputError { _ = try pairs(query, counting(3)) } == .tooManyParameters(limit: 3))
        #expect(inputError { _ = try pairs("=", counting(0)) } == .tooManyParameters(limit: 0))
        #expect(inputError { _ = try pairs("a", counting(0)) } == .tooManyParameters(limit: 0))
    }

    @Test func emptySequencesDoNotCountTowardTheParameterLimit() throws {
        #expect(try pairs("&&a=1&&b=2&&", counting(2)) == ["a": "1", "b": "2"])
        #expect(inputError { _ = try pairs("&&a=1&&b=2&&", counting(1)) } == .tooManyParameters(limit: 1))
        #expect(try pairs("&&&", counting(0)) == [:])
        #expect(try pairs("", counting(0)) == [:])
    }

    @Test func repeatedSequencesEachCount() throws {
        let decoder = URLEncodedFormDecoder(duplicateKeys: .last, limits: .init(maximumParameterCount: 3))
        #expect(try pairs("a&a&a", decoder) == ["a": ""])
        #expect(inputError { _ = try pairs("a&a&a&a", decoder) } == .tooManyParameters(limit: 3))
    }

    // MARK: The web platform tests' table

    /// The cases of the web platform tests' `url/urlencoded-parser.any.js` (the table browsers
    /// check `URLSearchParams` against), each input with the pairs it parses into, in order.
    /// Read with `.whatwg`, the policy of those tests.
    static let webPlatformParserCases: [(input: String, pairs: [(String, String)])] = [
        ("test", [("test", "")]),
        ("\u{FEFF}test=\u{FEFF}", [("\u{FEFF}test", "\u{FEFF}")]),
        ("%EF%BB%BFtest=%EF%BB%BF", [("\u{FEFF}test", "\u{FEFF}")]),
        ("%EF%BF%BF=%EF%BF%BF", [("\u{FFFF}", "\u{FFFF}")]),
        ("%FE%FF", [("\u{FFFD}\u{FFFD}", "")]),
        ("%FF%FE", [("\u{FFFD}\u{FFFD}", "")]),
        ("\u{2020}&\u{2020}=x", [("\u{2020}", ""), ("\u{2020}", "x")]),
        ("%C2", [("\u{FFFD}", "")]),
        ("%C2x", [("\u{FFFD}x", "")]),
        ("_charset_=windows-1252&test=%C2x", [("_charset_", "windows-1252"), ("test", "\u{FFFD}x")]),
        ("", []),
        ("a", [("a", "")]),
        ("a=b", [("a", "b")]),
        ("a=", [("a", "")]),
        ("=b", [("", "b")]),
        ("&", []),
        ("&a", [("a", "")]),
        ("a&", [("a", "")]),
        ("a&a", [("a", ""), ("a", "")]),
        ("a&b&c", [("a", ""), ("b", ""), ("c", "")]),
        ("a=b&c=d", [("a", "b"), ("c", "d")]),
        ("a=b&c=d&", [("a", "b"), ("c", "d")]),
        ("&&&a=b&&&&c=d&", [("a", "b"), ("c", "d")]),
        ("a=a&a=b&a=c", [("a", "a"), ("a", "b"), ("a", "c")]),
        ("a==a", [("a", "=a")]),
        ("a=a+b+c+d", [("a", "a b c d")]),
        ("%=a", [("%", "a")]),
        ("%a=a", [("%a", "a")]),
        ("%a_=a", [("%a_", "a")]),
        ("%61=a", [("a", "a")]),
        ("%61+%4d%4D=", [("a MM", "")]),
        ("id=0&value=%", [("id", "0"), ("value", "%")]),
        ("b=%2sf%2a", [("b", "%2sf*")]),
        ("b=%2%2af%2a", [("b", "%2*f*")]),
        ("b=%%2a", [("b", "%*")]),
    ]

    /// A name's values in the order sent, as `[String: [String]]` reads repeated names: the
    /// flat pairs, grouped by name (what a dictionary can show of their order).
    @Test(arguments: webPlatformParserCases.indices)
    func theWebPlatformTestsParserTableReadsAsBrowsersReadIt(_ index: Int) throws {
        let (input, pairs) = Self.webPlatformParserCases[index]
        let expected = Dictionary(grouping: pairs, by: \.0).mapValues { $0.map(\.1) }
        let read = try whatwg.decode([String: [String]].self, from: input)
        // Compared by scalars: `String`'s `==` would equate texts that differ in their bytes.
        #expect(read.mapValues { $0.map { Array($0.unicodeScalars) } } == expected.mapValues { $0.map { Array($0.unicodeScalars) } },
                "\(input)")
        #expect(Set(read.keys.map { Array($0.unicodeScalars) }) == Set(expected.keys.map { Array($0.unicodeScalars) }), "\(input)")
    }

    // MARK: Entry points

    /// Inputs and what every entry point reads from them.
    static let entryPointVectors: [(query: String, pairs: [String: String])] = [
        ("", [:]),
        ("&&a=1&", ["a": "1"]),
        ("a=1;b=2", ["a": "1;b=2"]),
        ("a==b&flag", ["a": "=b", "flag": ""]),
        ("a+b=c%2Bd+%41", ["a b": "c+d A"]),
        ("n%C3%A4me=v%C3%A4lue", ["n\u{E4}me": "v\u{E4}lue"]),
        ("%EF%BB%BFk=%00", ["\u{FEFF}k": "\u{0}"]),
    ]

    @Test(arguments: entryPointVectors)
    func stringBytesAndDataEntryPointsAgree(_ vector: (query: String, pairs: [String: String])) throws {
        let decoder = URLEncodedFormDecoder()
        let bytes = Array(vector.query.utf8)
        #expect(try decoder.decode([String: String].self, from: vector.query) == vector.pairs)
        #expect(try decoder.decode([String: String].self, from: bytes) == vector.pairs)
        #expect(try decoder.decode([String: String].self, from: Data(bytes)) == vector.pairs)
        let tree = Form.hash(vector.pairs.mapValues(Form.value))
        #expect(Form(try decoder.parameters(from: vector.query)) == tree)
        #expect(Form(try decoder.parameters(from: bytes)) == tree)
    }

    @Test func entryPointsThrowTheSameInputErrors() {
        let decoder = URLEncodedFormDecoder()
        for (query, expected) in [("a=%FF", URLEncodedFormDecoder.Error.invalidUTF8(offset: 2)),
                                  ("a=b&%4", .invalidPercentEscape(offset: 4))] {
            let bytes = Array(query.utf8)
            #expect(inputError { _ = try decoder.decode([String: String].self, from: query) } == expected)
            #expect(inputError { _ = try decoder.decode([String: String].self, from: bytes) } == expected)
            #expect(inputError { _ = try decoder.decode([String: String].self, from: Data(bytes)) } == expected)
            #expect(inputError { _ = try decoder.parameters(from: query) } == expected)
            #expect(inputError { _ = try decoder.parameters(from: bytes) } == expected)
        }
    }
}
