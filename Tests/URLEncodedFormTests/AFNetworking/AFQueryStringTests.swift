import FormBenchCore
import Foundation
import Testing

/// AFNetworking's query string (README, "AFNetworking's query string"), each rule pinned with literal expectations on
/// both modules: the escaping, the order at every level, the spelling of arrays, sets and `nil`,
/// and Apple's descriptions of numbers. Expected texts are written out by hand from the rules.
struct AFQueryStringTests {
    // MARK: Escaping

    /// AFNetworking's own escaping test: the general and sub-delimiters are escaped, `/` and `?`
    /// are not (RFC 3986 §3.4).
    @Test(arguments: RequestContender.allCases)
    func delimitersAreEscapedButSlashAndQuestionMarkAreNot(contender: RequestContender) {
        #expect(contender.afPercentEscaped(":/?#[]@!$&'()*+,;=") == "%3A/?%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D")
        #expect(contender.afPercentEscaped("a b+c~d-e_f.g") == "a%20b%2Bc~d-e_f.g")
        #expect(contender.afPercentEscaped("%20") == "%2520")
    }

    /// AFNetworking's tests of non-Latin text and of emoji: UTF-8, byte by byte.
    @Test(arguments: RequestContender.allCases)
    func nonASCIITextIsEscapedAsUTF8(contender: RequestContender) {
        #expect(contender.afPercentEscaped("这是一段中文") == "%E8%BF%99%E6%98%AF%E4%B8%80%E6%AE%B5%E4%B8%AD%E6%96%87")
        #expect(contender.afPercentEscaped("e\u{301}") == "e%CC%81")
    }

    /// AFNetworking escapes in batches of 50 UTF-16 units widened to whole characters; a string
    /// whose characters straddle every batch boundary escapes as if at once. (`👴🏻` is four
    /// UTF-16 units, so 13 of them and an `a` put a boundary inside a character.)
    @Test(arguments: RequestContender.allCases)
    func longStringsOfComposedCharactersAreNotBrokenUp(contender: RequestContender) {
        let oldMan = "%F0%9F%91%B4%F0%9F%8F%BB"
        let text = "a" + String(repeating: "👴🏻", count: 40)
        #expect(contender.afPercentEscaped(text) == "a" + String(repeating: oldMan, count: 40))
    }

    // MARK: Order and shape

    @Test(arguments: RequestContender.allCases)
    func keysAreSortedAtEveryLevel(contender: RequestContender) {
        let parameters: [String: any Sendable] = ["b": ["z": 1, "a": ["y": 2, "c": 3]] as [String: any Sendable], "a": "x"]
        #expect(contender.afQueryString(parameters) == "a=x&b%5Ba%5D%5Bc%5D=3&b%5Ba%5D%5By%5D=2&b%5Bz%5D=1")
    }

    /// `compare(_:)` without options: upper case before lower, and by code point after canonical
    /// decomposition, so `é` (e + U+0301) sorts between `e` and `f`, and U+FF01 before an emoji.
    @Test(arguments: RequestContender.allCases)
    func keysAreSortedAsNSStringComparesThem(contender: RequestContender) {
        #expect(contender.afQueryString(["b": 1, "B": 2, "a": 3, "a1": 4, "": 5]) == "=5&B=2&a=3&a1=4&b=1")
        #expect(contender.afQueryString(["f": 1, "é": 2, "e": 3]) == "e=3&%C3%A9=2&f=1")
        #expect(contender.afQueryString(["😃": 1, "\u{FF01}": 2]) == "%EF%BC%81=2&%F0%9F%98%83=1")
    }

