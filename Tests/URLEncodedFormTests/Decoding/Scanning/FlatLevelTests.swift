import Foundation
import Testing
import URLEncodedForm

/// The flat level, as the WHATWG URL standard parses `application/x-www-form-urlencoded`
/// (README, "Decoding forms"): `&` splits, `=` parts, `+` and `%XX` unescape, bad escapes and
/// bad UTF-8 throw or are kept as WHATWG keeps them.
struct FlatLevelTests {
    private let decoder = URLEncodedFormDecoder()

    @Test func ampersandSplitsAndEmptySequencesAreSkipped() throws {
        #expect(try decoder.form("&&a=1&&b=2&") == .hash(["a": .value("1"), "b": .value("2")]))
        #expect(try decoder.form("") == .hash([:]))
        #expect(try decoder.form("&") == .hash([:]))
    }

    @Test func aRawSpaceAfterAnAmpersandIsPartOfTheNameWhereRackDropsIt() throws {
        #expect(try decoder.form("a=1& b=2") == .hash(["a": .value("1"), " b": .value("2")]))
        #expect(try decoder.form("a=1&  b=2& &c=3") == .hash(["a": .value("1"), "  b": .value("2"), " ": .value(""), "c": .value("3")]))
        // A raw space after `=` is part of the value too; an escaped one (`+`) is a space like any.
        #expect(try decoder.form("a= 1&+b=2") == .hash(["a": .value(" 1"), " b": .value("2")]))
        struct Spaced: Decodable, Equatable { let b: String? }
        #expect(try decoder.decode(Spaced.self, from: "a=1& b=2") == Spaced(b: nil))
    }

    @Test func textsAndKeysCompareScalarByScalarNotAsCanonicallyEqualStrings() throws {
        // What the tests' `Form` equality must tell apart, or a normalizing decoder would pass.
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        #expect(composed == decomposed)
        #expect(try decoder.form("k=cafe%CC%81") == .hash(["k": .value(decomposed)]))
        #expect(try decoder.form("k=cafe%CC%81") != .hash(["k": .value(composed)]))
        #expect(try decoder.form("cafe%CC%81=1") == .hash([decomposed: .value("1")]))
        #expect(try decoder.form("cafe%CC%81=1") != .hash([composed: .value("1")]))
        #expect(!scalarsEqual(["k": [composed]], ["k": [decomposed]]) && !scalarsEqual([composed: []], [decomposed: []]))
    }

    @Test func semicolonNeverSplits() throws {
        #expect(try decoder.form("a=1;b=2") == .hash(["a": .value("1;b=2")]))
    }

    @Test func nameRunsToTheFirstEqualsSign() throws {
        #expect(try decoder.form("a==b") == .hash(["a": .value("=b")]))
        #expect(try decoder.form("=x") == .hash(["": .value("x")]))
    }

    @Test func bareNameReadsAsEmptyValue() throws {
        #expect(try decoder.form("flag") == .hash(["flag": .value("")]))
        #expect(try decoder.form("flag&a=1") == .hash(["flag": .value(""), "a": .value("1")]))
    }

    @Test func plusIsASpaceAndPercentEscapesAreBytesInEitherCase() throws {
        #expect(try decoder.form("a+b=c+d%2Be") == .hash(["a b": .value("c d+e")]))
        #expect(try decoder.form("k=%c3%a9%C3%A9") == .hash(["k": .value("éé")]))
        #expect(try decoder.form("k=%00") == .hash(["k": .value("\u{0}")]))
        #expect(try decoder.form("%61=%62") == .hash(["a": .value("b")]))
    }

