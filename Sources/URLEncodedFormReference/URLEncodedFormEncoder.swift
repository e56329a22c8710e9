// Ported from Alamofire 5.12, Copyright (c) 2014-2022 Alamofire Software Foundation,
// under the MIT license: see LICENSE.

import Foundation

/// A faithful port of Alamofire 5.12's `URLEncodedFormEncoder`.
///
/// It encodes any `Encodable` value into an `application/x-www-form-urlencoded` string by the
/// original algorithm: every value is stored by re-walking its whole coding path from the root
/// (`URLEncodedFormComponent.set(to:at:)`), and the finished tree is serialized with
/// `CharacterSet` + `addingPercentEncoding` escaping into `String` segments that are sorted and
/// joined level by level.
///
/// This module is the yardstick the optimized `URLEncodedForm` module is measured and tested
/// against. It is slow on purpose; do not optimize it. Its two deliberate deviations from
/// Alamofire, both where Alamofire crashes: a negative int-valued coding key (an array index out
/// of range) throws `EncodingError.invalidValue`, and so does a value nested deeper than
/// `maximumDepth` keys, which would overflow the stack.
public final class URLEncodedFormEncoder: @unchecked Sendable {
    /// Encoding to use for `Array` values.
    public enum ArrayEncoding: Sendable {
        /// An empty set of square brackets is appended to the key for every value: `key[]=1&key[]=2`.
        case brackets
        /// No brackets are appended; the key is repeated for every value: `key=1&key=2`.
        case noBrackets
        /// Brackets holding the element's position are appended: `key[0]=1&key[1]=2`.
        case indexInBrackets
        /// The closure receives the key so far and the element's position and returns the new key.
        case custom(@Sendable (_ key: String, _ index: Int) -> String)

        /// Encodes the key of the array element at `index`.
        func encode(_ key: String, atIndex index: Int) -> String {
            switch self {
            case .brackets: return "\(key)[]"
            case .noBrackets: return key
            case .indexInBrackets: return "\(key)[\(index)]"
            case let .custom(encoding): return encoding(key, index)
            }
        }
    }

    /// Encoding to use for `Bool` values.
    public enum BoolEncoding: Sendable {
        /// `true` as `1`, `false` as `0`.
        case numeric
        /// `true` and `false` as the literal strings.
        case literal

        /// Encodes `value`.
        func encode(_ value: Bool) -> String {
            switch self {
            case .numeric: return value ? "1" : "0"
            case .literal: return value ? "true" : "false"
            }
        }
    }

    /// Encoding to use for `Data` values.
    public enum DataEncoding: Sendable {
        /// Defers to `Data`'s own `Encodable` implementation: an array of its bytes.
        case deferredToData
        /// Base64 with no line breaks.
        case base64
        /// The closure's string; an error it throws ends the encoding.
        case custom(@Sendable (Data) throws -> String)

        /// Encodes `data`, or returns `nil` when `Data`'s own `Encodable` conformance should be used.
        func encode(_ data: Data) throws -> String? {
            switch self {
            case .deferredToData: return nil
            case .base64: return data.base64EncodedString()
            case let .custom(encoding): return try encoding(data)
            }
        }
    }

    /// Encoding to use for `Date` values.
    public enum DateEncoding: Sendable {
        /// Shared formatter for `.iso8601`; guarded by `iso8601Lock` because
        /// `ISO8601DateFormatter` is not `Sendable`.
        nonisolated(unsafe) private static let iso8601Formatter: ISO8601DateFormatter = {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = .withInternetDateTime
            return formatter
        }()
        private static let iso8601Lock = NSLock()

