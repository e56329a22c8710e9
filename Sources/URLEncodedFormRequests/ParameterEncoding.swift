import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A type that can be made into a `URLRequest`, as in Alamofire.
public protocol URLRequestConvertible {
    /// The request.
    ///
    /// - Throws: whatever keeps the request from being made; parameter encodings pass it on
    ///   unchanged.
    func asURLRequest() throws -> URLRequest
}

extension URLRequest: URLRequestConvertible {
    /// The request itself.
    public func asURLRequest() throws -> URLRequest { self }
}

/// Applies `[String: Any]` parameters to a `URLRequest`, as Alamofire's `ParameterEncoding`.
public protocol ParameterEncoding: Sendable {
    /// Returns `urlRequest` with `parameters` applied.
    ///
    /// - Parameters:
    ///   - urlRequest: the request, or what makes it.
    ///   - parameters: the parameters; `nil` leaves the request as it is.
    /// - Returns: the request with the parameters in its URL or body.
    /// - Throws: the error of `asURLRequest()`, unchanged, or an `AFError`.
    func encode(_ urlRequest: any URLRequestConvertible, with parameters: Parameters?) throws -> URLRequest
}

extension URLEncoding: ParameterEncoding {
    /// Applies `parameters` to the request as Alamofire 5.12's `URLEncoding` does.
    ///
    /// When ``URLEncoding/destination`` sends them to the URL for the request's method, the query
    /// of `parameters` is appended to the URL's own (see ``URLEncoding/url(_:appendingQueryOf:)``;
    /// empty parameters leave the URL as it is). Otherwise it becomes the body, an empty one for
    /// `[:]`, and `Content-Type` is set to ``URLEncodedFormEncoder/contentType`` unless the request
    /// has that header in any spelling.
    ///
    /// - Parameters:
    ///   - urlRequest: the request, or what makes it.
    ///   - parameters: the parameters; `nil` leaves the request as it is (no header, no body).
    /// - Returns: the request with the parameters applied.
    /// - Throws: the error of `asURLRequest()`, unchanged;
    ///   `AFError.parameterEncodingFailed(reason: .missingURL)` when the request has no URL (on
    ///   the body path too, where Alamofire would crash on Linux); and what
    ///   ``URLEncoding/encode(_:)->String`` throws.
    public func encode(_ urlRequest: any URLRequestConvertible, with parameters: Parameters?) throws -> URLRequest {
        var urlRequest = try urlRequest.asURLRequest()
        guard let parameters else { return urlRequest }
        // Before encoding, on either path: Alamofire's first change of such a request (its URL,
        // or its `Content-Type`) traps in Foundation on Linux.
        guard let url = urlRequest.url else {
            throw AFError.parameterEncodingFailed(reason: .missingURL)
        }
        if let method = urlRequest.httpMethod, destination.encodesParametersInURL(for: method) {
            urlRequest.url = try self.url(url, appendingQueryOf: parameters)
        } else {
            try urlRequest.setBody(Data(try encode(parameters) as [UInt8]), contentType: URLEncodedFormEncoder.contentType)
        }
        return urlRequest
    }
}

extension URLRequest {
    /// Sets the body to `body`, and `Content-Type` to `contentType` unless the request has the
    /// header, in any spelling and even empty, as Alamofire's case-insensitive `HTTPHeaders`
    /// lookup finds it.
    ///
    /// The header goes in as Alamofire puts it, with the others through `allHTTPHeaderFields`,
    /// which on Linux takes a third of the time of `setValue(_:forHTTPHeaderField:)` (that one
    /// re-validates and re-normalizes the name against the existing ones).
    ///
    /// - Throws: `AFError.parameterEncodingFailed(reason: .missingURL)` when the request has no
    ///   URL, and nothing is changed: not in Alamofire, whose change of such a request traps in
    ///   Foundation on Linux.
    mutating func setBody(_ body: Data, contentType: String) throws {
        if url == nil {
            throw AFError.parameterEncodingFailed(reason: .missingURL)
        }
        if value(forHTTPHeaderField: "Content-Type") == nil {
            var fields = allHTTPHeaderFields ?? [:]
            fields["Content-Type"] = contentType
            allHTTPHeaderFields = fields
        }
        httpBody = body
    }
}
