import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What encoding parameters into a request gave, in terms every module shares: the request, or
/// the error thrown. It is what the request vectors record (`expected` or `error`).
enum RequestOutcome: Equatable, Sendable, CustomStringConvertible {
    case request(RequestSnapshot)
    case error(RequestFailure)

    var description: String {
        switch self {
        case let .request(request): return request.description
        case let .error(failure): return failure.description
        }
    }
}

/// The parts of a `URLRequest` the vectors record, read back as the recorder read them.
struct RequestSnapshot: Equatable, Sendable, CustomStringConvertible {
    struct Header: Equatable, Sendable {
        let name: String
        let value: String
    }

    enum Body: Equatable, Sendable {
        /// The body decoded as UTF-8; `""` is an empty, non-nil body.
        case utf8(String)
        /// A body that is not valid UTF-8.
        case base64(String)
    }

    let url: String?
    let method: String?
    /// `allHTTPHeaderFields`, sorted by name in byte order.
    let headers: [Header]
    /// `value(forHTTPHeaderField: "Content-Type")`.
    let contentType: String?
    let body: Body?

    var description: String {
        let headerText = headers.map { "\($0.name): \(String(reflecting: $0.value))" }.joined(separator: ", ")
        let bodyText: String
        switch body {
        case nil: bodyText = "nil"
        case let .utf8(text)?: bodyText = String(reflecting: text)
        case let .base64(text)?: bodyText = "base64 " + text
        }
        return "request url \(url.map { String(reflecting: $0) } ?? "nil") method \(method.map { String(reflecting: $0) } ?? "nil")"
            + " headers [\(headerText)] contentType \(contentType.map { String(reflecting: $0) } ?? "nil") body \(bodyText)"
    }
}

extension RequestSnapshot {
    /// Reads `request` back as the recorder did.
    init(_ request: URLRequest) {
        url = request.url?.absoluteString
        method = request.httpMethod
        headers = (request.allHTTPHeaderFields ?? [:])
            .map { Header(name: $0.key, value: $0.value) }
            .sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        contentType = request.value(forHTTPHeaderField: "Content-Type")
        body = request.httpBody.map { data in
            String(data: data, encoding: .utf8).map(Body.utf8) ?? .base64(data.base64EncodedString())
        }
    }
}

/// An error thrown by an encoding, described without the types of any one module.
struct RequestFailure: Equatable, Sendable, CustomStringConvertible {
    /// The `AFError` case and reason, dotted as the vectors spell them:
    /// `parameterEncodingFailed.missingURL`, `parameterEncodingFailed.jsonEncodingFailed`,
    /// `parameterEncodingFailed.customEncodingFailed`,
    /// `parameterEncoderFailed.missingRequiredComponent.url`,
    /// `parameterEncoderFailed.missingRequiredComponent.httpMethod`,
    /// `parameterEncoderFailed.encoderFailed`; `notAnAFError` for anything else.
    let caseName: String
    /// What the error wraps (`nil` for nothing): `invalidRootObject`, `closureError`,
    /// `encodingError`, `invalidQueryCharacter`, `invalidJSONObject`, or the type's name.
    let underlying: String?
    /// `errorDescription` of the `AFError` (the error's `localizedDescription` otherwise).
    let errorDescription: String
    /// The coding path of a wrapped `EncodingError` (its keys' string values), `nil` otherwise:
    /// where the depth limit found a value too deep.
    var codingPath: [String]? = nil

    /// The label of an underlying error that is not any module's own: the test's `SomeError` and
    /// `ClosureError`, and Swift's `EncodingError`.
    static func commonLabel(of error: any Error) -> String? {
        if error is SomeError || error is ClosureError { return "closureError" }
        if error is EncodingError { return "encodingError" }
        return nil
    }

    /// The coding path of `error` when it is an `EncodingError.invalidValue`.
    static func codingPath(of error: any Error) -> [String]? {
        guard case let EncodingError.invalidValue(_, context)? = error as? EncodingError else { return nil }
        return context.codingPath.map(\.stringValue)
    }

    var description: String {
        "error \(caseName) underlying \(underlying ?? "nil") description \(String(reflecting: errorDescription))"
            + (codingPath.map { " codingPath \($0)" } ?? "")
    }
}