        /// Defers to `Date`'s own `Encodable` implementation: its `timeIntervalSinceReferenceDate`.
        case deferredToDate
        /// Seconds since midnight UTC on January 1, 1970, as a `Double`.
        case secondsSince1970
        /// Milliseconds since midnight UTC on January 1, 1970, as a `Double`.
        case millisecondsSince1970
        /// An ISO 8601 `yyyy-MM-dd'T'HH:mm:ssZ` string in UTC.
        case iso8601
        /// The given formatter's string.
        case formatted(DateFormatter)
        /// The closure's string; an error it throws ends the encoding.
        case custom(@Sendable (Date) throws -> String)

        /// Encodes `date`, or returns `nil` when `Date`'s own `Encodable` conformance should be used.
        func encode(_ date: Date) throws -> String? {
            switch self {
            case .deferredToDate:
                return nil
            case .secondsSince1970:
                return String(date.timeIntervalSince1970)
            case .millisecondsSince1970:
                return String(date.timeIntervalSince1970 * 1000.0)
            case .iso8601:
                DateEncoding.iso8601Lock.lock()
                defer { DateEncoding.iso8601Lock.unlock() }
                return DateEncoding.iso8601Formatter.string(from: date)
            case let .formatted(formatter):
                return formatter.string(from: date)
            case let .custom(closure):
                return try closure(date)
            }
        }
    }

    /// Encoding applied to the whole key path of every pair.
    public enum KeyEncoding: Sendable {
        /// Keys as they are.
        case useDefaultKeys
        /// camelCase to snake_case: `oneTwoThree` becomes `one_two_three`.
        case convertToSnakeCase
        /// camelCase to kebab-case: `oneTwoThree` becomes `one-two-three`.
        case convertToKebabCase
        /// First letter upper-cased: `oneTwoThree` becomes `OneTwoThree`.
        case capitalized
        /// All upper-case: `oneTwoThree` becomes `ONETWOTHREE`.
        case uppercased
        /// All lower-case: `oneTwoThree` becomes `onetwothree`.
        case lowercased
        /// The closure's string.
        case custom(@Sendable (String) -> String)

        /// Encodes `key`.
        func encode(_ key: String) -> String {
            switch self {
            case .useDefaultKeys: return key
            case .convertToSnakeCase: return convertToSnakeCase(key)
            case .convertToKebabCase: return convertToKebabCase(key)
            case .capitalized: return String(key.prefix(1).uppercased() + key.dropFirst())
            case .uppercased: return key.uppercased()
            case .lowercased: return key.lowercased()
            case let .custom(encoding): return encoding(key)
            }
        }

        private func convertToSnakeCase(_ key: String) -> String {
            convert(key, usingSeparator: "_")
        }

        private func convertToKebabCase(_ key: String) -> String {
            convert(key, usingSeparator: "-")
        }

        /// Splits `key` into words at lower-to-upper transitions and before the last capital of a
        /// run of capitals, lower-cases them and joins them with `separator`
        /// (`myURLProperty` becomes `my_url_property`).
        private func convert(_ key: String, usingSeparator separator: String) -> String {
            guard !key.isEmpty else { return key }

            var words: [Range<String.Index>] = []
            var wordStart = key.startIndex
            var searchRange = key.index(after: wordStart)..<key.endIndex

            while let upperCaseRange = key.rangeOfCharacter(from: CharacterSet.uppercaseLetters, options: [], range: searchRange) {
                words.append(wordStart..<upperCaseRange.lowerBound)

                searchRange = upperCaseRange.lowerBound..<searchRange.upperBound
                guard let lowerCaseRange = key.rangeOfCharacter(from: CharacterSet.lowercaseLetters, options: [], range: searchRange) else {
                    // No lower-case letter follows: the rest is one word.
                    wordStart = searchRange.lowerBound
                    break
                }

                let nextCharacterAfterCapital = key.index(after: upperCaseRange.lowerBound)
                if lowerCaseRange.lowerBound == nextCharacterAfterCapital {
                    // A single capital starts a word together with the lower-case letters after it.
                    wordStart = upperCaseRange.lowerBound
                } else {
                    // A run of capitals is a word of its own, up to the capital before the lower-case letter.
                    let beforeLowerIndex = key.index(before: lowerCaseRange.lowerBound)
                    words.append(upperCaseRange.lowerBound..<beforeLowerIndex)
                    wordStart = beforeLowerIndex
                }
                searchRange = lowerCaseRange.upperBound..<searchRange.upperBound
            }
            words.append(wordStart..<searchRange.upperBound)

            return words.map { key[$0].lowercased() }.joined(separator: separator)
        }
    }

