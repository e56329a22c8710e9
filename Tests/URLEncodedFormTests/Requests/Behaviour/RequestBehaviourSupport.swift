import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import URLEncodedFormReference
import URLEncodedFormRequests

// Shared by the request-layer behaviour tests: requests built as the recorded vectors build them,
// expected outcomes spelled from literals, and the few entry points `RequestContender` lacks
// (`escape`, `queryComponents`, `JSONParameterEncoder.sortedKeys`, `AFError` values). Expected
// texts live in the tests, not here.

/// Requests built as the vectors README builds them: `URLRequest(url:)`, then the method, then
/// each header with `setValue(_:forHTTPHeaderField:)`; a URL-less one loses its URL last.
enum BehaviourRequest {
    static let path = "https://example.com/path"

    static func make(_ method: String, _ url: String = path, headers: [(String, String)] = []) -> URLRequest {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        for (name, value) in headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        return request
    }

    static func urlLess(_ method: String, headers: [(String, String)] = []) -> URLRequest {
        var request = make(method, headers: headers)
        request.url = nil
        return request
    }
}

/// Expected outcomes, from literal parts.
enum BehaviourOutcome {
    /// Alamofire's form `Content-Type`.
    static let form = "application/x-www-form-urlencoded; charset=utf-8"

    /// A request read back as `RequestSnapshot` reads it: `headers` in any order (sorted here by
    /// name, in byte order), `Content-Type` looked up among them whatever its spelling.
    static func request(url: String?, method: String, headers: [(String, String)] = [], body: String? = nil) -> RequestOutcome {
        let sorted = headers.map { RequestSnapshot.Header(name: $0.0, value: $0.1) }
            .sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        let contentType = headers.first { $0.0.lowercased() == "content-type" }?.1
        return .request(RequestSnapshot(url: url, method: method, headers: sorted, contentType: contentType,
                                        body: body.map(RequestSnapshot.Body.utf8)))
    }

    /// Parameters in the URL: no header added, no body.
    static func inURL(_ url: String, method: String = "GET", headers: [(String, String)] = []) -> RequestOutcome {
        request(url: url, method: method, headers: headers)
    }

    /// Parameters in the body of a request at `BehaviourRequest.path`, with the form
    /// `Content-Type` added to `headers`.
    static func inBody(_ body: String, method: String = "POST", url: String = BehaviourRequest.path,
                       headers: [(String, String)] = []) -> RequestOutcome {
        request(url: url, method: method, headers: headers + [("Content-Type", form)], body: body)
    }

    /// An `AFError` as both modules' adapters describe it.
    static func failure(_ caseName: String, underlying: String? = nil, _ description: String) -> RequestOutcome {
        .error(RequestFailure(caseName: caseName, underlying: underlying, errorDescription: description))
    }

    static let missingURL = failure("parameterEncodingFailed.missingURL", "URL request to encode was missing a URL")
    static let missingURLComponent = failure("parameterEncoderFailed.missingRequiredComponent.url",
                                             "Encoding failed due to a missing request component: url")
}

/// An error whose `"\(error)"` (`BehaviourFailure(code: 7)`) and `localizedDescription`
/// (`localized failure`, from `LocalizedError`) differ, so that a test sees which one a
/// description shows.
struct BehaviourFailure: LocalizedError, Equatable {
    let code: Int
    var errorDescription: String? { "localized failure" }
}

/// The cases of `AFError` (both modules spell them alike), for building one in either module.
enum AFErrorCase: CaseIterable, Sendable {
    case missingURL, jsonEncodingFailed, customEncodingFailed, missingURLComponent, missingHTTPMethod, encoderFailed
}

/// What an `AFError` of either module says about itself.
struct AFErrorReading {
    let errorDescription: String?
    let localizedDescription: String
    let isParameterEncodingError: Bool
    let isParameterEncoderError: Bool
    let underlyingError: (any Error)?
}

extension RequestContender {
    /// The module's `URLEncoding.default.escape(_:)`.
    func escape(_ string: String) -> String {
        switch self {
        case .reference: return URLEncodedFormReference.URLEncoding.default.escape(string)
        case .optimized: return URLEncodedFormRequests.URLEncoding.default.escape(string)
        }
    }

