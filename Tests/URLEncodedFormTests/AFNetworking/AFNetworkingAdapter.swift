import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import URLEncodedFormReference
import URLEncodedFormRequests

/// The arguments of an `AFHTTPRequestSerializer`: its methods that put parameters in the URL,
/// and a query string block, named by what it does.
struct AFSerializerOptions: Sendable {
    /// `nil`: AFNetworking's default, `GET`, `HEAD` and `DELETE`.
    var methodsEncodingParametersInURI: Set<String>?
    var queryBlock: QueryBlock?

    enum QueryBlock: Sendable, Equatable {
        /// Returns this text.
        case fixed(String)
        /// Returns `type=` and the name of the parameters' type, as the block received them:
        /// shows how they were handed over (an `Optional` unwrapped, `nil` as `NSNull`).
        case describesTheParametersType
        /// Returns `nil`: no query.
        case returnsNil
        /// Throws `SomeError`.
        case fails

        /// The block.
        var block: @Sendable (URLRequest, Any) throws -> String? {
            switch self {
            case let .fixed(text): return { _, _ in text }
            case .describesTheParametersType: return { _, parameters in "type=\(type(of: parameters))" }
            case .returnsNil: return { _, _ in nil }
            case .fails: return { _, _ in throw SomeError() }
            }
        }
    }
}

/// A module's AFNetworking dialect: its query string functions and its serializer.
protocol AFNetworkingAdapter: RequestAdapter {
    static func queryString(_ parameters: [String: any Sendable]) -> String
    static func percentEscaped(_ string: String) -> String
    static func serialize(_ request: URLRequest, _ parameters: (any Sendable)?, _ options: AFSerializerOptions) throws -> URLRequest
}

extension ReferenceRequestAdapter: AFNetworkingAdapter {
    static func queryString(_ parameters: [String: any Sendable]) -> String {
        URLEncodedFormReference.AFQueryStringFromParameters(parameters)
    }

    static func percentEscaped(_ string: String) -> String {
        URLEncodedFormReference.AFPercentEscapedStringFromString(string)
    }

    static func serialize(_ request: URLRequest, _ parameters: (any Sendable)?, _ options: AFSerializerOptions) throws -> URLRequest {
        let serializer = URLEncodedFormReference.AFHTTPRequestSerializer()
        if let methods = options.methodsEncodingParametersInURI {
            serializer.httpMethodsEncodingParametersInURI = methods
        }
        if let block = options.queryBlock {
            serializer.setQueryStringSerializationWith(block.block)
        }
        return try serializer.request(bySerializingRequest: request, withParameters: parameters)
    }
}

extension OptimizedRequestAdapter: AFNetworkingAdapter {
    static func queryString(_ parameters: [String: any Sendable]) -> String {
        URLEncodedFormRequests.AFQueryStringFromParameters(parameters)
    }

    static func percentEscaped(_ string: String) -> String {
        URLEncodedFormRequests.AFPercentEscapedStringFromString(string)
    }

    static func serialize(_ request: URLRequest, _ parameters: (any Sendable)?, _ options: AFSerializerOptions) throws -> URLRequest {
        let serializer = URLEncodedFormRequests.AFHTTPRequestSerializer()
        if let methods = options.methodsEncodingParametersInURI {
            serializer.httpMethodsEncodingParametersInURI = methods
        }
        if let block = options.queryBlock {
            serializer.setQueryStringSerializationWith(block.block)
        }
        return try serializer.request(bySerializingRequest: request, withParameters: parameters)
    }
}

extension RequestContender {
    private var afNetworking: any AFNetworkingAdapter.Type {
        switch self {
        case .reference: return ReferenceRequestAdapter.self
        case .optimized: return OptimizedRequestAdapter.self
        }
    }

    /// The module's `AFQueryStringFromParameters(_:)`.
    func afQueryString(_ parameters: [String: any Sendable]) -> String {
        afNetworking.queryString(parameters)
    }

    /// The module's `AFPercentEscapedStringFromString(_:)`.
    func afPercentEscaped(_ string: String) -> String {
        afNetworking.percentEscaped(string)
    }

    /// Serializes `parameters` into `request` with the module's `AFHTTPRequestSerializer`
    /// configured by `options`.
    func afSerializer(_ request: URLRequest, _ parameters: (any Sendable)?,
                      _ options: AFSerializerOptions = AFSerializerOptions()) -> RequestOutcome {
        do {
            return .request(RequestSnapshot(try afNetworking.serialize(request, parameters, options)))
        } catch {
            return .error(afNetworking.failure(error))
        }
    }
}