    /// Encoding applied to each nested object key before it is appended to the key path.
    public struct KeyPathEncoding: Sendable {
        /// `[subkey]`: `parent[child]`.
        public static let brackets = KeyPathEncoding { "[\($0)]" }
        /// `.subkey`: `parent.child`.
        public static let dots = KeyPathEncoding { ".\($0)" }

        private let encoding: @Sendable (_ subkey: String) -> String

        /// Creates an encoding that appends the closure's string for each nested object key.
        public init(encoding: @escaping @Sendable (_ subkey: String) -> String) {
            self.encoding = encoding
        }

        /// Encodes the nested object key `keyPath`.
        func encodeKeyPath(_ keyPath: String) -> String {
            encoding(keyPath)
        }
    }

    /// Encoding to use for `nil` values.
    public struct NilEncoding: Sendable {
        /// The key and value are left out.
        public static let dropKey = NilEncoding { nil }
        /// The key is kept with an empty value: `key=`.
        public static let dropValue = NilEncoding { "" }
        /// The value is the string `null`: `key=null`.
        public static let null = NilEncoding { "null" }

        private let encoding: @Sendable () -> String?

        /// Creates an encoding that writes the closure's string for `nil`, or drops the key when it returns `nil`.
        public init(encoding: @escaping @Sendable () -> String?) {
            self.encoding = encoding
        }

        /// The string to write for `nil`, or `nil` to drop the key.
        func encodeNil() -> String? {
            encoding()
        }
    }

    /// Encoding to use for spaces.
    public enum SpaceEncoding: Sendable {
        /// Spaces become `%20`.
        case percentEscaped
        /// Spaces become `+`.
        case plusReplaced

        /// Replaces the spaces of an already percent-escaped `string`.
        func encode(_ string: String) -> String {
            switch self {
            case .percentEscaped: return string.replacingOccurrences(of: " ", with: "%20")
            case .plusReplaced: return string.replacingOccurrences(of: " ", with: "+")
            }
        }
    }

    /// Errors thrown by `URLEncodedFormEncoder`.
    public enum Error: Swift.Error {
        /// The root of the encoded value was not a keyed object; the payload describes what it was.
        case invalidRootObject(String)

        var localizedDescription: String {
            switch self {
            case let .invalidRootObject(object):
                return "URLEncodedFormEncoder requires keyed root object. Received \(object) instead."
            }
        }
    }

    /// Whether each level's serialized pairs are sorted before they are joined.
    public let alphabetizeKeyValuePairs: Bool
    /// The `ArrayEncoding` to use.
    public let arrayEncoding: ArrayEncoding
    /// The `BoolEncoding` to use.
    public let boolEncoding: BoolEncoding
    /// The `DataEncoding` to use.
    public let dataEncoding: DataEncoding
    /// The `DateEncoding` to use.
    public let dateEncoding: DateEncoding
    /// The `KeyEncoding` to use.
    public let keyEncoding: KeyEncoding
    /// The `KeyPathEncoding` to use.
    public let keyPathEncoding: KeyPathEncoding
    /// The `NilEncoding` to use.
    public let nilEncoding: NilEncoding
    /// The `SpaceEncoding` to use.
    public let spaceEncoding: SpaceEncoding
    /// The `CharacterSet` of characters left unescaped.
    public var allowedCharacters: CharacterSet
    /// Not in Alamofire: the most keys a coding path may have where a value is written; a value
    /// nested deeper throws `EncodingError.invalidValue` instead of overflowing the stack.
    public let maximumDepth: Int

