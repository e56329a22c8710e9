import Foundation
import Testing

/// One of the two encoders under test. Behaviour tests take `Contender.allCases` as arguments so
/// that every rule is pinned for the reference port and the optimized encoder alike.
enum Contender: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case reference
    case optimized

    var testDescription: String { rawValue }

    /// The module's adapter, through which every method below reaches its encoder.
    private var adapter: any FormEncoderAdapter.Type {
        switch self {
        case .reference: return ReferenceAdapter.self
        case .optimized: return OptimizedAdapter.self
        }
    }

    /// Encodes `value` with a fresh encoder of this contender configured by `options`.
    func encode(_ value: some Encodable, _ options: FormOptions = FormOptions()) throws -> String {
        try adapter.encode(value, options)
    }

    /// Builds one encoder of this contender configured by `options`; every call of the returned
    /// closure encodes with that same instance, from any task or thread.
    func makeSharedEncoder(_ options: FormOptions = FormOptions()) -> @Sendable (any Encodable) throws -> String {
        adapter.sharedEncoder(options)
    }

    /// The `maximumDepth` an encoder of this contender has by default.
    var defaultMaximumDepth: Int {
        adapter.defaultMaximumDepth
    }

    /// Classifies an error thrown by `encode(_:_:)`.
    func kind(of error: any Error) -> FormErrorKind {
        if error is ClosureError { return .closureError }
        if error is EncodingError { return .encodingError }
        return adapter.isInvalidRootObject(error) ? .invalidRootObject : .other
    }

    /// The output, or the kind of error thrown, as one comparable value.
    func outcome(_ value: some Encodable, _ options: FormOptions = FormOptions()) -> Outcome {
        do {
            return .output(try encode(value, options))
        } catch {
            return .error(kind(of: error))
        }
    }

    /// The string values of the coding path of the `EncodingError.invalidValue` that encoding
    /// `value` throws, or `nil` when it throws anything else or nothing.
    func invalidValuePath(_ value: some Encodable, _ options: FormOptions = FormOptions()) -> [String]? {
        do {
            _ = try encode(value, options)
            return nil
        } catch let EncodingError.invalidValue(_, context) {
            return context.codingPath.map(\.stringValue)
        } catch {
            return nil
        }
    }
}

/// The result of one encoding: its output or the kind of error it threw.
enum Outcome: Equatable, Sendable, CustomStringConvertible {
    case output(String)
    case error(FormErrorKind)

    var description: String {
        switch self {
        case let .output(string): return "output \"\(string)\""
        case let .error(kind): return "error \(kind.rawValue)"
        }
    }
}
