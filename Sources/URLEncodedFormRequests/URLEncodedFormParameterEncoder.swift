import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Applies `Encodable` parameters to a `URLRequest`, as Alamofire's `ParameterEncoder`.
public protocol ParameterEncoder: Sendable {
    /// Returns `request` with `parameters` applied.
    ///
    /// - Parameters:
    ///   - parameters: the parameters; `nil` leaves the request as it is.
    ///   - request: the request.
    /// - Returns: the request with the parameters in its URL or body.
    /// - Throws: an `AFError`.
    func encode<Parameters: Encodable & Sendable>(_ parameters: Parameters?, into request: URLRequest) throws -> URLRequest
}

/// Applies `Encodable` parameters to a request's URL or body through a ``URLEncodedFormEncoder``,
/// as Alamofire 5.12's `URLEncodedFormParameterEncoder` does.
open class URLEncodedFormParameterEncoder: @unchecked Sendable, ParameterEncoder {
    /// Where the encoded parameters go: `URLEncoding`'s destinations, with the same method table.
    public typealias Destination = URLEncoding.Destination

    /// An encoder with the default ``URLEncodedFormEncoder`` and ``URLEncoding/Destination/methodDependent``.
    public static var `default`: URLEncodedFormParameterEncoder { URLEncodedFormParameterEncoder() }

    /// The encoder that makes the text.
    public let encoder: URLEncodedFormEncoder
    /// Where the text goes.
    public let destination: Destination

    /// Creates a parameter encoder.
    ///
    /// - Parameters:
    ///   - encoder: the encoder that makes the text.
    ///   - destination: where the text goes.
    public init(encoder: URLEncodedFormEncoder = URLEncodedFormEncoder(), destination: Destination = .methodDependent) {
        self.encoder = encoder
        self.destination = destination
    }

    /// Applies `parameters` to `request`.
    ///
    /// When ``destination`` sends them to the URL for the request's method, the encoder's text is
    /// merged into the URL's query (see ``URLEncodedFormEncoder/url(_:mergingQueryOf:)``), unless
    /// Foundation cannot take the URL apart, where it goes to the body instead, as in Alamofire.
    /// In the body, `Content-Type` is set to ``URLEncodedFormEncoder/contentType`` unless the
    /// request has that header in any spelling; an empty text is an empty body.
    ///
    /// - Parameters:
    ///   - parameters: the parameters; `nil` leaves the request as it is.
    ///   - request: the request.
    /// - Returns: the request with the parameters applied.
    /// - Throws: `AFError.parameterEncoderFailed(reason:)`: `.missingRequiredComponent(.url)`
    ///   when the request has no URL (on either path), `.encoderFailed(error:)` with the
    ///   encoder's error, and what ``URLEncodedFormEncoder/url(_:mergingQueryOf:)`` throws.
    open func encode<Parameters: Encodable & Sendable>(_ parameters: Parameters?, into request: URLRequest) throws -> URLRequest {
        guard let parameters else { return request }
        var request = request
        guard let url = request.url else {
            throw AFError.parameterEncoderFailed(reason: .missingRequiredComponent(.url))
        }
        // Foundation's `URLRequest` reads a missing method as `GET`, so this never throws on Linux.
        guard let method = request.httpMethod else {
            throw AFError.parameterEncoderFailed(reason: .missingRequiredComponent(.httpMethod(rawValue: "nil")))
        }
        if destination.encodesParametersInURL(for: method), let newURL = try encoder.url(url, mergingQueryOf: parameters) {
            request.url = newURL
        } else {
            let body: Data
            do {
                body = try encoder.encode(parameters) as Data
            } catch {
                throw AFError.parameterEncoderFailed(reason: .encoderFailed(error: error))
            }
            try request.setBody(body, contentType: URLEncodedFormEncoder.contentType)
        }
        return request
    }
}

extension ParameterEncoder where Self == URLEncodedFormParameterEncoder {
    /// A ``URLEncodedFormParameterEncoder`` with the default encoder and destination.
    public static var urlEncodedForm: URLEncodedFormParameterEncoder { URLEncodedFormParameterEncoder() }

    /// A ``URLEncodedFormParameterEncoder`` with `encoder` and `destination`.
    ///
    /// - Parameters:
    ///   - encoder: the encoder that makes the text.
    ///   - destination: where the text goes.
    /// - Returns: the parameter encoder.
    public static func urlEncodedForm(encoder: URLEncodedFormEncoder = URLEncodedFormEncoder(),
                                      destination: URLEncodedFormParameterEncoder.Destination = .methodDependent)
        -> URLEncodedFormParameterEncoder {
        URLEncodedFormParameterEncoder(encoder: encoder, destination: destination)
    }
}
