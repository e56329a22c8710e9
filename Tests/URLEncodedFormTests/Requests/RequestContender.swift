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
///
/// A module's adapter names its types and calls them; what is the same for every module (the
/// options' cases, in `ModuleOptionCases.swift`, and the description of its errors, below) is
/// written once.
protocol RequestAdapter {
    /// The adapter of the module's `URLEncodedFormEncoder`, which its
    /// `URLEncodedFormParameterEncoder` takes.
    associatedtype FormAdapter: FormEncoderAdapter
    /// The module's `AFError`.
    associatedtype AFError: ModuleAFError
    /// The module's `JSONEncoding.Error`.
    associatedtype JSONEncodingError: Error
    /// The module's `InvalidQueryCharacterError`.
    associatedtype InvalidQueryCharacterError: Error

    static func encode(_ request: URLRequest, with parameters: [String: any Sendable]?,
                       _ options: URLEncodingOptions) throws -> URLRequest
    static func encode<Value: Encodable & Sendable>(_ value: Value?, into request: URLRequest, encoder: FormOptions,
                                                    destination: RequestDestination) throws -> URLRequest
    static func encodeJSON(_ request: URLRequest, with parameters: [String: any Sendable]?) throws -> URLRequest
    static func encodeJSON<Value: Encodable & Sendable>(_ value: Value?, into request: URLRequest) throws -> URLRequest
    static func encodePropertyList(_ request: URLRequest, with parameters: [String: any Sendable]?) throws -> URLRequest
}

/// What both modules' `AFError` say about themselves, as the same members.
protocol ModuleAFError: LocalizedError {
    /// The error it wraps, if any.
    var underlyingError: (any Error)? { get }
}

extension RequestAdapter {
    /// Describes an error one of the methods above threw: an `AFError` by its case and reason
    /// (named as the vectors spell them), and what it wraps.
    static func failure(_ error: any Error) -> RequestFailure {
        guard let error = error as? AFError else {
            return RequestFailure(caseName: "notAnAFError", underlying: label(of: error),
                                  errorDescription: error.localizedDescription, codingPath: RequestFailure.codingPath(of: error))
        }
        return RequestFailure(caseName: CaseName.path(of: error), underlying: error.underlyingError.map(label(of:)),
                              errorDescription: error.errorDescription ?? "",
                              codingPath: error.underlyingError.flatMap(RequestFailure.codingPath(of:)))
    }

    /// The name `RequestFailure.underlying` gives `error`.
    private static func label(of error: any Error) -> String {
        if let label = RequestFailure.commonLabel(of: error) { return label }
        if FormAdapter.isInvalidRootObject(error) { return "invalidRootObject" }
        if error is InvalidQueryCharacterError { return "invalidQueryCharacter" }
        // `invalidJSONObject`, its one case.
        if error is JSONEncodingError { return CaseName.path(of: error) }
        return String(describing: type(of: error))
    }
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
