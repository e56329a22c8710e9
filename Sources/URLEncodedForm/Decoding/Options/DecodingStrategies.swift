import Foundation

extension URLEncodedFormDecoder {
    /// How a decoded name is split into a key path.
    public enum KeyPathDecoding: Sendable, Equatable {
        /// `base[segment][segment]…`, where `[]` appends to an array: what
        /// ``URLEncodedFormEncoder/KeyPathEncoding/brackets`` writes, and what Rack, Rails and
        /// PHP read.
        case brackets
        /// `base.segment.segment`, with brackets read as in ``brackets`` too (`a.tags[]`,
        /// `a.items[0].name`): what ``URLEncodedFormEncoder/KeyPathEncoding/dots`` writes.
        case dots
    }

    /// Which texts a `Bool` is read from.
    public enum BoolDecoding: Sendable, Equatable {
        /// `true`, `1` and `on` (what a checked HTML checkbox sends) are `true`; `false` and `0`
        /// are `false`.
        case lenient
        /// Only `1` and `0`: what ``URLEncodedFormEncoder/BoolEncoding/numeric`` writes.
        case numeric
        /// Only `true` and `false`: what ``URLEncodedFormEncoder/BoolEncoding/literal`` writes.
        case literal
    }

    /// How `Data` values are read.
    public enum DataDecoding: Sendable {
        /// Base64 text, with or without padding: what ``URLEncodedFormEncoder/DataEncoding/base64``
        /// writes.
        case base64
        /// `Data`'s own `Decodable` form: an array of its bytes.
        case deferredToData
        /// The closure's value for the text; an error it throws ends the decoding unchanged.
        case custom(@Sendable (String) throws -> Data)
    }

    /// How `Date` values are read: the inverse of each ``URLEncodedFormEncoder/DateEncoding``.
    public enum DateDecoding: Sendable {
        /// `Date`'s own `Decodable` form: a `Double` of seconds since 2001-01-01T00:00:00Z.
        case deferredToDate
        /// Seconds since 1970-01-01T00:00:00Z as a `Double`, e.g. `1700000000.5`.
        case secondsSince1970
        /// Milliseconds since 1970-01-01T00:00:00Z as a `Double`, e.g. `1700000000500.0`.
        case millisecondsSince1970
        /// ISO 8601 in UTC, `2023-11-14T22:13:20Z`, with or without fractional seconds.
        case iso8601
        /// The formatter's date for the text.
        case formatted(DateFormatter)
        /// The closure's date for the text; an error it throws ends the decoding unchanged.
        case custom(@Sendable (String) throws -> Date)
    }

    /// A transformation applied to the text of each key-path segment (not the brackets) before
    /// it is matched against a `CodingKey`.
    public enum KeyDecoding: Sendable {
        /// Keys as they are.
        case useDefaultKeys
        /// snake_case to camelCase, as `JSONDecoder` converts it: `user_id` becomes `userId`;
        /// leading and trailing underscores are kept.
        case convertFromSnakeCase
        /// kebab-case to camelCase, likewise: `user-id` becomes `userId`.
        case convertFromKebabCase
        /// The closure's string for each segment.
        case custom(@Sendable (String) -> String)
    }

    /// Which values read as `nil` (through `decodeNil` and `decodeIfPresent`). A key that is
    /// absent always does.
    public enum NilDecoding: Sendable, Equatable {
        /// Only an absent key: what ``URLEncodedFormEncoder/NilEncoding/dropKey`` writes.
        case dropKey
        /// An absent key or an empty value (`key=`): what
        /// ``URLEncodedFormEncoder/NilEncoding/dropValue`` writes.
        case dropValue
        /// An absent key or the text `null`: what ``URLEncodedFormEncoder/NilEncoding/null``
        /// writes.
        case null
    }

    /// What a single value reads when its key was sent more than once (`a=1&a=2`).
    public enum DuplicateKeyPolicy: Sendable, Equatable {
        /// The decoding fails with `DecodingError.dataCorrupted`, naming the key and how many
        /// values it has.
        case error
        /// The first value sent.
        case first
        /// The last value sent, as Rack and PHP read it.
        case last
    }

    /// What an invalid percent escape, or bytes that are not UTF-8 once unescaped, do.
    public enum InvalidInputPolicy: Sendable, Equatable {
        /// The decoding fails with ``URLEncodedFormDecoder/Error/invalidPercentEscape(offset:)``
        /// or ``URLEncodedFormDecoder/Error/invalidUTF8(offset:)``.
        case `throw`
        /// As the WHATWG URL standard parses a form: an invalid escape is kept as written, and
        /// bytes that are not UTF-8 become U+FFFD (`%FE%FF` reads `"\u{FFFD}\u{FFFD}"`).
        case whatwg
    }
}
