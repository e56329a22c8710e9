// Ported from Alamofire 5.12, Copyright (c) 2014-2022 Alamofire Software Foundation,
// under the MIT license: see LICENSE.

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A type that can encode any `Encodable` type into a `URLRequest`.
public protocol ParameterEncoder: Sendable {
    /// Encodes `parameters` into `request`.
    ///
    /// - Parameters:
    ///   - parameters: The value to encode; `nil` returns the request unchanged.
    ///   - request: The request to encode into.
    /// - Returns: The encoded request.
    /// - Throws: An `AFError` when encoding fails.
    func encode<Parameters: Encodable & Sendable>(_ parameters: Parameters?, into request: URLRequest) throws -> URLRequest
}

// MARK: -

/// A `ParameterEncoder` that encodes `Encodable` values as JSON into the body of a request,
/// whatever its method, setting `Content-Type: application/json` unless the request has that
/// header in any letter case.
open class JSONParameterEncoder: @unchecked Sendable, ParameterEncoder {
    /// An encoder with a default `JSONEncoder`.
    public static var `default`: JSONParameterEncoder { JSONParameterEncoder() }

    /// An encoder whose `JSONEncoder` pretty-prints.
    public static var prettyPrinted: JSONParameterEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .prettyPrinted

        return JSONParameterEncoder(encoder: encoder)
    }

    /// An encoder whose `JSONEncoder` sorts keys.
    public static var sortedKeys: JSONParameterEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys

        return JSONParameterEncoder(encoder: encoder)
    }

    /// The `JSONEncoder` that encodes the parameters.
    public let encoder: JSONEncoder

    /// Creates an encoder with the given `JSONEncoder`.
    ///
    /// - Parameter encoder: The `JSONEncoder`; a default one by default.
    public init(encoder: JSONEncoder = JSONEncoder()) {
        self.encoder = encoder
    }

    /// Encodes `parameters` as the JSON body of `request`.
    ///
    /// - Throws: `AFError.parameterEncodingFailed(reason: .jsonEncodingFailed(error:))` with the
    ///   `JSONEncoder`'s error; `.missingURL` when the request has no URL (not in Alamofire).
    open func encode<Parameters: Encodable & Sendable>(_ parameters: Parameters?,
                                                         into request: URLRequest) throws -> URLRequest {
        guard let parameters else { return request }

        var request = request

        let data: Data
        do {
            data = try encoder.encode(parameters)
        } catch {
            throw AFError.parameterEncodingFailed(reason: .jsonEncodingFailed(error: error))
        }

        // Not in Alamofire: modifying a URL-less request traps inside Foundation on Linux. The
        // check stands where Alamofire would go on to modify the request, outside the `do`, whose
        // `catch` would re-wrap the error as a JSON one.
        guard request.url != nil else {
            throw AFError.parameterEncodingFailed(reason: .missingURL)
        }

        request.httpBody = data
        if !request.hasHeader(named: "Content-Type") {
            request.addHeader(named: "Content-Type", value: "application/json")
        }

        return request
    }
}

extension ParameterEncoder where Self == JSONParameterEncoder {
    /// A `JSONParameterEncoder` with a default `JSONEncoder`.
    public static var json: JSONParameterEncoder { JSONParameterEncoder() }

    /// A `JSONParameterEncoder` with the given `JSONEncoder`.
    ///
    /// - Parameter encoder: The `JSONEncoder`; a default one by default.
    public static func json(encoder: JSONEncoder = JSONEncoder()) -> JSONParameterEncoder {
        JSONParameterEncoder(encoder: encoder)
    }
}

// MARK: -

/// A `ParameterEncoder` that encodes `Encodable` values with a `URLEncodedFormEncoder` into the
/// URL's query or an `application/x-www-form-urlencoded` body.
open class URLEncodedFormParameterEncoder: @unchecked Sendable, ParameterEncoder {
    /// Where the encoded string goes.
    public enum Destination: Sendable {
        /// The URL's query for `GET`, `HEAD` and `DELETE` requests; the body for any other method.
        case methodDependent
        /// Always the URL's query.
        case queryString
        /// Always the body.
        case httpBody

        func encodesParametersInURL(for method: String) -> Bool {
            switch self {
            case .methodDependent: return URLRequest.methodsEncodingParametersInURL.contains(method)
            case .queryString: return true
            case .httpBody: return false
            }
        }
    }

    /// An encoder with a default `URLEncodedFormEncoder` and the `.methodDependent` destination.
    public static var `default`: URLEncodedFormParameterEncoder { URLEncodedFormParameterEncoder() }

    /// The `URLEncodedFormEncoder` that encodes the parameters.
    public let encoder: URLEncodedFormEncoder

    /// Where the encoded string goes.
    public let destination: Destination

    /// Creates an encoder with the given `URLEncodedFormEncoder` and destination.
    ///
    /// - Parameters:
    ///   - encoder: The `URLEncodedFormEncoder`; a default one by default.
    ///   - destination: Where the string goes; `.methodDependent` by default.
    public init(encoder: URLEncodedFormEncoder = URLEncodedFormEncoder(), destination: Destination = .methodDependent) {
        self.encoder = encoder
        self.destination = destination
    }

