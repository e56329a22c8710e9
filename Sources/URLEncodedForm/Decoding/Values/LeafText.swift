import Foundation

/// A type read from one leaf's text: the primitives every container decodes directly. Parsing
/// works on the unescaped bytes; only `String` and the floating-point types make a `String`.
protocol LeafValue {
    /// The value `text` spells, or `nil` if it spells none.
    static func parse(_ text: UnsafeBufferPointer<UInt8>, options: DecodingOptions) -> Self?
    /// How an error names what was expected: "an Int".
    static var expectation: String { get }
}

extension String: LeafValue {
    static func parse(_ text: UnsafeBufferPointer<UInt8>, options: DecodingOptions) -> String? {
        String(decoding: text, as: UTF8.self)
    }
    static var expectation: String { "a String" }
}

extension Bool: LeafValue {
    static func parse(_ text: UnsafeBufferPointer<UInt8>, options: DecodingOptions) -> Bool? {
        let lenient = options.boolDecoding == .lenient
        let numeric = lenient || options.boolDecoding == .numeric
        let literal = lenient || options.boolDecoding == .literal
        if numeric && text.count == 1 {
            if text[0] == UInt8(ascii: "1") { return true }
            if text[0] == UInt8(ascii: "0") { return false }
        }
        if literal && text.elementsEqual("true".utf8) { return true }
        if literal && text.elementsEqual("false".utf8) { return false }
        // What a checked checkbox sends when its input has no `value`.
        if lenient && text.elementsEqual("on".utf8) { return true }
        return nil
    }
    static var expectation: String { "a Bool" }
}

extension FixedWidthInteger {
    /// An optional `+` or `-`, then ASCII digits only, without overflow.
    static func parse(_ text: UnsafeBufferPointer<UInt8>, options: DecodingOptions) -> Self? {
        var index = 0
        var negative = false
        if let sign = text.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            index = 1
        }
        guard index < text.count else { return nil }
        var value: Self = 0
        while index < text.count {
            let digit = text[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = negative ? shifted.subtractingReportingOverflow(Self(digit))
                                             : shifted.addingReportingOverflow(Self(digit))
            guard !overflow && !overflow2 else { return nil }
            value = next
            index += 1
        }
        return value
    }
    static var expectation: String {
        let name = "\(Self.self)"
        return (name.hasPrefix("I") ? "an " : "a ") + name
    }
}

extension Int: LeafValue {}
extension Int8: LeafValue {}
extension Int16: LeafValue {}
extension Int32: LeafValue {}
extension Int64: LeafValue {}
extension UInt: LeafValue {}
extension UInt8: LeafValue {}
extension UInt16: LeafValue {}
extension UInt32: LeafValue {}
extension UInt64: LeafValue {}

extension Double: LeafValue {
    /// What Swift's `description` writes reads back (`1e-05`, `inf`, `-inf`, `nan`, `-0.0`).
    static func parse(_ text: UnsafeBufferPointer<UInt8>, options: DecodingOptions) -> Double? {
        exactDecimal(text) ?? Double(String(decoding: text, as: UTF8.self))
    }
    static var expectation: String { "a Double" }

    /// `[+-]digits[.digits]` of at most 15 digits, read without the C library: Clinger's fast
    /// path. Both the digits as an integer (below 2⁵³) and the power of ten (up to 10²²) are
    /// exact as `Double`s, so their quotient, rounded once by the division, is the correctly
    /// rounded value `Double(String)` reads. Anything else is `nil`, for `Double(String)`.
    private static func exactDecimal(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        var negative = false
        if let sign = text.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            index = 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var integerDigits = -1
        while index < text.count {
            let byte = text[index]
            index += 1
            if byte == UInt8(ascii: "."), integerDigits < 0 {
                integerDigits = digits
                continue
            }
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10, digits < 15 else { return nil }
            mantissa = mantissa * 10 + UInt64(digit)
            digits += 1
        }
        let fractionDigits = integerDigits < 0 ? 0 : digits - integerDigits
        guard digits > 0, integerDigits != 0, integerDigits < 0 || fractionDigits > 0 else { return nil }
        let value = Double(mantissa) / exactPowersOfTen[fractionDigits]
        return negative ? -value : value
    }

    /// 10⁰ to 10¹⁵: the powers of ten a 15-digit fraction divides by, each exact.
    private static let exactPowersOfTen: [Double] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15]
}

extension Float: LeafValue {
    static func parse(_ text: UnsafeBufferPointer<UInt8>, options: DecodingOptions) -> Float? {
        Float(String(decoding: text, as: UTF8.self))
    }
    static var expectation: String { "a Float" }
}

/// The leaves `Codable` does not read as the decoder needs them: `Date` and `Data` by their
/// strategies, and `URL` and `Decimal` from their text (Foundation's own `Decodable` forms of
/// these two are keyed on Linux).
enum SpecialLeaf {
    /// An ISO 8601 UTC timestamp, `yyyy-MM-ddTHH:mm:ssZ` with optional fractional seconds, as
    /// `Date`, or `nil`. Written by hand: `ISO8601DateFormatter` allocates and locks.
    static func iso8601Date(_ text: UnsafeBufferPointer<UInt8>) -> Date? {
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let digit = text[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
        guard text.count >= 20, text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-"),
              text[10] == UInt8(ascii: "T"), text[13] == UInt8(ascii: ":"), text[16] == UInt8(ascii: ":"),
              text[text.count - 1] == UInt8(ascii: "Z"),
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var fraction = 0.0
        if text.count > 20 {
            guard text[19] == UInt8(ascii: "."), text.count > 21 else { return nil }
            var scale = 0.1
            for index in 20..<(text.count - 1) {
                let digit = text[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                fraction += Double(digit) * scale
                scale /= 10
            }
        } else if text[19] != UInt8(ascii: "Z") {
            return nil
        }
        // Days since 1970-01-01 of the civil date (Howard Hinnant's days_from_civil).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let seconds = Double(days * 86_400 + hour * 3_600 + minute * 60 + second) + fraction
        return Date(timeIntervalSince1970: seconds)
    }

    /// Base64 with or without its padding.
    static func base64Data(_ text: String) -> Data? {
        let padding = (4 - text.utf8.count % 4) % 4
        return Data(base64Encoded: padding == 0 ? text : text + String(repeating: "=", count: padding))
    }

    /// A decimal number, `[+-]digits[.digits][e[+-]digits]`, as `Decimal`: checked first,
    /// because `Decimal(string:)` reads the longest number it can find at the start (`12a` is 12).
    static func decimal(_ text: String) -> Decimal? {
        var bytes = Substring(text).utf8[...]
        func digits() -> Int {
            let count = bytes.prefix(while: { $0 &- UInt8(ascii: "0") < 10 }).count
            bytes = bytes.dropFirst(count)
            return count
        }
        if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        var mantissa = digits()
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            mantissa += digits()
        }
        guard mantissa > 0 else { return nil }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return nil }
        }
        guard bytes.isEmpty else { return nil }
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }
}
