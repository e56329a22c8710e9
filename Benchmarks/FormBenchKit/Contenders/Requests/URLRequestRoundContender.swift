import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import URLEncodedFormRequests

/// The optimized encoders through their `URLRequest` API, as an HTTP client calls them: the
/// parameters applied to a request the caller made, the query merged into its URL or the body
/// and `Content-Type` set. Its output is what the parameters became: the new URL, or the body.
///
/// The request is made once (making one and setting its method takes Foundation on Linux about
/// as long as encoding 16 leaves, and the caller pays it with any encoder); each round starts
/// from a copy, whose first change copies Foundation's storage, as a caller's request does.
struct URLRequestRoundContender: Contender {
    static let name = "request round"

    private let request: URLRequest

    /// Rounds with `method`: `GET` puts the parameters in the URL, `POST` in the body. The URL has
    /// a query, which the parameters are appended to.
    init(method: String) {
        var request = URLRequest(url: URL(string: "https://api.example.com/v1/orders?page=2")!)
        request.httpMethod = method
        self.request = request
    }

    func encode(_ payload: Payload) throws -> EncodedOutput {
        var request = request
        switch payload.value {
        case let .parameters(parameters):
            request = try URLEncoding.default.encode(request, with: parameters)
        case let .encodable(value):
            request = try URLEncodedFormParameterEncoder.default.encode(EncodableBox(value: value), into: request)
        }
        return .bytes(request.httpBody.map(Array.init) ?? Array((request.url?.absoluteString ?? "").utf8))
    }
}

/// A payload value as the concrete `Encodable & Sendable` type `ParameterEncoder` takes.
private struct EncodableBox: Encodable, Sendable {
    let value: any Encodable & Sendable

    func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
    }
}
