import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import URLEncodedFormReference

/// Drives the reference port's request layer (`URLEncodedFormReference`).
enum ReferenceRequestAdapter: RequestAdapter {
    typealias FormAdapter = ReferenceAdapter
    typealias AFError = URLEncodedFormReference.AFError
    typealias JSONEncodingError = URLEncodedFormReference.JSONEncoding.Error
    typealias InvalidQueryCharacterError = URLEncodedFormReference.InvalidQueryCharacterError

    static func encode(_ request: URLRequest, with parameters: [String: any Sendable]?,
                       _ options: URLEncodingOptions) throws -> URLRequest {
        try urlEncoding(options).encode(request, with: parameters)
    }

    /// The port's `URLEncoding` configured by `options` (the request fuzz's planted defects call
    /// its `queryComponents(fromKey:value:)`).
    static func urlEncoding(_ options: URLEncodingOptions) -> URLEncodedFormReference.URLEncoding {
        URLEncodedFormReference.URLEncoding(
            destination: .init(options.destination), arrayEncoding: .init(options.arrayEncoding),
            boolEncoding: .init(options.boolEncoding),
            maximumDepth: options.maximumDepth ?? URLEncodedFormReference.URLEncodedFormEncoder.defaultMaximumDepth)
    }

    static func encode<Value: Encodable & Sendable>(_ value: Value?, into request: URLRequest, encoder: FormOptions,
                                                    destination: RequestDestination) throws -> URLRequest {
        try URLEncodedFormReference.URLEncodedFormParameterEncoder(encoder: FormAdapter.encoder(encoder), destination: .init(destination))
            .encode(value, into: request)
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
}

extension URLEncodedFormReference.AFError: ModuleAFError {}
