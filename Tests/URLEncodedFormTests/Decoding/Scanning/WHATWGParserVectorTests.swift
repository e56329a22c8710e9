import Foundation
import Testing
import URLEncodedForm

/// The cases of the web-platform-tests' `url/urlencoded-parser.any.js` (the WHATWG parser's own
/// test data: each input with the name–value pairs a browser's `URLSearchParams` reads from it)
/// and the parsing tests of `url/urlsearchparams-constructor.any.js` (`+`, spaces, NUL and text
/// beyond ASCII, raw and escaped), typed in by hand, with whether the parser repairs the input
/// (keeps a bad escape as written, replaces invalid UTF-8 with U+FFFD). Read under `.whatwg`,
/// which repairs as the parser does. A form's pairs become a tree, so each case is checked
/// twice: every value of a name, in order, through a typed `[String: [String]]`, and the last
/// value of each name through `parameters(from:)`.
struct WHATWGParserVectorTests {
    private static let cases: [(input: String, pairs: [(String, String)], repairs: Bool)] = [
        ("test", [("test", "")], repairs: false),
        ("\u{FEFF}test=\u{FEFF}", [("\u{FEFF}test", "\u{FEFF}")], repairs: false),
        ("%EF%BB%BFtest=%EF%BB%BF", [("\u{FEFF}test", "\u{FEFF}")], repairs: false),
        ("%EF%BF%BF=%EF%BF%BF", [("\u{FFFF}", "\u{FFFF}")], repairs: false),
        ("%FE%FF", [("\u{FFFD}\u{FFFD}", "")], repairs: true),
        ("%FF%FE", [("\u{FFFD}\u{FFFD}", "")], repairs: true),
        ("†&†=x", [("†", ""), ("†", "x")], repairs: false),
        ("%C2", [("\u{FFFD}", "")], repairs: true),
        ("%C2x", [("\u{FFFD}x", "")], repairs: true),
        ("_charset_=windows-1252&test=%C2x", [("_charset_", "windows-1252"), ("test", "\u{FFFD}x")], repairs: true),
        ("", [], repairs: false),
        ("a", [("a", "")], repairs: false),
        ("a=b", [("a", "b")], repairs: false),
        ("a=", [("a", "")], repairs: false),
        ("=b", [("", "b")], repairs: false),
        ("&", [], repairs: false),
        ("&a", [("a", "")], repairs: false),
        ("a&", [("a", "")], repairs: false),
        ("a&a", [("a", ""), ("a", "")], repairs: false),
        ("a&b&c", [("a", ""), ("b", ""), ("c", "")], repairs: false),
        ("a=b&c=d", [("a", "b"), ("c", "d")], repairs: false),
        ("a=b&c=d&", [("a", "b"), ("c", "d")], repairs: false),
        ("&&&a=b&&&&c=d&", [("a", "b"), ("c", "d")], repairs: false),
        ("a=a&a=b&a=c", [("a", "a"), ("a", "b"), ("a", "c")], repairs: false),
        ("a==a", [("a", "=a")], repairs: false),
        ("a=a+b+c+d", [("a", "a b c d")], repairs: false),
        ("%=a", [("%", "a")], repairs: true),
        ("%a=a", [("%a", "a")], repairs: true),
        ("%a_=a", [("%a_", "a")], repairs: true),
        ("%61=a", [("a", "a")], repairs: false),
        ("%61+%4d%4D=", [("a MM", "")], repairs: false),
        ("id=0&value=%", [("id", "0"), ("value", "%")], repairs: true),
        ("b=%2sf%2a", [("b", "%2sf*")], repairs: true),
        ("b=%2%2af%2a", [("b", "%2*f*")], repairs: true),
        ("b=%%2a", [("b", "%*")], repairs: true),
        // The parsing tests of `url/urlsearchparams-constructor.any.js`.
        ("a=b+c", [("a", "b c")], repairs: false),
        ("a+b=c", [("a b", "c")], repairs: false),
        ("query=%2B15555555555", [("query", "+15555555555")], repairs: false),
        ("a=b c", [("a", "b c")], repairs: false),
        ("a b=c", [("a b", "c")], repairs: false),
        ("a=b%20c", [("a", "b c")], repairs: false),
        ("a%20b=c", [("a b", "c")], repairs: false),
        ("a=b\u{0}c", [("a", "b\u{0}c")], repairs: false),
        ("a\u{0}b=c", [("a\u{0}b", "c")], repairs: false),
        ("a=b%00c", [("a", "b\u{0}c")], repairs: false),
        ("a%00b=c", [("a\u{0}b", "c")], repairs: false),
        ("a=b\u{2384}", [("a", "b\u{2384}")], repairs: false),
        ("a\u{2384}b=c", [("a\u{2384}b", "c")], repairs: false),
        ("a=b%e2%8e%84", [("a", "b\u{2384}")], repairs: false),
        ("a%e2%8e%84b=c", [("a\u{2384}b", "c")], repairs: false),
        ("a=b\u{1F4A9}c", [("a", "b\u{1F4A9}c")], repairs: false),
        ("a\u{1F4A9}b=c", [("a\u{1F4A9}b", "c")], repairs: false),
        ("a=b%f0%9f%92%a9c", [("a", "b\u{1F4A9}c")], repairs: false),
        ("a%f0%9f%92%a9b=c", [("a\u{1F4A9}b", "c")], repairs: false),
    ]

    private let decoder = URLEncodedFormDecoder(invalidInput: .whatwg)

    @Test func everyValueOfEveryNameReadsInOrder() throws {
        for (input, pairs, _) in Self.cases {
            let expected = Dictionary(pairs.map { ($0.0, [$0.1]) }, uniquingKeysWith: +)
            let read = try decoder.decode([String: [String]].self, from: input)
            #expect(scalarsEqual(read, expected), "\(input): \(read)")
        }
    }

    @Test func theTreeKeepsTheLastValueOfEachName() throws {
        for (input, pairs, _) in Self.cases {
            let expected = Form.hash(Dictionary(pairs.map { ($0.0, Form.value($0.1)) }, uniquingKeysWith: { $1 }))
            #expect(try decoder.form(input) == expected, "\(input)")
        }
    }

    /// Under the default `.throw`, the inputs the parser repairs (a bad escape kept as written,
    /// invalid UTF-8 replaced) fail, and the others read as under `.whatwg`.
    @Test func theDefaultThrowsExactlyWhereTheParserRepairs() throws {
        let strict = URLEncodedFormDecoder()
        for (input, _, repaired) in Self.cases {
            if repaired {
                #expect(throws: DecodingError.self, "\(input)") { _ = try strict.parameters(from: input) }
            } else {
                #expect(try strict.form(input) == (try decoder.form(input)), "\(input)")
            }
        }
    }
}