    /// Text beyond ASCII, which under `.throw` is copied into its `String` without a second
    /// UTF-8 check, and ASCII, which is copied into one marked ASCII without a look at its bytes:
    /// the same characters, scalars and bytes as the text sent, escaped or raw, whatever its
    /// length (a `String` of 15 bytes or fewer is stored inline, a longer one on the heap). A
    /// `String` wrongly marked ASCII counts a UTF-16 unit per byte.
    @Test func textReadsAsTheSameCharactersSentEscapedOrRaw() throws {
        struct Text: Decodable { let t: String }
        // Every byte but an ASCII letter escaped (Foundation's escaping, not ours), spaces as `+`.
        let asciiLetters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let texts = ["é", "東京", "a+b é", "naïve café, 東京 and 👩‍💻 🇯🇵!", String(repeating: "smörgåsbord ", count: 200),
                     "a", "plain ASCII, longer than fifteen bytes", String(repeating: "ascii ", count: 200)]
        for text in texts {
            let escaped = "t=" + text.addingPercentEncoding(withAllowedCharacters: asciiLetters)!.replacingOccurrences(of: "%20", with: "+")
            // Sent raw: its UTF-8 bytes as they are (none of these texts holds `&`, `=` or `%`; a
            // `+`, which would read as a space, is sent as `%2B`), and raw after an escape and
            // before one.
            let raw = "t=" + text.replacingOccurrences(of: "+", with: "%2B")
            for form in [escaped, raw, "t=%41" + text.replacingOccurrences(of: "+", with: "%2B") + "%41"] {
                let sent = form == escaped || form == raw ? text : "A" + text + "A"
                for decoder in [decoder, URLEncodedFormDecoder(invalidInput: .whatwg)] {
                    let read = try decoder.decode(Text.self, from: form).t
                    #expect(read == sent)
                    #expect(read.count == sent.count)
                    #expect(read.utf16.count == sent.utf16.count)
                    #expect(Array(read.unicodeScalars) == Array(sent.unicodeScalars))
                    #expect(Array(read.utf8) == Array(sent.utf8))
                }
            }
        }
    }

    @Test func invalidEscapesThrowWithTheOffsetOfTheirPercentSign() {
        #expect(inputError { _ = try decoder.parameters(from: "a=%") } == .invalidPercentEscape(offset: 2))
        #expect(inputError { _ = try decoder.parameters(from: "a=%4") } == .invalidPercentEscape(offset: 2))
        #expect(inputError { _ = try decoder.parameters(from: "ab=1&c=%G1") } == .invalidPercentEscape(offset: 7))
        #expect(inputError { _ = try decoder.parameters(from: "a%=1") } == .invalidPercentEscape(offset: 1))
        #expect(inputError { _ = try decoder.parameters(from: "a=%%41") } == .invalidPercentEscape(offset: 2))
    }

    @Test func invalidEscapesAreKeptAsWrittenUnderWHATWG() throws {
        let whatwg = URLEncodedFormDecoder(invalidInput: .whatwg)
        #expect(try whatwg.form("a=%&b=%4&c=%G1&d=%%41") == .hash(["a": .value("%"), "b": .value("%4"), "c": .value("%G1"), "d": .value("%A")]))
    }

    @Test func invalidUTF8ThrowsWithTheOffsetOfItsFirstByte() {
        #expect(inputError { _ = try decoder.parameters(from: "a=%FE%FF") } == .invalidUTF8(offset: 2))
        #expect(inputError { _ = try decoder.parameters(from: "a=x%C3") } == .invalidUTF8(offset: 3))
        #expect(inputError { _ = try decoder.parameters(from: "a=%C3=") } == .invalidUTF8(offset: 2))
        // A lone surrogate and an overlong NUL are not UTF-8 either.
        #expect(inputError { _ = try decoder.parameters(from: "s=%ED%A0%80") } == .invalidUTF8(offset: 2))
        #expect(inputError { _ = try decoder.parameters(from: "o=%C0%80") } == .invalidUTF8(offset: 2))
        // Raw bytes, through the byte entry point.
        #expect(inputError { _ = try decoder.parameters(from: Array("a=b".utf8) + [0xC3, 0x28]) } == .invalidUTF8(offset: 3))
    }

    private struct OneValue: Decodable { let v: String }

