import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import URLEncodedFormReference

/// Drives the reference port's request layer (`URLEncodedFormReference`).
enum ReferenceRequestAdapter: RequestAdapter {
    static func encode(_ request: URLRequest, with parameters: [String: any Sendable]?,
                       _ options: URLEncodingOptions) throws -> URLRequest {
        try urlEncoding(options).encode(request, with: parameters)
    }

    /// The port's `URLEncoding` configured by `options` (the request fuzz's planted defects call
    /// its `queryComponents(fromKey:value:)`).
    static func urlEncoding(_ options: URLEncodingOptions) -> URLEncodedFormReference.URLEncoding {
        URLEncodedFormReference.URLEncoding(
            destination: destination(options.destination),
            arrayEncoding: arrayEncoding(options.arrayEncoding),
            boolEncoding: options.boolEncoding == .numeric ? .numeric : .literal,
            maximumDepth: options.maximumDepth ?? URLEncodedFormReference.URLEncodedFormEncoder.defaultMaximumDepth)
    }

    static func encode<Value: Encodable & Sendable>(_ value: Value?, into request: URLRequest, encoder: FormOptions,
                                                    destination: RequestDestination) throws -> URLRequest {
        let parameterEncoder = URLEncodedFormReference.URLEncodedFormParameterEncoder(
            encoder: ReferenceAdapter.encoder(encoder), destination: parameterDestination(destination))
        return try parameterEncoder.encode(value, into: request)
    }

    static func encodeJSON(_ request: URLRequest, with parameters: [String: any Sendable]?) throws -> URLRequest {
        try URLEncodedFormReference.JSONEncoding.default.encode(request, with: parameters)
    }

    static func encodeJSON<Value: Encodable & Sendable>(_ value: Value?, into request: URLRequest) throws -> URLRequest {
        try URLEncodedFormReference.JSONParameterEncoder.default.encode(value, into: request)
    }

    static func encodePropertyList(_ request: URLRequest, with parameters: [String: any Sendable]?) throws -> URLRequest {
        try URLEncodedFormReference.PropertyListEncoding.default.encode(request, with: parameters)
    }

    static func failure(_ error: any Error) -> RequestFailure {
        guard let error = error as? URLEncodedFormReference.AFError else {
            return RequestFailure(caseName: "notAnAFError", underlying: label(of: error),
                                  errorDescription: error.localizedDescription, codingPath: RequestFailure.codingPath(of: error))
        }
        let caseName: String
        switch error {
        case let .parameterEncodingFailed(reason):
            switch reason {
            case .missingURL: caseName = "parameterEncodingFailed.missingURL"
            case .jsonEncodingFailed: caseName = "parameterEncodingFailed.jsonEncodingFailed"
            case .customEncodingFailed: caseName = "parameterEncodingFailed.customEncodingFailed"
            }
        case let .parameterEncoderFailed(reason):
            switch reason {
            case .missingRequiredComponent(.url): caseName = "parameterEncoderFailed.missingRequiredComponent.url"
            case .missingRequiredComponent(.httpMethod): caseName = "parameterEncoderFailed.missingRequiredComponent.httpMethod"
            case .encoderFailed: caseName = "parameterEncoderFailed.encoderFailed"
            }
        }
        return RequestFailure(caseName: caseName, underlying: error.underlyingError.map(label(of:)),
                              errorDescription: error.errorDescription ?? "",
                              codingPath: error.underlyingError.flatMap(RequestFailure.codingPath(of:)))
    }

    private static func label(of error: any Error) -> String {
        if let label = RequestFailure.commonLabel(of: error) { return label }
        if let error = error as? URLEncodedFormReference.URLEncodedFormEncoder.Error,
           case .invalidRootObject = error {
            return "invalidRootObject"
        }
        if error is URLEncodedFormReference.InvalidQueryCharacterError { return "invalidQueryCharacter" }
        if let error = error as? URLEncodedFormReference.JSONEncoding.Error, case .invalidJSONObject = error {
            return "invalidJSONObject"
        }
        return String(describing: type(of: error))
    }

    private static func destination(_ destination: RequestDestination) -> URLEncodedFormReference.URLEncoding.Destination {
        switch destination {
        case .methodDependent: return .methodDependent
        case .queryString: return .queryString
        case .httpBody: return .httpBody
        }
    }

    private static func parameterDestination(_ destination: RequestDestination)
        -> URLEncodedFormReference.URLEncodedFormParameterEncoder.Destination {
        switch destination {
        case .methodDependent: return .methodDependent
        case .queryString: return .queryString
        case .httpBody: return .httpBody
        }
    }

    private static func arrayEncoding(_ style: FormOptions.ArrayStyle) -> URLEncodedFormReference.URLEncoding.ArrayEncoding {
        switch style {
        case .brackets: return .brackets
        case .noBrackets: return .noBrackets
        case .indexInBrackets: return .indexInBrackets
        case let .custom(closure): return .custom(closure)
        }
    }
}