    /// The default `maximumDepth`: a value nested this deep encodes on a 512 KiB thread stack.
    public static let defaultMaximumDepth = 256

    /// Creates an encoder; every argument but `maximumDepth` (not in Alamofire) defaults to
    /// Alamofire's default. A `maximumDepth` of 0 or less allows no key at all.
    public init(alphabetizeKeyValuePairs: Bool = true,
                arrayEncoding: ArrayEncoding = .brackets,
                boolEncoding: BoolEncoding = .numeric,
                dataEncoding: DataEncoding = .base64,
                dateEncoding: DateEncoding = .deferredToDate,
                keyEncoding: KeyEncoding = .useDefaultKeys,
                keyPathEncoding: KeyPathEncoding = .brackets,
                nilEncoding: NilEncoding = .dropKey,
                spaceEncoding: SpaceEncoding = .percentEscaped,
                allowedCharacters: CharacterSet = .afURLQueryAllowed,
                maximumDepth: Int = URLEncodedFormEncoder.defaultMaximumDepth) {
        self.alphabetizeKeyValuePairs = alphabetizeKeyValuePairs
        self.arrayEncoding = arrayEncoding
        self.boolEncoding = boolEncoding
        self.dataEncoding = dataEncoding
        self.dateEncoding = dateEncoding
        self.keyEncoding = keyEncoding
        self.keyPathEncoding = keyPathEncoding
        self.nilEncoding = nilEncoding
        self.spaceEncoding = spaceEncoding
        self.allowedCharacters = allowedCharacters
        self.maximumDepth = max(0, maximumDepth)
    }

    func encode(_ value: any Encodable) throws -> URLEncodedFormComponent {
        let context = URLEncodedFormContext(.object([]), maximumDepth: maximumDepth)
        let encoder = _URLEncodedFormEncoder(context: context,
                                             boolEncoding: boolEncoding,
                                             dataEncoding: dataEncoding,
                                             dateEncoding: dateEncoding,
                                             nilEncoding: nilEncoding)
        try value.encode(to: encoder)

        return context.component
    }

    /// Encodes `value` as a form-urlencoded `String`.
    ///
    /// - Throws: `Error.invalidRootObject` when the value is not keyed at its root, an
    ///   `EncodingError`, or the error a custom closure throws.
    public func encode(_ value: any Encodable) throws -> String {
        let component: URLEncodedFormComponent = try encode(value)

        guard case let .object(object) = component else {
            throw Error.invalidRootObject("\(component)")
        }

        let serializer = URLEncodedFormSerializer(alphabetizeKeyValuePairs: alphabetizeKeyValuePairs,
                                                  arrayEncoding: arrayEncoding,
                                                  keyEncoding: keyEncoding,
                                                  keyPathEncoding: keyPathEncoding,
                                                  spaceEncoding: spaceEncoding,
                                                  allowedCharacters: allowedCharacters)
        return serializer.serialize(object)
    }

    /// Encodes `value` as the UTF-8 bytes of its form-urlencoded string.
    public func encode(_ value: any Encodable) throws -> Data {
        let string: String = try encode(value)

        return Data(string.utf8)
    }
}

extension CharacterSet {
    /// `CharacterSet.urlQueryAllowed` less the RFC 3986 reserved characters `:#[]@!$&'()*+,;=`.
    ///
    /// `?` and `/` stay unescaped so that a query may hold a URL (RFC 3986 §3.4).
    public static let afURLQueryAllowed: CharacterSet = {
        let generalDelimitersToEncode = ":#[]@" // does not include "?" or "/" due to RFC 3986 - Section 3.4
        let subDelimitersToEncode = "!$&'()*+,;="
        let encodableDelimiters = CharacterSet(charactersIn: "\(generalDelimitersToEncode)\(subDelimitersToEncode)")

        return CharacterSet.urlQueryAllowed.subtracting(encodableDelimiters)
    }()
}
