import Foundation

/// Encoder options spelled independently of either module, so that one test can build the same
/// configuration for the reference and the optimized encoder (see `Contender`).
struct FormOptions: Sendable {
    enum ArrayStyle: Sendable {
        case brackets, noBrackets, indexInBrackets
        case custom(@Sendable (String, Int) -> String)
    }

    enum BoolStyle: Sendable { case numeric, literal }

    enum DataStyle: Sendable {
        case deferredToData, base64
        case custom(@Sendable (Data) throws -> String)
    }

    enum DateStyle: Sendable {
        case deferredToDate, secondsSince1970, millisecondsSince1970, iso8601
        case formatted(DateFormatter)
        case custom(@Sendable (Date) throws -> String)
    }

    enum KeyStyle: Sendable {
        case useDefaultKeys, convertToSnakeCase, convertToKebabCase, capitalized, uppercased, lowercased
        case custom(@Sendable (String) -> String)
    }

    enum KeyPathStyle: Sendable {
        case brackets, dots
        case custom(@Sendable (String) -> String)
    }

    enum NilStyle: Sendable {
        case dropKey, dropValue, null
        case custom(@Sendable () -> String?)
    }

    enum SpaceStyle: Sendable { case percentEscaped, plusReplaced }

    enum AllowedCharacters: Sendable {
        /// The module's own `CharacterSet.afURLQueryAllowed`.
        case afURLQueryAllowed
        case set(CharacterSet)
    }

    var alphabetizeKeyValuePairs = true
    var arrayEncoding = ArrayStyle.brackets
    var boolEncoding = BoolStyle.numeric
    var dataEncoding = DataStyle.base64
    var dateEncoding = DateStyle.deferredToDate
    var keyEncoding = KeyStyle.useDefaultKeys
    var keyPathEncoding = KeyPathStyle.brackets
    var nilEncoding = NilStyle.dropKey
    var spaceEncoding = SpaceStyle.percentEscaped
    var allowedCharacters = AllowedCharacters.afURLQueryAllowed
    /// `nil`: the module's own default.
    var maximumDepth: Int?
}

/// The error every `custom:throws` closure throws.
struct ClosureError: Error, Equatable {}

/// What kind of error an encoding threw, in terms both modules share.
enum FormErrorKind: String, Sendable {
    /// The module's `URLEncodedFormEncoder.Error.invalidRootObject`.
    case invalidRootObject
    /// A Swift `EncodingError`.
    case encodingError
    /// A custom closure's own error.
    case closureError
    /// Anything else.
    case other
}
