import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// One of the modules whose request layer is under test. Request tests take
/// `RequestContender.allCases` as arguments, so that every rule is pinned for each of them.
///
/// A module joins with a case here, its line in `adapter`, and one file with its
/// `RequestAdapter` (as `ReferenceRequestAdapter.swift` is the reference port's).
enum RequestContender: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case reference
    case optimized

    var testDescription: String { rawValue }

    private var adapter: any RequestAdapter.Type {
        switch self {
        case .reference: return ReferenceRequestAdapter.self
        case .optimized: return OptimizedRequestAdapter.self
        }
    }

    /// Encodes `parameters` into `request` with the module's `URLEncoding` configured by `options`.
    func urlEncoding(_ request: URLRequest, _ parameters: [String: any Sendable]?,
                     _ options: URLEncodingOptions = URLEncodingOptions()) -> RequestOutcome {
        outcome { try adapter.encode(request, with: parameters, options) }
    }

    /// Encodes `value` into `request` with the module's `URLEncodedFormParameterEncoder`, whose
    /// `URLEncodedFormEncoder` is configured by `encoder`.
    func parameterEncoder<Value: Encodable & Sendable>(_ request: URLRequest, _ value: Value?,
                                                       encoder: FormOptions = FormOptions(),
                                                       destination: RequestDestination = .methodDependent) -> RequestOutcome {
        outcome { try adapter.encode(value, into: request, encoder: encoder, destination: destination) }
    }

    /// Encodes `parameters` into `request` with the module's `JSONEncoding.default`.
    func jsonEncoding(_ request: URLRequest, _ parameters: [String: any Sendable]?) -> RequestOutcome {
        outcome { try adapter.encodeJSON(request, with: parameters) }
    }

    /// Encodes `value` into `request` with the module's `JSONParameterEncoder.default`.
    func jsonParameterEncoder<Value: Encodable & Sendable>(_ request: URLRequest, _ value: Value?) -> RequestOutcome {
        outcome { try adapter.encodeJSON(value, into: request) }
    }

    /// Encodes `parameters` into `request` with the module's `PropertyListEncoding.default`.
    func propertyListEncoding(_ request: URLRequest, _ parameters: [String: any Sendable]?) -> RequestOutcome {
        outcome { try adapter.encodePropertyList(request, with: parameters) }
    }

    private func outcome(_ encode: () throws -> URLRequest) -> RequestOutcome {
        do {
            return .request(RequestSnapshot(try encode()))
        } catch {
            return .error(adapter.failure(error))
        }
    }
}

/// A module's request layer, driven with options spelled independently of it. Each method
/// builds the module's encoding or encoder and encodes with it; errors propagate as thrown, for
/// `failure(_:)` to describe.
protocol RequestAdapter {
    static func encode(_ request: URLRequest, with parameters: [String: any Sendable]?,
                       _ options: URLEncodingOptions) throws -> URLRequest
    static func encode<Value: Encodable & Sendable>(_ value: Value?, into request: URLRequest, encoder: FormOptions,
                                                    destination: RequestDestination) throws -> URLRequest
    static func encodeJSON(_ request: URLRequest, with parameters: [String: any Sendable]?) throws -> URLRequest
    static func encodeJSON<Value: Encodable & Sendable>(_ value: Value?, into request: URLRequest) throws -> URLRequest
    static func encodePropertyList(_ request: URLRequest, with parameters: [String: any Sendable]?) throws -> URLRequest
    /// Describes an error one of the methods above threw.
    static func failure(_ error: any Error) -> RequestFailure
}

/// Where `URLEncoding` and `URLEncodedFormParameterEncoder` send the parameters: the cases of
/// both modules' `Destination`s.
enum RequestDestination: String, Sendable {
    case methodDependent, queryString, httpBody
}

/// The arguments of `URLEncoding(destination:arrayEncoding:boolEncoding:maximumDepth:)`.
struct URLEncodingOptions: Sendable {
    var destination = RequestDestination.methodDependent
    var arrayEncoding = FormOptions.ArrayStyle.brackets
    var boolEncoding = FormOptions.BoolStyle.numeric
    /// `nil`: the module's own default.
    var maximumDepth: Int?
}
