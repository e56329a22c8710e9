import Foundation
import Testing
import URLEncodedForm

/// Leaves: integers of every width (sign, digits only, overflow), `Float`/`Double` as Swift
/// writes them, `Decimal`, `URL`, `UUID`, `Bool` under each `BoolDecoding`, `Date` under each
/// `DateDecoding` (hand-written texts, and the inverse of what ``URLEncodedFormEncoder`` writes),
/// `Data` under each `DataDecoding`, and `nil` under each `NilDecoding`. Texts are written as
/// they travel: a sign `+` is sent `%2B`, since `+` is a space.
struct TypedLeafDecodingTests {
    let decoder = URLEncodedFormDecoder()

    /// Checks that `T` reads its extremes and refuses one past each.
    func expectWidth<T: FixedWidthInteger & Decodable>(_ type: T.Type, min: String, max: String,
                                                        belowMin: String, aboveMax: String,
                                                        sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try decoder.leaf(T.self, min) == T.min, sourceLocation: sourceLocation)
        #expect(try decoder.leaf(T.self, max) == T.max, sourceLocation: sourceLocation)
        for text in [belowMin, aboveMax] {
            let error = decodingError({ _ = try decoder.leaf(T.self, text) }, sourceLocation: sourceLocation)
            #expect(["dataCorrupted", "typeMismatch"].contains(error?.kind ?? ""), sourceLocation: sourceLocation)
            #expect(error?.path == ["v"], sourceLocation: sourceLocation)
            #expect(error?.context?.debugDescription.contains(text) == true, "\(String(describing: error))",
                    sourceLocation: sourceLocation)
        }
    }

    // MARK: Integers

    @Test func everyIntegerWidthReadsItsRangeAndRefusesOverflow() throws {
        try expectWidth(Int8.self, min: "-128", max: "127", belowMin: "-129", aboveMax: "128")
        try expectWidth(Int16.self, min: "-32768", max: "32767", belowMin: "-32769", aboveMax: "32768")
        try expectWidth(Int32.self, min: "-2147483648", max: "2147483647", belowMin: "-2147483649", aboveMax: "2147483648")
        try expectWidth(Int64.self, min: "-9223372036854775808", max: "9223372036854775807",
                        belowMin: "-9223372036854775809", aboveMax: "9223372036854775808")
        try expectWidth(Int.self, min: "-9223372036854775808", max: "9223372036854775807",
                        belowMin: "-9223372036854775809", aboveMax: "9223372036854775808")
        try expectWidth(UInt8.self, min: "0", max: "255", belowMin: "-1", aboveMax: "256")
        try expectWidth(UInt16.self, min: "0", max: "65535", belowMin: "-1", aboveMax: "65536")
        try expectWidth(UInt32.self, min: "0", max: "4294967295", belowMin: "-1", aboveMax: "4294967296")
        try expectWidth(UInt64.self, min: "0", max: "18446744073709551615", belowMin: "-1", aboveMax: "18446744073709551616")
        try expectWidth(UInt.self, min: "0", max: "18446744073709551615", belowMin: "-1", aboveMax: "18446744073709551616")
    }

    @Test func integersTakeAnOptionalSignAndDecimalDigits() throws {
        #expect(try decoder.leaf(Int.self, "42") == 42)
        #expect(try decoder.leaf(Int.self, "-42") == -42)
        #expect(try decoder.leaf(Int.self, "%2B42") == 42)
        #expect(try decoder.leaf(Int.self, "-0") == 0)
        #expect(try decoder.leaf(Int.self, "007") == 7)
        #expect(try decoder.leaf(Int8.self, "%2B127") == 127)
        #expect(try decoder.leaf(UInt8.self, "%2B255") == 255)
        #expect(try decoder.leaf(Int.self, "00000000000000000000000000000001") == 1)
    }

    /// Texts that are no integer (as sent: `+` is a space).
    @Test(arguments: ["", "+5", "%205", "5%20", "1.0", "1e2", "0x10", "1_000", "--1", "%2B-1", "-%2B1", "-", "%2B",
                      "%D9%A1", "%EF%BC%91", "12a", "a12", "99999999999999999999999"])
    func textThatIsNoIntegerIsAnError(_ text: String) {
        let error = decodingError { _ = try decoder.leaf(Int.self, text) }
        #expect(["dataCorrupted", "typeMismatch"].contains(error?.kind ?? ""), "\(text): \(String(describing: error))")
        #expect(error?.path == ["v"])
    }

    // MARK: Floating point, Decimal

    @Test func doublesReadWhatSwiftWrites() throws {
        #expect(try decoder.leaf(Double.self, "1.5") == 1.5)
        #expect(try decoder.leaf(Double.self, "-2.25") == -2.25)
        #expect(try decoder.leaf(Double.self, "1e-05") == 0.00001)
        #expect(try decoder.leaf(Double.self, "1e%2B20") == 1e20)
        #expect(try decoder.leaf(Double.self, "5e-324") == .leastNonzeroMagnitude)
        #expect(try decoder.leaf(Double.self, "1.7976931348623157e%2B308") == .greatestFiniteMagnitude)
        #expect(try decoder.leaf(Double.self, "inf") == .infinity)
        #expect(try decoder.leaf(Double.self, "-inf") == -.infinity)
        #expect(try decoder.leaf(Double.self, "nan").isNaN)
        let negativeZero = try decoder.leaf(Double.self, "-0.0")
        #expect(negativeZero == 0 && negativeZero.sign == .minus)
        #expect(try decoder.leaf(Double.self, "3") == 3)
    }

    @Test func floatsReadWhatSwiftWrites() throws {
        #expect(try decoder.leaf(Float.self, "0.1") == Float(0.1))
        #expect(try decoder.leaf(Float.self, "1e-05") == Float(0.00001))
        #expect(try decoder.leaf(Float.self, "3.4028235e%2B38") == .greatestFiniteMagnitude)
        #expect(try decoder.leaf(Float.self, "-inf") == -.infinity)
        #expect(try decoder.leaf(Float.self, "nan").isNaN)
        let negativeZero = try decoder.leaf(Float.self, "-0.0")
        #expect(negativeZero == 0 && negativeZero.sign == .minus)
    }

    @Test(arguments: ["", "abc", "1.5x", "1e+20", "1,5", "%201.5"])
    func textThatIsNoNumberIsAnErrorForDouble(_ text: String) {
        let error = decodingError { _ = try decoder.leaf(Double.self, text) }
        #expect(["dataCorrupted", "typeMismatch"].contains(error?.kind ?? ""), "\(text): \(String(describing: error))")
        #expect(error?.path == ["v"])
    }

    @Test func decimalsReadTheirText() throws {
        #expect(try decoder.leaf(Decimal.self, "12.34") == Decimal(sign: .plus, exponent: -2, significand: 1234))
        #expect(try decoder.leaf(Decimal.self, "-0.001") == Decimal(sign: .minus, exponent: -3, significand: 1))
        #expect(try decoder.leaf(Decimal.self, "100") == Decimal(100))
        let error = decodingError { _ = try decoder.leaf(Decimal.self, "abc") }
        #expect(error != nil)
    }

    // MARK: URL, UUID

    @Test func urlsReadTheirText() throws {
        #expect(try decoder.leaf(URL.self, "https%3A%2F%2Fexample.com%2Fa%3Fb%3Dc%26d") == URL(string: "https://example.com/a?b=c&d"))
        #expect(try decoder.leaf(URL.self, "https://example.com/x") == URL(string: "https://example.com/x"))
        #expect(try decoder.leaf(URL.self, "a/b") == URL(string: "a/b"))
    }

    @Test func uuidsReadTheirTextInEitherCase() throws {
        let uuid = UUID(uuid: (0xE6, 0x21, 0xE1, 0xF8, 0xC3, 0x6C, 0x49, 0x5A, 0x93, 0xFC, 0x0C, 0x24, 0x7A, 0x3E, 0x6E, 0x5F))
        #expect(try decoder.leaf(UUID.self, "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") == uuid)
        #expect(try decoder.leaf(UUID.self, "e621e1f8-c36c-495a-93fc-0c247a3e6e5f") == uuid)
        // UUID's own `Decodable` reads the text and words the error, so only its kind and path
        // are the decoder's.
        let error = decodingError { _ = try decoder.leaf(UUID.self, "not-a-uuid") }
        #expect(error?.kind == "dataCorrupted")
        #expect(error?.path == ["v"])
    }

    // MARK: Bool

    static let boolTexts: [(decoding: URLEncodedFormDecoder.BoolDecoding, trueTexts: [String], falseTexts: [String], refused: [String])] = [
        (.lenient, ["true", "1", "on"], ["false", "0"], ["off", "yes", "no", "TRUE", "True", "", "2", "%201"]),
        (.numeric, ["1"], ["0"], ["true", "false", "on", "", "01", "-1"]),
        (.literal, ["true"], ["false"], ["1", "0", "on", "TRUE", "False", ""]),
    ]

    @Test(arguments: boolTexts)
    func boolsReadTheTextsOfTheirDecodingOnly(_ vector: (decoding: URLEncodedFormDecoder.BoolDecoding, trueTexts: [String], falseTexts: [String], refused: [String])) throws {
        let decoder = URLEncodedFormDecoder(boolDecoding: vector.decoding)
        for text in vector.trueTexts {
            #expect(try decoder.leaf(Bool.self, text) == true, "\(vector.decoding) \(text)")
        }
        for text in vector.falseTexts {
            #expect(try decoder.leaf(Bool.self, text) == false, "\(vector.decoding) \(text)")
        }
        for text in vector.refused {
            let error = decodingError { _ = try decoder.leaf(Bool.self, text) }
            #expect(error?.path == ["v"], "\(vector.decoding) \(text)")
        }
    }

    // MARK: Date

    struct Stamp: Codable, Equatable {
        let at: Date
    }

    func dates(_ decoding: URLEncodedFormDecoder.DateDecoding) -> URLEncodedFormDecoder {
        URLEncodedFormDecoder(dateDecoding: decoding)
    }

    @Test func deferredToDateReadsSecondsSinceTheReferenceDate() throws {
        #expect(try dates(.deferredToDate).leaf(Date.self, "0") == Date(timeIntervalSinceReferenceDate: 0))
        #expect(try dates(.deferredToDate).leaf(Date.self, "721692800.5") == Date(timeIntervalSinceReferenceDate: 721_692_800.5))
        #expect(try dates(.deferredToDate).leaf(Date.self, "-1.25") == Date(timeIntervalSinceReferenceDate: -1.25))
    }

    @Test func secondsAndMillisecondsSince1970() throws {
        #expect(try dates(.secondsSince1970).leaf(Date.self, "1700000000.5") == Date(timeIntervalSince1970: 1_700_000_000.5))
        #expect(try dates(.secondsSince1970).leaf(Date.self, "1700000000") == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(try dates(.secondsSince1970).leaf(Date.self, "-86400") == Date(timeIntervalSince1970: -86_400))
        #expect(try dates(.millisecondsSince1970).leaf(Date.self, "1700000000500.0") == Date(timeIntervalSince1970: 1_700_000_000.5))
        #expect(try dates(.millisecondsSince1970).leaf(Date.self, "1700000000500") == Date(timeIntervalSince1970: 1_700_000_000.5))
    }

    @Test func iso8601ReadsUTCTimestampsWithOrWithoutFractionalSeconds() throws {
        let iso = dates(.iso8601)
        #expect(try iso.leaf(Date.self, "2023-11-14T22%3A13%3A20Z") == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(try iso.leaf(Date.self, "2023-11-14T22:13:20Z") == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(try iso.leaf(Date.self, "1970-01-01T00:00:00Z") == Date(timeIntervalSince1970: 0))
        let fractional = try iso.leaf(Date.self, "2023-11-14T22:13:20.500Z")
        #expect(abs(fractional.timeIntervalSince1970 - 1_700_000_000.5) < 0.001)
    }

    @Test(arguments: ["2023-11-14", "yesterday", "", "2023-11-14 22:13:20", "1700000000"])
    func iso8601RefusesOtherTexts(_ text: String) {
        let error = decodingError { _ = try dates(.iso8601).leaf(Date.self, text) }
        #expect(error?.path == ["v"], "\(text): \(String(describing: error))")
    }

    @Test func formattedReadsWithTheFormatter() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        let decoder = dates(.formatted(formatter))
        // 2024-01-01 is day 19,723 after 1970-01-01 (54 years, 13 of them leap); then 31 + 28 days.
        #expect(try decoder.leaf(Date.self, "2024-02-29") == Date(timeIntervalSince1970: 19_782 * 86_400))
        #expect(decodingError { _ = try decoder.leaf(Date.self, "2024-13-01") }?.path == ["v"])
        #expect(decodingError { _ = try decoder.leaf(Date.self, "29/02/2024") }?.path == ["v"])
    }

    @Test func customDateClosureReadsTheTextAndItsErrorPassesUnchanged() throws {
        let decoder = dates(.custom { text in
            guard text.hasPrefix("day "), let day = Double(text.dropFirst(4)) else { throw ClosureError() }
            return Date(timeIntervalSince1970: day * 86_400)
        })
        #expect(try decoder.leaf(Date.self, "day+2") == Date(timeIntervalSince1970: 172_800))
        #expect(throws: ClosureError.self) { try decoder.leaf(Date.self, "someday") }
    }

    /// The encoder's text for each date encoding, read back by its inverse.
    @Test func everyDateDecodingInvertsItsEncoding() throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000.5)
        let whole = Date(timeIntervalSince1970: 1_700_000_000)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSS"
        let pairs: [(URLEncodedFormEncoder.DateEncoding, URLEncodedFormDecoder.DateDecoding, Date)] = [
            (.deferredToDate, .deferredToDate, date),
            (.secondsSince1970, .secondsSince1970, date),
            (.millisecondsSince1970, .millisecondsSince1970, date),
            (.iso8601, .iso8601, whole),
            (.formatted(formatter), .formatted(formatter), date),
            (.custom { String($0.timeIntervalSince1970) }, .custom { Date(timeIntervalSince1970: Double($0)!) }, date),
        ]
        for (encoding, decoding, value) in pairs {
            let text: String = try URLEncodedFormEncoder(dateEncoding: encoding).encode(Stamp(at: value))
            #expect(try dates(decoding).decode(Stamp.self, from: text) == Stamp(at: value), "\(text)")
        }
    }

    // MARK: Data

    struct Blob: Codable, Equatable {
        let d: Data
    }

    @Test func base64ReadsWithOrWithoutPadding() throws {
        #expect(try decoder.leaf(Data.self, "aGVsbG8%3D") == Data("hello".utf8))
        #expect(try decoder.leaf(Data.self, "aGVsbG8") == Data("hello".utf8))
        #expect(try decoder.leaf(Data.self, "%2B%2F8%3D") == Data([0xFB, 0xFF]))
        #expect(try decoder.leaf(Data.self, "") == Data())
        #expect(decodingError { _ = try decoder.leaf(Data.self, "!!!!") }?.path == ["v"])
    }

    @Test func deferredToDataReadsAnArrayOfBytes() throws {
        let decoder = URLEncodedFormDecoder(dataDecoding: .deferredToData)
        let hi = Blob(d: Data("hi".utf8))
        #expect(try decoder.decode(Blob.self, from: "d[]=104&d[]=105") == hi)
        #expect(try decoder.decode(Blob.self, from: "d=104&d=105") == hi)
        #expect(try decoder.decode(Blob.self, from: "d[1]=105&d[0]=104") == hi)
        #expect(try decoder.decode(Blob.self, from: "") == Blob(d: Data()))
        #expect(decodingError { _ = try decoder.decode(Blob.self, from: "d[]=256") }?.path == ["d", "#0"])
    }

    @Test func customDataClosureReadsTheTextAndItsErrorPassesUnchanged() throws {
        let hex = URLEncodedFormDecoder(dataDecoding: .custom { text in
            var bytes: [UInt8] = []
            var rest = Substring(text)
            while !rest.isEmpty {
                guard let byte = UInt8(rest.prefix(2), radix: 16) else { throw ClosureError() }
                bytes.append(byte)
                rest = rest.dropFirst(2)
            }
            return Data(bytes)
        })
        #expect(try hex.decode(Blob.self, from: "d=6869") == Blob(d: Data("hi".utf8)))
        #expect(throws: ClosureError.self) { try hex.decode(Blob.self, from: "d=zz") }
    }

    @Test func everyDataDecodingInvertsItsEncoding() throws {
        let blob = Blob(d: Data([0x00, 0xFB, 0xFF, 0x2B, 0x26]))
        let pairs: [(URLEncodedFormEncoder.DataEncoding, URLEncodedFormDecoder.DataDecoding)] = [
            (.base64, .base64),
            (.deferredToData, .deferredToData),
            (.custom { $0.map { String($0) }.joined(separator: ".") },
             .custom { Data($0.split(separator: ".").map { UInt8($0)! }) }),
        ]
        for (encoding, decoding) in pairs {
            let text: String = try URLEncodedFormEncoder(arrayEncoding: .indexInBrackets, dataEncoding: encoding).encode(blob)
            #expect(try URLEncodedFormDecoder(dataDecoding: decoding).decode(Blob.self, from: text) == blob, "\(text)")
        }
    }

    // MARK: nil

    struct Maybe: Decodable, Equatable {
        let s: String?
        let n: Int?
    }

    @Test func absentKeyIsNilUnderEveryNilDecoding() throws {
        for nilDecoding in [URLEncodedFormDecoder.NilDecoding.dropKey, .dropValue, .null] {
            #expect(try URLEncodedFormDecoder(nilDecoding: nilDecoding).decode(Maybe.self, from: "x=1") == Maybe(s: nil, n: nil))
        }
    }

    @Test func dropKeyReadsEmptyAndNullAsText() throws {
        let decoder = URLEncodedFormDecoder(nilDecoding: .dropKey)
        #expect(try decoder.decode(Maybe.self, from: "s=") == Maybe(s: "", n: nil))
        #expect(try decoder.decode(Maybe.self, from: "s=null") == Maybe(s: "null", n: nil))
        #expect(decodingError { _ = try decoder.decode(Maybe.self, from: "n=") }?.path == ["n"])
    }

    @Test func dropValueAlsoReadsAnEmptyValueAsNil() throws {
        let decoder = URLEncodedFormDecoder(nilDecoding: .dropValue)
        #expect(try decoder.decode(Maybe.self, from: "s=&n=") == Maybe(s: nil, n: nil))
        #expect(try decoder.decode(Maybe.self, from: "s&n") == Maybe(s: nil, n: nil))
        #expect(try decoder.decode(Maybe.self, from: "s=null&n=1") == Maybe(s: "null", n: 1))
    }

    @Test func nullAlsoReadsTheTextNullAsNil() throws {
        let decoder = URLEncodedFormDecoder(nilDecoding: .null)
        #expect(try decoder.decode(Maybe.self, from: "s=null&n=null") == Maybe(s: nil, n: nil))
        #expect(try decoder.decode(Maybe.self, from: "s=") == Maybe(s: "", n: nil))
        #expect(try decoder.decode(Maybe.self, from: "s=NULL") == Maybe(s: "NULL", n: nil))
    }

    struct Holes: Decodable, Equatable {
        let a: [String?]
    }

    @Test func nilInsideArrays() throws {
        #expect(try URLEncodedFormDecoder(nilDecoding: .dropValue).decode(Holes.self, from: "a[]=x&a[]=&a[]=y") == Holes(a: ["x", nil, "y"]))
        #expect(try URLEncodedFormDecoder(nilDecoding: .null).decode(Holes.self, from: "a[0]=x&a[1]=null") == Holes(a: ["x", nil]))
        #expect(try URLEncodedFormDecoder(nilDecoding: .dropKey).decode(Holes.self, from: "a=x&a=") == Holes(a: ["x", ""]))
    }
}