    /// The module's `queryComponents(fromKey:value:)`, each pair joined as `key=value`.
    func queryComponents(_ key: String, _ value: Any, _ options: URLEncodingOptions = URLEncodingOptions()) -> [String] {
        let pairs: [(String, String)]
        switch self {
        case .reference:
            pairs = URLEncodedFormReference.URLEncoding(arrayEncoding: .init(options.arrayEncoding), boolEncoding: .init(options.boolEncoding))
                .queryComponents(fromKey: key, value: value)
        case .optimized:
            pairs = URLEncodedFormRequests.URLEncoding(arrayEncoding: .init(options.arrayEncoding), boolEncoding: .init(options.boolEncoding))
                .queryComponents(fromKey: key, value: value)
        }
        return pairs.map { "\($0.0)=\($0.1)" }
    }

    /// Encodes `value` into `request` with the module's `JSONParameterEncoder.sortedKeys`.
    func jsonParameterEncoderSortedKeys<Value: Encodable & Sendable>(_ request: URLRequest, _ value: Value?) -> RequestOutcome {
        do {
            switch self {
            case .reference:
                return .request(RequestSnapshot(try URLEncodedFormReference.JSONParameterEncoder.sortedKeys.encode(value, into: request)))
            case .optimized:
                return .request(RequestSnapshot(try URLEncodedFormRequests.JSONParameterEncoder.sortedKeys.encode(value, into: request)))
            }
        } catch {
            switch self {
            case .reference: return .error(ReferenceRequestAdapter.failure(error))
            case .optimized: return .error(OptimizedRequestAdapter.failure(error))
            }
        }
    }

    /// The module's `PropertyListEncoding.default` applied to `request`: the request itself,
    /// for tests that read its body as bytes.
    func propertyListRequest(_ request: URLRequest, _ parameters: [String: any Sendable]) throws -> URLRequest {
        switch self {
        case .reference: return try URLEncodedFormReference.PropertyListEncoding.default.encode(request, with: parameters)
        case .optimized: return try URLEncodedFormRequests.PropertyListEncoding.default.encode(request, with: parameters)
        }
    }

    /// The name of the module whose types this contender's request layer uses: the domain of
    /// its errors' default `localizedDescription`.
    var requestModuleName: String {
        switch self {
        case .reference: return "URLEncodedFormReference"
        case .optimized: return "URLEncodedFormRequests"
        }
    }

    /// An `AFError` of the module, of case `errorCase`, wrapping `error` where the case wraps one.
    func afError(_ errorCase: AFErrorCase, wrapping error: any Error = BehaviourFailure(code: 7)) -> AFErrorReading {
        switch self {
        case .reference:
            typealias AFError = URLEncodedFormReference.AFError
            let value: AFError
            switch errorCase {
            case .missingURL: value = .parameterEncodingFailed(reason: .missingURL)
            case .jsonEncodingFailed: value = .parameterEncodingFailed(reason: .jsonEncodingFailed(error: error))
            case .customEncodingFailed: value = .parameterEncodingFailed(reason: .customEncodingFailed(error: error))
            case .missingURLComponent: value = .parameterEncoderFailed(reason: .missingRequiredComponent(.url))
            case .missingHTTPMethod: value = .parameterEncoderFailed(reason: .missingRequiredComponent(.httpMethod(rawValue: "nil")))
            case .encoderFailed: value = .parameterEncoderFailed(reason: .encoderFailed(error: error))
            }
            return AFErrorReading(errorDescription: value.errorDescription, localizedDescription: (value as any Error).localizedDescription,
                                  isParameterEncodingError: value.isParameterEncodingError,
                                  isParameterEncoderError: value.isParameterEncoderError, underlyingError: value.underlyingError)
        case .optimized:
            typealias AFError = URLEncodedFormRequests.AFError
            let value: AFError
            switch errorCase {
            case .missingURL: value = .parameterEncodingFailed(reason: .missingURL)
            case .jsonEncodingFailed: value = .parameterEncodingFailed(reason: .jsonEncodingFailed(error: error))
            case .customEncodingFailed: value = .parameterEncodingFailed(reason: .customEncodingFailed(error: error))
            case .missingURLComponent: value = .parameterEncoderFailed(reason: .missingRequiredComponent(.url))
            case .missingHTTPMethod: value = .parameterEncoderFailed(reason: .missingRequiredComponent(.httpMethod(rawValue: "nil")))
            case .encoderFailed: value = .parameterEncoderFailed(reason: .encoderFailed(error: error))
            }
            return AFErrorReading(errorDescription: value.errorDescription, localizedDescription: (value as any Error).localizedDescription,
                                  isParameterEncodingError: value.isParameterEncodingError,
                                  isParameterEncoderError: value.isParameterEncoderError, underlyingError: value.underlyingError)
        }
    }
}

/// The request layer's behaviour suites, one per area (`Requests/Behaviour/`): nested here so
/// that their identifiers hold "Requests" and `swift test --filter Requests` selects them.
enum RequestsBehaviour {}