    /// Encodes `parameters` into the URL's query or the body of `request`, as `destination` says
    /// for the request's method.
    ///
    /// On the URL path the new query is the existing percent-encoded query and the encoded string
    /// joined with `&`, leaving out a missing query; an empty result removes the query. The
    /// parameters go to the body instead when `URLComponents` cannot be made of the URL. On the
    /// body path the body is the encoded string's UTF-8, and `Content-Type` is set to
    /// `application/x-www-form-urlencoded; charset=utf-8` unless the request has that header in
    /// any letter case.
    ///
    /// - Throws: `AFError.parameterEncoderFailed` with `.missingRequiredComponent(.url)` when the
    ///   request has no URL (whatever the destination) or the new URL cannot be made,
    ///   `.missingRequiredComponent(.httpMethod(rawValue: "nil"))` when it has no method, and
    ///   `.encoderFailed(error:)` with the encoder's error, or with an
    ///   `InvalidQueryCharacterError` when the new query holds a character a query may not (not in
    ///   Alamofire).
    open func encode<Parameters: Encodable & Sendable>(_ parameters: Parameters?,
                                                         into request: URLRequest) throws -> URLRequest {
        guard let parameters else { return request }

        var request = request

        guard let url = request.url else {
            throw AFError.parameterEncoderFailed(reason: .missingRequiredComponent(.url))
        }

        guard let method = request.httpMethod else {
            let rawValue = request.httpMethod ?? "nil"
            throw AFError.parameterEncoderFailed(reason: .missingRequiredComponent(.httpMethod(rawValue: rawValue)))
        }

        if destination.encodesParametersInURL(for: method),
           var components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
            let query: String = try Result<String, any Error> { try encoder.encode(parameters) }
                .mapError { AFError.parameterEncoderFailed(reason: .encoderFailed(error: $0)) }.get()
            let newQueryString = [components.percentEncodedQuery, query].compactMap { $0 }.joinedWithAmpersands()
            // Not in Alamofire: Foundation on Linux traps when the query holds a character a query
            // may not (which an encoder whose `allowedCharacters` lets `[`, `]`, `#` or a lone `%`
            // through writes); this port throws instead.
            if let character = Self.firstInvalidQueryCharacter(in: newQueryString) {
                throw AFError.parameterEncoderFailed(reason: .encoderFailed(error: InvalidQueryCharacterError(character: character)))
            }
            components.percentEncodedQuery = newQueryString.isEmpty ? nil : newQueryString

            guard let newURL = components.url else {
                throw AFError.parameterEncoderFailed(reason: .missingRequiredComponent(.url))
            }

            request.url = newURL
        } else {
            if !request.hasHeader(named: "Content-Type") {
                request.addHeader(named: "Content-Type", value: "application/x-www-form-urlencoded; charset=utf-8")
            }

            request.httpBody = try Result<Data, any Error> { try encoder.encode(parameters) }
                .mapError { AFError.parameterEncoderFailed(reason: .encoderFailed(error: $0)) }.get()
        }

        return request
    }

    /// Not in Alamofire: the first character of `query` that FoundationEssentials'
    /// `percentEncodedQuery` setter refuses, or `nil` when it takes them all. It takes ASCII
    /// letters and digits, `-._~!$&'()*+,;=:@/?`, and `%` followed by two hexadecimal digits;
    /// for a `%` that is not, the character is `%`.
    private static func firstInvalidQueryCharacter(in query: String) -> Character? {
        let scalars = query.unicodeScalars
        var index = scalars.startIndex
        while index != scalars.endIndex {
            let scalar = scalars[index]
            if scalar == "%" {
                let digits = scalars[scalars.index(after: index)...].prefix(2)
                guard digits.count == 2, digits.allSatisfy(\.properties.isASCIIHexDigit) else { return "%" }
                index = digits.endIndex
            } else if ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                        || "-._~!$&'()*+,;=:@/?".unicodeScalars.contains(scalar) {
                index = scalars.index(after: index)
            } else {
                return Character(scalar)
            }
        }
        return nil
    }
}

extension ParameterEncoder where Self == URLEncodedFormParameterEncoder {
    /// A `URLEncodedFormParameterEncoder` with a default `URLEncodedFormEncoder` and the
    /// `.methodDependent` destination.
    public static var urlEncodedForm: URLEncodedFormParameterEncoder { URLEncodedFormParameterEncoder() }

    /// A `URLEncodedFormParameterEncoder` with the given encoder and destination.
    ///
    /// - Parameters:
    ///   - encoder: The `URLEncodedFormEncoder`; a default one by default.
    ///   - destination: Where the string goes; `.methodDependent` by default.
    public static func urlEncodedForm(encoder: URLEncodedFormEncoder = URLEncodedFormEncoder(),
                                      destination: URLEncodedFormParameterEncoder.Destination = .methodDependent)
        -> URLEncodedFormParameterEncoder {
        URLEncodedFormParameterEncoder(encoder: encoder, destination: destination)
    }
}
