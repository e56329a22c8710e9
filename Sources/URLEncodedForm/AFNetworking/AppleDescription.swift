import CNumberFormat
import Foundation

/// A value's `description` as AFNetworking read it on Apple platforms, where Swift's numbers and
/// Booleans bridge to `NSNumber`: Booleans `1` and `0`, integers in decimal, `Double`s (and
/// `CGFloat`s) `%0.16g`, `Float`s `%0.7g`; strings as they are; anything else its Swift
/// description. Foundation on Linux describes numbers as Swift does (`0.30000000000000004`,
/// `true`), which AFNetworking, never having run there, never wrote.
enum AppleDescription {
    /// Calls `body` with the UTF-8 description of `value`, a leaf (not a container, `Optional` or
    /// `NSNull`), whose `ParameterValueKind` is `kind`.
    static func withText<Result>(of value: Any, kind: ParameterValueKind,
                                 _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        switch kind {
        case let .text(text):
            return text.withUTF8Bytes(body)
        case let .integer(magnitude, negative):
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: DecimalText.maxLength) { digits in
                let length = DecimalText.write(magnitude: magnitude, negative: negative, to: digits.baseAddress!)
                return body(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(digits)[..<length]))
            }
        case let .int8(int8):
            // An `NSNumber` of a `char`: in decimal, as every integer.
            return DecimalText.withDigits(of: int8, body)
        case let .double(double):
            return withPrintf(double, significantDigits: 16, body)
        case let .bool(bool):
            let text: StaticString = bool ? "1" : "0"
            return text.withUTF8Buffer { body(UnsafeRawBufferPointer($0)) }
        case .dictionary, .array, .strings, .dictionaries, .other:
            return withOtherText(of: value, body)
        }
    }

    /// The description of any value, a key or a set element, as a `String`.
    static func string(of value: Any) -> String {
        if let optional = value as? any OptionalValue {
            // `nil` bridges to `NSNull`.
            return optional.wrappedValue.map(string(of:)) ?? "<null>"
        }
        return withText(of: value, kind: ParameterValueKind(of: value)) { String(decoding: $0, as: UTF8.self) }
    }

    /// The types without a `ParameterValueKind` of their own, which bridge to `NSNumber`:
    /// `Float`, `CGFloat` and `NSNumber` itself (by its `objCType`); anything else by its
    /// `description`.
    private static func withOtherText<Result>(of value: Any, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        switch value {
        case let float as Float where type(of: value) == Float.self:
            return withPrintf(Double(float), significantDigits: 7, body)
        case let cgFloat as CGFloat where type(of: value) == CGFloat.self:
            return withPrintf(Double(cgFloat), significantDigits: 16, body)
        case let number as NSNumber where type(of: value) is NSNumber.Type:
            switch number.objCType.pointee {
            case CChar(UInt8(ascii: "d")): return withPrintf(number.doubleValue, significantDigits: 16, body)
            case CChar(UInt8(ascii: "f")): return withPrintf(number.doubleValue, significantDigits: 7, body)
            case CChar(UInt8(ascii: "Q")), CChar(UInt8(ascii: "L")), CChar(UInt8(ascii: "I")),
                 CChar(UInt8(ascii: "S")), CChar(UInt8(ascii: "C")):
                return DecimalText.withDigits(of: number.uint64Value, body)
            default:
                return DecimalText.withDigits(of: number.int64Value, body)
            }
        default:
            return String(describing: value).withUTF8Bytes(body)
        }
    }

    /// Calls `body` with `value` formatted as C's `%.*g` formats it with `significantDigits`.
    private static func withPrintf<Result>(_ value: Double, significantDigits: Int32,
                                           _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        // The longest: a sign, 16 digits, a point and an exponent (`-1.797693134862316e+308`).
        let capacity = 32
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
            let length = cnumberformat_print_g(buffer.baseAddress!, capacity, significantDigits, value)
            assert(length > 0 && length < capacity, "printf wrote \(length) bytes")
            return body(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[..<Int(length)]))
        }
    }
}
