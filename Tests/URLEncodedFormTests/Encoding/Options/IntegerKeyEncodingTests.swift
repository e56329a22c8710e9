import Foundation
import Testing
import URLEncodedForm

/// `IntegerKeyEncoding` (README, "Alamofire's quirks"): by default a keyed container's key with an
/// `intValue` is an array index, as in Alamofire, which renumbers `[Int: V]` and loses entries
/// where such keys meet others; `.keys` writes every key as its text, and the decoder reads it
/// all back.
struct IntegerKeyEncodingTests {
    private struct Codes: Codable, Equatable {
        var byNumber: [Int: String]
        var byCode: [String: Int]
    }

    private static let codes = Codes(byNumber: [7: "seven", -3: "minus three", 10: "ten"],
                                     byCode: ["0": 0, "007": 7, "+5": 5, "code": 1])

    @Test func theDefaultIsAlamofiresArrayIndices() {
        #expect(URLEncodedFormEncoder().integerKeyEncoding == .arrayIndices)
        #expect(URLEncodedFormEncoder(integerKeyEncoding: .keys).integerKeyEncoding == .keys)
    }

    /// A key as a `Dictionary` makes it: an `intValue` where the text reads as an integer.
    private struct DictionaryStyleKey: CodingKey {
        let stringValue: String
        let intValue: Int?
        init(stringValue: String) { self.stringValue = stringValue; intValue = Int(stringValue) }
        init(intValue: Int) { stringValue = String(intValue); self.intValue = intValue }
    }

    /// An object whose keys are written in the order given (a `Dictionary`'s order is its own).
    private static func object(_ pairs: [(DictionaryStyleKey, String)], under parent: String) -> HandEncoded {
        HandEncoded { encoder in
            var root = encoder.container(keyedBy: DictionaryStyleKey.self)
            var container = root.nestedContainer(keyedBy: DictionaryStyleKey.self, forKey: DictionaryStyleKey(stringValue: parent))
            for (key, value) in pairs { try container.encode(value, forKey: key) }
        }
    }

    @Test func arrayIndicesRenumberIntegerKeysAndLoseEntriesMixedWithOtherKeys() throws {
        let indices = URLEncodedFormEncoder(arrayEncoding: .indexInBrackets)
        // Keys 7 and 9 are the array's elements 0 and 1, in the order they are encoded.
        let numbered = Self.object([(DictionaryStyleKey(intValue: 7), "x"), (DictionaryStyleKey(intValue: 9), "y")], under: "m")
        #expect(try indices.encode(numbered) as String == "m%5B0%5D=x&m%5B1%5D=y")
        // "0" has an intValue, "code" has none: the later kind of container replaces the
        // earlier, and an entry is gone.
        let dots = URLEncodedFormEncoder(keyPathEncoding: .dots)
        let zeroFirst = Self.object([(DictionaryStyleKey(stringValue: "0"), "a"), (DictionaryStyleKey(stringValue: "code"), "-")], under: "by_code")
        #expect(try dots.encode(zeroFirst) as String == "by_code.code=-")
        let codeFirst = Self.object([(DictionaryStyleKey(stringValue: "code"), "-"), (DictionaryStyleKey(stringValue: "0"), "a")], under: "by_code")
        #expect(try dots.encode(codeFirst) as String == "by_code%5B%5D=a")
        // Under keys, both orders keep both.
        let keys = URLEncodedFormEncoder(keyPathEncoding: .dots, integerKeyEncoding: .keys)
        #expect(try keys.encode(zeroFirst) as String == "by_code.0=a&by_code.code=-")
        #expect(try keys.encode(codeFirst) as String == "by_code.0=a&by_code.code=-")
    }

    @Test func keysWriteEveryKeyAsItsTextAndLoseNothing() throws {
        let brackets = URLEncodedFormEncoder(integerKeyEncoding: .keys)
        #expect(try brackets.encode(["by_code": ["0": "a", "code": "-"]]) as String == "by_code%5B0%5D=a&by_code%5Bcode%5D=-")
        #expect(try brackets.encode(Self.codes) as String
            == "byCode%5B%2B5%5D=5&byCode%5B0%5D=0&byCode%5B007%5D=7&byCode%5Bcode%5D=1"
            + "&byNumber%5B-3%5D=minus%20three&byNumber%5B10%5D=ten&byNumber%5B7%5D=seven")
        let dots = URLEncodedFormEncoder(keyPathEncoding: .dots, integerKeyEncoding: .keys)
        #expect(try dots.encode(["by_code": ["0": "a", "code": "-"]]) as String == "by_code.0=a&by_code.code=-")
    }

    @Test func keysLeaveArraysToTheArrayEncoding() throws {
        struct Tagged: Encodable { let tags: [String]; let scores: [Int: Int] }
        let value = Tagged(tags: ["b", "a"], scores: [2: 20])
        for (arrays, sorts, expected) in [(URLEncodedFormEncoder.ArrayEncoding.brackets, true, "scores%5B2%5D=20&tags%5B%5D=a&tags%5B%5D=b"),
                                          (.noBrackets, true, "scores%5B2%5D=20&tags=a&tags=b"),
                                          (.indexInBrackets, false, "scores%5B2%5D=20&tags%5B0%5D=b&tags%5B1%5D=a")] {
            let encoder = URLEncodedFormEncoder(sortsArrayElements: sorts, arrayEncoding: arrays, integerKeyEncoding: .keys)
            #expect(try encoder.encode(value) as String == expected, "\(arrays)")
        }
    }

    @Test func keysReadBackThroughTheDecoderWithNothingLost() throws {
        for dots in [false, true] {
            let encoder = URLEncodedFormEncoder(keyPathEncoding: dots ? .dots : .brackets, integerKeyEncoding: .keys)
            let decoder = URLEncodedFormDecoder(keyPathDecoding: dots ? .dots : .brackets)
            #expect(try decoder.decode(Codes.self, from: encoder.encode(Self.codes) as String) == Self.codes)
        }
    }

    @Test func anIntBackedCodingKeyIsWrittenByItsNameUnderKeys() throws {
        struct Numbered: Encodable {
            enum CodingKeys: Int, CodingKey { case id = 1, name = 2 }
            let id = 5, name = "n"
        }
        #expect(try URLEncodedFormEncoder(integerKeyEncoding: .keys).encode(Numbered()) as String == "id=5&name=n")
    }
}
