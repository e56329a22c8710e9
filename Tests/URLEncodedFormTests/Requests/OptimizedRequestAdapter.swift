import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import URLEncodedFormRequests

/// Drives the optimized request layer (`URLEncodedFormRequests`, on the `URLEncodedForm` core).
enum OptimizedRequestAdapter: RequestAdapter {
    typealias FormAdapter = OptimizedAdapter
    typealias AFError = URLEncodedFormRequests.AFError
    typealias JSONEncodingError = URLEncodedFormRequests.JSONEncoding.Error
    typealias InvalidQueryCharacterError = URLEncodedFormRequests.InvalidQueryCharacterError

    static func encode(_ request: URLRequest, with parameters: [String: any Sendable]?,
                       _ options: URLEncodingOptions) throws -> URLRequest {
        let maximumDepth = options.maximumDepth ?? URLEncodedFormRequests.URLEncodedFormEncoder.defaultMaximumDepth
        return try URLEncodedFormRequests.URLEncoding(destination: .init(options.destination), arrayEncoding: .init(options.arrayEncoding),
                                                      boolEncoding: .init(options.boolEncoding), maximumDepth: maximumDepth)
            .encode(request, with: parameters)
    }

    static func encode<Value: Encodable & Sendable>(_ value: Value?, into request: URLRequest, encoder: FormOptions,
                                                    destination: RequestDestination) throws -> URLRequest {
        try URLEncodedFormRequests.URLEncodedFormParameterEncoder(encoder: FormAdapter.encoder(encoder), destination: .init(destination))
            .encode(value, into: request)
    }

    static func encodeJSON(_ request: URLRequest, with parameters: [String: any Sendable]?) throws -> URLRequest {
        try URLEncodedFormRequests.JSONEncoding.default.encode(request, with: parameters)
    }

    static func encodeJSON<Value: Encodable & Sendable>(_ value: Value?, into request: URLRequest) throws -> URLRequest {
        try URLEncodedFormRequests.JSONParameterEncoder.default.encode(value, into: request)
    }

    static func encodePropertyList(_ request: URLRequest, with parameters: [String: any Sendable]?) throws -> URLRequest {
        try URLEncodedFormRequests.PropertyListEncoding.default.encode(request, with: parameters)
    }
}

extension URLEncodedFormRequests.AFError: ModuleAFError {}
