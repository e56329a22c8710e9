import Foundation

/// The errors of parameter encoding, as Alamofire 5.12's `AFError` spells them: its
/// parameter-encoding part only, with the same cases, properties and `errorDescription` texts.
public enum AFError: Error, Sendable {
    /// Why a `ParameterEncoding` (`URLEncoding`, `JSONEncoding`, `PropertyListEncoding`) failed.
    public enum ParameterEncodingFailureReason: Sendable {
        /// The request has no URL where one is needed.
        case missingURL
        /// `JSONSerialization` failed; the associated error is its own.
        case jsonEncodingFailed(error: any Error)
        /// Another encoding failed: `PropertyListSerialization`, or a value nested deeper than
        /// `URLEncoding`'s `maximumDepth` (an `EncodingError.invalidValue`).
        case customEncodingFailed(error: any Error)
    }

    /// Why a `ParameterEncoder` (`URLEncodedFormParameterEncoder`, `JSONParameterEncoder`) failed.
    public enum ParameterEncoderFailureReason: Sendable {
        /// A part of the request that the encoder needs.
        public enum RequiredComponent: Sendable {
            /// The URL.
            case url
            /// The HTTP method; `rawValue` is what the request had (`"nil"` for none).
            case httpMethod(rawValue: String)
        }

        /// The request lacks a part the encoder needs.
        case missingRequiredComponent(RequiredComponent)
        /// The encoder threw; the associated error is the encoder's, or an
        /// ``InvalidQueryCharacterError`` where Foundation would not take the encoded query.
        case encoderFailed(error: any Error)
    }

    /// A `ParameterEncoding` failed.
    case parameterEncodingFailed(reason: ParameterEncodingFailureReason)
    /// A `ParameterEncoder` failed.
    case parameterEncoderFailed(reason: ParameterEncoderFailureReason)

    /// Whether the error is a ``parameterEncodingFailed(reason:)``.
    public var isParameterEncodingError: Bool {
        if case .parameterEncodingFailed = self { return true }
        return false
    }

    /// Whether the error is a ``parameterEncoderFailed(reason:)``.
    public var isParameterEncoderError: Bool {
        if case .parameterEncoderFailed = self { return true }
        return false
    }

    /// The error this one wraps, if any.
    public var underlyingError: (any Error)? {
        switch self {
        case let .parameterEncodingFailed(.jsonEncodingFailed(error)),
             let .parameterEncodingFailed(.customEncodingFailed(error)),
             let .parameterEncoderFailed(.encoderFailed(error)):
            return error
        case .parameterEncodingFailed(.missingURL), .parameterEncoderFailed(.missingRequiredComponent):
            return nil
        }
    }
}

extension AFError: LocalizedError {
    /// Alamofire's sentence for the error.
    public var errorDescription: String? {
        switch self {
        case .parameterEncodingFailed(.missingURL):
            return "URL request to encode was missing a URL"
        case let .parameterEncodingFailed(.jsonEncodingFailed(error)):
            return "JSON could not be encoded because of error:\n\(error.localizedDescription)"
        case let .parameterEncodingFailed(.customEncodingFailed(error)):
            return "Custom parameter encoder failed with error: \(error.localizedDescription)"
        case let .parameterEncoderFailed(.missingRequiredComponent(component)):
            return "Encoding failed due to a missing request component: \(component)"
        case let .parameterEncoderFailed(.encoderFailed(error)):
            return "The underlying encoder failed with the error: \(error)"
        }
    }
}

/// Not in Alamofire: the encoded query holds a character a URL's query may not hold as it is,
/// which Foundation on Linux traps on when it is set as a `percentEncodedQuery` (Alamofire then
/// crashes). It happens when an encoder's `allowedCharacters` lets such a character through
/// (`[`, `]`, `#`, a space, `{`…) or a `%` that does not start an escape.
public struct InvalidQueryCharacterError: Error, Sendable, CustomStringConvertible {
    /// The first such character.
    public let character: Character

    /// Creates the error for `character`.
    public init(character: Character) {
        self.character = character
    }

    /// A sentence naming the character.
    public var description: String {
        let scalars = character.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(to: 4) }
        return "The encoded query holds \"\(character)\" (\(scalars.joined(separator: " "))), which a URL query may not hold unescaped: "
            + "take it out of allowedCharacters"
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
