import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Alamofire's other parameter encodings, so that the parameter-encoding API is complete. Foundation
// does their work; they need no fast path.

/// Sets a request's body to the JSON of `[String: Any]` parameters, as Alamofire's `JSONEncoding`.
public struct JSONEncoding: ParameterEncoding {
    /// Errors of the encoding itself.
    public enum Error: Swift.Error {
        /// The parameters are not a valid JSON object (`JSONSerialization.isValidJSONObject`).
        case invalidJSONObject
    }

    /// Compact JSON.
    public static var `default`: JSONEncoding { JSONEncoding() }
    /// Pretty-printed JSON.
    public static var prettyPrinted: JSONEncoding { JSONEncoding(options: .prettyPrinted) }

    /// The options `JSONSerialization` writes with.
    public let options: JSONSerialization.WritingOptions

    /// Creates an encoding that writes with `options`.
    ///
    /// - Parameter options: the options `JSONSerialization` writes with.
    public init(options: JSONSerialization.WritingOptions = []) {
        self.options = options
    }

    /// Sets the body to the JSON of `parameters`, whatever the method, and `Content-Type` to
    /// `application/json` unless the request has that header in any spelling.
    ///
    /// - Parameters:
    ///   - urlRequest: the request, or what makes it.
    ///   - parameters: the parameters; `nil` leaves the request as it is.
    /// - Returns: the request with its body set.
    /// - Throws: the error of `asURLRequest()`, unchanged; `AFError.parameterEncodingFailed` with
    ///   `.missingURL` for a request without a URL (Alamofire would crash on Linux) or
    ///   `.jsonEncodingFailed(error:)`.
    public func encode(_ urlRequest: any URLRequestConvertible, with parameters: Parameters?) throws -> URLRequest {
        try encode(urlRequest, withJSONObject: parameters)
    }

    /// Sets the body to the JSON of `jsonObject`, as ``encode(_:with:)`` does for parameters.
    ///
    /// - Parameters:
    ///   - urlRequest: the request, or what makes it.
    ///   - jsonObject: any value `JSONSerialization` takes; `nil` leaves the request as it is.
    /// - Returns: the request with its body set.
    /// - Throws: what ``encode(_:with:)`` throws.
    public func encode(_ urlRequest: any URLRequestConvertible, withJSONObject jsonObject: Any? = nil) throws -> URLRequest {
        var urlRequest = try urlRequest.asURLRequest()
        guard let jsonObject else { return urlRequest }
        guard JSONSerialization.isValidJSONObject(jsonObject) else {
            throw AFError.parameterEncodingFailed(reason: .jsonEncodingFailed(error: Error.invalidJSONObject))
        }
        let data: Data
        do {
            data = try JSONSerialization.data(withJSONObject: jsonObject, options: options)
        } catch {
            throw AFError.parameterEncodingFailed(reason: .jsonEncodingFailed(error: error))
        }
        try urlRequest.setBody(data, contentType: "application/json")
        return urlRequest
    }
}

/// Sets a request's body to the property list of `[String: Any]` parameters, as Alamofire 4's
/// `PropertyListEncoding` (5.x removed it).
public struct PropertyListEncoding: ParameterEncoding {
    /// XML property lists.
    public static var `default`: PropertyListEncoding { PropertyListEncoding() }
    /// XML property lists.
    public static var xml: PropertyListEncoding { PropertyListEncoding(format: .xml) }
    /// Binary property lists.
    public static var binary: PropertyListEncoding { PropertyListEncoding(format: .binary) }

    /// The property list format.
    public let format: PropertyListSerialization.PropertyListFormat
    /// The options `PropertyListSerialization` writes with.
    public let options: PropertyListSerialization.WriteOptions

    /// Creates an encoding that writes `format` with `options`.
    ///
    /// - Parameters:
    ///   - format: the property list format.
    ///   - options: the options `PropertyListSerialization` writes with.
    public init(format: PropertyListSerialization.PropertyListFormat = .xml, options: PropertyListSerialization.WriteOptions = 0) {
        self.format = format
        self.options = options
    }

    /// Sets the body to the property list of `parameters`, whatever the method, and
    /// `Content-Type` to `application/x-plist` unless the request has that header in any spelling.
    ///
    /// - Parameters:
    ///   - urlRequest: the request, or what makes it.
    ///   - parameters: the parameters; `nil` leaves the request as it is.
    /// - Returns: the request with its body set.
    /// - Throws: the error of `asURLRequest()`, unchanged; `AFError.parameterEncodingFailed` with
    ///   `.missingURL` for a request without a URL, or with `.customEncodingFailed(error:)`
    ///   wrapping `PropertyListSerialization`'s error (Alamofire 5 has no plist case).
    public func encode(_ urlRequest: any URLRequestConvertible, with parameters: Parameters?) throws -> URLRequest {
        var urlRequest = try urlRequest.asURLRequest()
        guard let parameters else { return urlRequest }
        let data: Data
        do {
            data = try PropertyListSerialization.data(fromPropertyList: parameters, format: format, options: options)
        } catch {
            throw AFError.parameterEncodingFailed(reason: .customEncodingFailed(error: error))
        }
        try urlRequest.setBody(data, contentType: "application/x-plist")
        return urlRequest
    }
}

/// Sets a request's body to the JSON of `Encodable` parameters, as Alamofire's `JSONParameterEncoder`.
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

    /// The encoder that makes the JSON.
    public let encoder: JSONEncoder

    /// Creates a parameter encoder with `encoder`.
    ///
    /// - Parameter encoder: the encoder that makes the JSON.
    public init(encoder: JSONEncoder = JSONEncoder()) {
        self.encoder = encoder
    }

    /// Sets the body of `request` to the JSON of `parameters`, whatever the method, and
    /// `Content-Type` to `application/json` unless the request has that header in any spelling.
    ///
    /// - Parameters:
    ///   - parameters: the parameters; `nil` leaves the request as it is.
    ///   - request: the request.
    /// - Returns: the request with its body set.
    /// - Throws: `AFError.parameterEncodingFailed` with `.missingURL` for a request without a URL
    ///   (Alamofire would crash on Linux), or with `.jsonEncodingFailed(error:)` wrapping the
    ///   `JSONEncoder`'s error.
    open func encode<Parameters: Encodable & Sendable>(_ parameters: Parameters?, into request: URLRequest) throws -> URLRequest {
        guard let parameters else { return request }
        var request = request
        let data: Data
        do {
            data = try encoder.encode(parameters)
        } catch {
            throw AFError.parameterEncodingFailed(reason: .jsonEncodingFailed(error: error))
        }
        try request.setBody(data, contentType: "application/json")
        return request
    }
}

extension ParameterEncoder where Self == JSONParameterEncoder {
    /// A ``JSONParameterEncoder`` with a default `JSONEncoder`.
    public static var json: JSONParameterEncoder { JSONParameterEncoder() }

    /// A ``JSONParameterEncoder`` with `encoder`.
    ///
    /// - Parameter encoder: the encoder that makes the JSON.
    /// - Returns: the parameter encoder.
    public static func json(encoder: JSONEncoder = JSONEncoder()) -> JSONParameterEncoder {
        JSONParameterEncoder(encoder: encoder)
    }
}
