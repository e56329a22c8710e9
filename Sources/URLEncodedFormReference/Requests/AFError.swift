// Ported from Alamofire 5.12, Copyright (c) 2014-2022 Alamofire Software Foundation,
// under the MIT license: see LICENSE.

import Foundation

/// The errors of Alamofire's parameter encoding: the two cases of Alamofire 5.12's `AFError` that
/// `ParameterEncoding` and `ParameterEncoder` throw, with their reasons and texts as Alamofire has
/// them. The other cases (requests, responses, validation, …) belong to the networking Alamofire
/// does and this package does not.
public enum AFError: Error, Sendable {
    /// The underlying reason a `ParameterEncoding` (`[String: Any]` parameters) failed.
    public enum ParameterEncodingFailureReason: Sendable {
        /// The request to encode into had no URL where the parameters needed one.
        case missingURL
        /// `JSONSerialization` or `JSONEncoder` failed, or the object was not valid JSON.
        case jsonEncodingFailed(error: any Error)
        /// Any other encoding failed; here `PropertyListSerialization` (5.x has no plist case), and
        /// the depth limit of `URLEncoding` (not in Alamofire).
        case customEncodingFailed(error: any Error)
    }

    /// The underlying reason a `ParameterEncoder` (`Encodable` parameters) failed.
    public enum ParameterEncoderFailureReason: Sendable {
        /// The part of the request that was missing.
        public enum RequiredComponent: Sendable {
            /// The request had no URL (or merging the query left none).
            case url
            /// The request had no HTTP method; `rawValue` is `"nil"`.
            case httpMethod(rawValue: String)
        }

        /// A component the encoder needs was missing from the request.
        case missingRequiredComponent(RequiredComponent)
        /// The encoder (`URLEncodedFormEncoder`) threw; its error is wrapped unchanged.
        case encoderFailed(error: any Error)
    }

    /// A `ParameterEncoding` failed, for the given reason.
    case parameterEncodingFailed(reason: ParameterEncodingFailureReason)
    /// A `ParameterEncoder` failed, for the given reason.
    case parameterEncoderFailed(reason: ParameterEncoderFailureReason)
}

extension AFError {
    /// Whether this is a `.parameterEncodingFailed` error.
    public var isParameterEncodingError: Bool {
        if case .parameterEncodingFailed = self { return true }
        return false
    }

    /// Whether this is a `.parameterEncoderFailed` error.
    public var isParameterEncoderError: Bool {
        if case .parameterEncoderFailed = self { return true }
        return false
    }

    /// The error this one wraps: the JSON, custom or encoder error; `nil` for a missing URL or
    /// request component.
    public var underlyingError: (any Error)? {
        switch self {
        case let .parameterEncodingFailed(reason): return reason.underlyingError
        case let .parameterEncoderFailed(reason): return reason.underlyingError
        }
    }
}

extension AFError.ParameterEncodingFailureReason {
    var underlyingError: (any Error)? {
        switch self {
        case let .jsonEncodingFailed(error), let .customEncodingFailed(error): return error
        case .missingURL: return nil
        }
    }
}

extension AFError.ParameterEncoderFailureReason {
    var underlyingError: (any Error)? {
        switch self {
        case let .encoderFailed(error): return error
        case .missingRequiredComponent: return nil
        }
    }
}

extension AFError: LocalizedError {
    /// Alamofire's text for the error. The encoding reasons show the wrapped error's
    /// `localizedDescription`; `encoderFailed` shows its `"\(error)"`, as Alamofire writes it.
    public var errorDescription: String? {
        switch self {
        case let .parameterEncodingFailed(reason): return reason.localizedDescription
        case let .parameterEncoderFailed(reason): return reason.localizedDescription
        }
    }
}

extension AFError.ParameterEncodingFailureReason {
    var localizedDescription: String {
        switch self {
        case .missingURL:
            return "URL request to encode was missing a URL"
        case let .jsonEncodingFailed(error):
            return "JSON could not be encoded because of error:\n\(error.localizedDescription)"
        case let .customEncodingFailed(error):
            return "Custom parameter encoder failed with error: \(error.localizedDescription)"
        }
    }
}

extension AFError.ParameterEncoderFailureReason {
    var localizedDescription: String {
        switch self {
        case let .missingRequiredComponent(component):
            return "Encoding failed due to a missing request component: \(component)"
        case let .encoderFailed(error):
            return "The underlying encoder failed with the error: \(error)"
        }
    }
}