    /// Two keys that part after the same text, however hostile (combining marks, Hangul jamo,
    /// compatibility characters, emoji, NUL), in an ASCII character or in anything else, or one
    /// the other's prefix: ordered as Foundation's `compare(_:)` orders them, 4,000 seeded pairs.
    @Test(arguments: RequestContender.allCases)
    func keysSharingAPrefixAreOrderedAsFoundationComparesThem(contender: RequestContender) {
        let scalars: [Unicode.Scalar] = ["a", "b", "A", "z", "0", "~", "\u{0}", " ", "[", "\u{301}", "\u{327}", "é", "\u{C5}",
                                         "\u{212B}", "\u{FF01}", "😃", "\u{AC00}", "\u{1100}", "\u{1161}", "\u{AD}", "\u{200B}",
                                         "ﬁ", "\u{1E9B}", "\u{344}", "\u{F73}", "ǅ", "\u{2126}", "\u{3000}", "\u{1F3FB}"]
        var rng = SplitMix64(seed: 0xAF)
        func text(_ count: Int) -> String {
            var text = ""
            for _ in 0 ..< count { text.unicodeScalars.append(rng.pick(scalars)) }
            return text
        }
        var disagreements: [String] = []
        for _ in 0 ..< 4_000 {
            let prefix = text(rng.smallCount(in: 0 ... 3))
            let first = prefix + text(rng.smallCount(in: 0 ... 3))
            let second = rng.chance(0.2) ? first + text(rng.smallCount(in: 1 ... 2)) : prefix + text(rng.smallCount(in: 1 ... 3))
            let order = first.compare(second)
            guard first != second, order != .orderedSame else { continue }
            let expected = order == .orderedAscending
                ? "\(contender.afPercentEscaped(first))=1&\(contender.afPercentEscaped(second))=2"
                : "\(contender.afPercentEscaped(second))=2&\(contender.afPercentEscaped(first))=1"
            if contender.afQueryString([first: 1, second: 2]) != expected {
                disagreements.append("\(first.unicodeScalars.map(\.value)) \(second.unicodeScalars.map(\.value))")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) pairs: \(disagreements.prefix(5))")
    }

    /// An array's elements keep their order, each under `field[]`, never an index: objects in an
    /// array too.
    @Test(arguments: RequestContender.allCases)
    func arrayElementsKeepTheirOrderUnderEmptyBrackets(contender: RequestContender) {
        #expect(contender.afQueryString(["a": [3, 1, 2]]) == "a%5B%5D=3&a%5B%5D=1&a%5B%5D=2")
        let items: [any Sendable] = [["name": "x", "id": 1] as [String: any Sendable], ["name": "y"] as [String: any Sendable]]
        #expect(contender.afQueryString(["items": items]) == "items%5B%5D%5Bid%5D=1&items%5B%5D%5Bname%5D=x&items%5B%5D%5Bname%5D=y")
        #expect(contender.afQueryString(["m": [[1, 2], [3]]]) == "m%5B%5D%5B%5D=1&m%5B%5D%5B%5D=2&m%5B%5D%5B%5D=3")
    }

    /// A set's elements, sorted by their descriptions as keys are, each under the set's own field.
    @Test(arguments: RequestContender.allCases)
    func setElementsAreSortedUnderTheSameField(contender: RequestContender) {
        #expect(contender.afQueryString(["s": Set(["b", "c", "a"])]) == "s=a&s=b&s=c")
        #expect(contender.afQueryString(["s": Set([10, 9, 2])]) == "s=10&s=2&s=9")
    }

    /// Keys of other types are sorted and written by their descriptions.
    @Test(arguments: RequestContender.allCases)
    func nonStringKeysAreSortedByTheirDescriptions(contender: RequestContender) {
        #expect(contender.afQueryString(["m": [2: "z", 10: "y", 1: "x"]]) == "m%5B1%5D=x&m%5B10%5D=y&m%5B2%5D=z")
        let dictionary = NSDictionary(dictionary: ["b": 1, "a": 2])
        #expect(contender.afQueryString(["d": unsafeBitCast(dictionary as Any, to: (any Sendable).self)]) == "d%5Ba%5D=2&d%5Bb%5D=1")
    }

    /// `nil` and `NSNull` give the field alone, even an empty one; empty containers give nothing.
    @Test(arguments: RequestContender.allCases)
    func nilGivesTheFieldAloneAndEmptyContainersNothing(contender: RequestContender) {
        #expect(contender.afQueryString(["a": NSNull(), "b": Int?.none, "c": 1, "d": [String?.none]]) == "a&b&c=1&d%5B%5D")
        #expect(contender.afQueryString(["": NSNull(), "a": 1]) == "&a=1")
        let empty: [String: any Sendable] = ["a": [Int](), "b": [String: Int](), "c": Set<Int>(), "d": 1]
        #expect(contender.afQueryString(empty) == "d=1")
        #expect(contender.afQueryString([:]) == "")
    }

    /// A non-nil `Optional` is unwrapped, however deep, containers included.
    @Test(arguments: RequestContender.allCases)
    func optionalsAreUnwrapped(contender: RequestContender) {
        #expect(contender.afQueryString(["a": Int??.some(5), "b": [Int]?.some([1])]) == "a=5&b%5B%5D=1")
    }

    // MARK: Apple's descriptions

    /// Booleans and integers of every width as `NSNumber` describes them on Apple platforms.
    @Test(arguments: RequestContender.allCases)
    func booleansAndIntegersAreWrittenAsNSNumberOnApplePlatforms(contender: RequestContender) {
        let parameters: [String: any Sendable] = [
            "t": true, "f": false, "i": -42, "i8": Int8(65), "i8min": Int8.min, "u64": UInt64.max, "u8": UInt8(200),
            "n": NSNumber(value: true), "nd": NSNumber(value: 0.5), "ni": NSNumber(value: 7),
        ]
        #expect(contender.afQueryString(parameters)
            == "f=0&i=-42&i8=65&i8min=-128&n=1&nd=0.5&ni=7&t=1&u64=18446744073709551615&u8=200")
    }

    /// `Double`s as `%0.16g`, `Float`s as `%0.7g`: no `.0`, sixteen significant digits (so 9.3
    /// is `9.300000000000001` and 0.1 + 0.2 is `0.3`), exponents from 1e16 (with `+`, escaped);
    /// a `Float` of eight digits takes an exponent.
    @Test(arguments: RequestContender.allCases)
    func floatingPointNumbersAreWrittenAsNSNumberOnApplePlatforms(contender: RequestContender) {
        let parameters: [String: any Sendable] = [
            "a": 1.0, "b": 0.1 + 0.2, "c": 9.3, "d": 1e16, "e": 1e15, "f": 1e-7, "g": -0.0, "h": Double.nan,
            "i": -Double.infinity, "j": Float(0.1), "k": Float(16_777_216),
        ]
        #expect(contender.afQueryString(parameters)
            == "a=1&b=0.3&c=9.300000000000001&d=1e%2B16&e=1000000000000000&f=1e-07&g=-0&h=nan&i=-inf&j=0.1&k=1.677722e%2B07")
    }

    /// Anything else by its description: strings as they are, a date as Foundation describes it.
    @Test(arguments: RequestContender.allCases)
    func otherValuesAreWrittenByTheirDescription(contender: RequestContender) {
        let parameters: [String: any Sendable] = ["d": Date(timeIntervalSinceReferenceDate: 0), "n": Decimal(string: "1.50")!, "s": "x y"]
        #expect(contender.afQueryString(parameters) == "d=2001-01-01%2000%3A00%3A00%20%2B0000&n=1.5&s=x%20y")
    }
}
