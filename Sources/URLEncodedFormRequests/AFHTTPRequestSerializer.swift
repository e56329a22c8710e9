import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Serializes parameters into a request byte for byte as AFNetworking 4's
/// `AFHTTPRequestSerializer` does: into the URL's query for `GET`, `HEAD` and `DELETE`, into an
/// `application/x-www-form-urlencoded` body otherwise. The query is ``AFQueryStringFromParameters(_:)``'s,
/// written by this package's fast writer, unless a block given to
/// ``setQueryStringSerializationWith(_:)`` makes it.
///
/// ```swift
/// let serializer = AFHTTPRequestSerializer()
/// let request = try serializer.request(bySerializingRequest: URLRequest(url: URL(string: "https://example.com/search?v=1")!),
///                                      withParameters: ["q": "swift", "page": 2])
/// // https://example.com/search?v=1&page=2&q=swift
/// ```
///
/// Only AFNetworking's parameter serialization is here: not its default `Accept-Language` and
/// `User-Agent` headers, its other request properties, nor multipart forms. An instance is not
/// meant to be changed while another thread uses it, as AFNetworking's is not.
public final class AFHTTPRequestSerializer {
    /// The HTTP methods whose parameters go into the URL's query: `GET`, `HEAD` and `DELETE` by
    /// default. A request's method is upper-cased before it is looked up, so the set's entries
    /// should be upper-case.
    public var httpMethodsEncodingParametersInURI: Set<String> = ["GET", "HEAD", "DELETE"]

    private var queryStringSerialization: ((URLRequest, Any) throws -> String?)?

    /// A serializer with AFNetworking's defaults.
    public init() {}

    /// Sets a block that makes the query string in place of ``AFQueryStringFromParameters(_:)``;
    /// `nil` goes back to it.
    ///
    /// - Parameter block: gets the request and the (non-nil) parameters; returns the query, or
    ///   `nil` for none. What it throws, the serialization throws.
    public func setQueryStringSerializationWith(_ block: ((URLRequest, Any) throws -> String?)?) {
        queryStringSerialization = block
    }

    /// `request` with `parameters` serialized into its URL or body.
    ///
    /// - For a method in ``httpMethodsEncodingParametersInURI`` (upper-cased), a non-empty query
    ///   is appended to the URL's absolute string after `?`, or `&` when the URL has a query: plain
    ///   concatenation, so that after a fragment the query becomes part of it, as in AFNetworking.
    /// - For any other method, the query is the body (an empty body when `parameters` is `nil`),
    ///   and `Content-Type` is set to `application/x-www-form-urlencoded` (no charset) unless the
    ///   request has that header in any spelling.
    ///
    /// - Parameters:
    ///   - request: the request.
    ///   - parameters: usually `[String: Any]`; a value of another type gives pairs without a
    ///     field, as in AFNetworking. `nil` (`Optional.none` inside is `NSNull`, not `nil`) gives no
    ///     query.
    /// - Returns: the request with the parameters applied.
    /// - Throws: what the query string block throws; `AFError.parameterEncodingFailed(reason:
    ///   .missingURL)` when a body is to be set on a request without a URL (not in AFNetworking:
    ///   Foundation on Linux traps on such a change).
    public func request(bySerializingRequest request: URLRequest, withParameters parameters: Any?) throws -> URLRequest {
        var query: String?
        if var parameters {
            // As Swift hands it to Objective-C: an `Optional` unwrapped, `nil` inside as `NSNull`.
            if let optional = parameters as? any OptionalValue {
                parameters = optional.wrappedValue ?? NSNull()
            }
            if let queryStringSerialization {
                query = try queryStringSerialization(request, parameters)
            } else {
                query = AFQueryString(fromParameters: parameters)
            }
        }

        var request = request
        if httpMethodsEncodingParametersInURI.contains((request.httpMethod ?? "GET").uppercased()) {
            if let query, !query.isEmpty, let url = request.url {
                request.url = URL(string: url.absoluteString + (url.query != nil ? "&" : "?") + query)
            }
        } else {
            try request.setBody(Data((query ?? "").utf8), contentType: "application/x-www-form-urlencoded")
        }
        return request
    }
}