    /// The scanner's UTF-8 check against Swift's own, escaped (the scanner's runs of escapes)
    /// and raw (its byte-by-byte check): every lead byte with every second byte (where Unicode's
    /// table puts its rules: the second bytes allowed after E0, ED, F0 and F4), a second byte
    /// that continues followed by each kind of third and fourth; and every byte that leads
    /// nothing. Not every byte triple: each decoding that throws costs the test library a
    /// backtrace.
    @Test func everyLeadAndSecondByteIsAcceptedExactlyWhereSwiftAcceptsIt() throws {
        let digits = Array("0123456789ABCDEF".utf8)
        var mismatches: [String] = []
        var checked = 0
        func check(_ bytes: [UInt8]) {
            let expected = String(validating: bytes, as: UTF8.self)
            let escaped = Array("v=".utf8) + bytes.flatMap { [UInt8(ascii: "%"), digits[Int($0 >> 4)], digits[Int($0 & 15)]] }
            for form in [escaped, Array("v=".utf8) + bytes] where (try? decoder.decode(OneValue.self, from: form))?.v != expected {
                mismatches.append(String(decoding: form, as: UTF8.self))
            }
            checked += 1
        }
        for lead in UInt8(0xC2) ... 0xF4 {
            for second in UInt8.min ... UInt8.max where ![UInt8(ascii: "&"), UInt8(ascii: "%"), UInt8(ascii: "+"), UInt8(ascii: "=")].contains(second) {
                let tails: [[UInt8]] = (0x80 ... 0xBF).contains(second) ? [[], [0x41], [0x90, 0x80], [0xA0, 0xBF, 0x80]] : [[0x80, 0xBF]]
                for tail in tails { check([lead, second] + tail) }
            }
        }
        for first in Array(UInt8(0x80) ... 0xC1) + Array(UInt8(0xF5) ... 0xFF) {
            check([first, 0x80])
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(8))")
        #expect(checked == 51 * (252 - 64 + 64 * 4) + 77)
    }

    @Test func rawAndEscapedBytesOfOneCharacterMayMix() throws {
        #expect(Form(try decoder.parameters(from: [0x61, 0x3D, 0xC3] + Array("%A9".utf8))) == .hash(["a": .value("é")]))
    }

    @Test func invalidUTF8ReadsAsReplacementCharactersUnderWHATWG() throws {
        let whatwg = URLEncodedFormDecoder(invalidInput: .whatwg)
        #expect(try whatwg.form("a=%FE%FF") == .hash(["a": .value("\u{FFFD}\u{FFFD}")]))
        // A truncated sequence is one U+FFFD (its maximal subpart), then the next character.
        #expect(try whatwg.form("a=%E2%82x") == .hash(["a": .value("\u{FFFD}x")]))
        #expect(try whatwg.form("a=%ED%A0%80") == .hash(["a": .value("\u{FFFD}\u{FFFD}\u{FFFD}")]))
        #expect(try whatwg.form("%FF=1") == .hash(["\u{FFFD}": .value("1")]))
    }

    @Test func leadingByteOrderMarkIsKept() throws {
        #expect(try decoder.form("%EF%BB%BFa=%EF%BB%BFb") == .hash(["\u{FEFF}a": .value("\u{FEFF}b")]))
    }

    @Test func everySequenceCountsTowardTheParameterLimitButEmptyOnes() throws {
        let limited = URLEncodedFormDecoder(limits: .init(maximumParameterCount: 3))
        #expect(try limited.form("a&b=&c=1&&&") == .hash(["a": .value(""), "b": .value(""), "c": .value("1")]))
        #expect(inputError { _ = try limited.parameters(from: "a&b=&c=1&d") } == .tooManyParameters(limit: 3))
        // A repeated key counts once per sequence.
        #expect(inputError { _ = try limited.parameters(from: "a=1&a=2&a=3&a=4") } == .tooManyParameters(limit: 3))
    }

    @Test func stringBytesAndDataEntryPointsAgree() throws {
        struct Pair: Decodable, Equatable { let a: String; let b: [Int] }
        let text = "a=x+y%21&b=1&b=2"
        let expected = Pair(a: "x y!", b: [1, 2])
        #expect(try decoder.decode(Pair.self, from: text) == expected)
        #expect(try decoder.decode(Pair.self, from: Array(text.utf8)) == expected)
        #expect(try decoder.decode(Pair.self, from: Data(text.utf8)) == expected)
        #expect(Form(try decoder.parameters(from: Array(text.utf8))) == (try decoder.form(text)))
    }
}
