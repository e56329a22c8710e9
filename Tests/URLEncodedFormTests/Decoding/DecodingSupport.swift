import Foundation
import Testing
import URLEncodedForm

/// The input-level error a decoding threw: the ``URLEncodedFormDecoder/Error`` under the
/// `DecodingError.dataCorrupted` it must come wrapped in, or `nil` (recording an issue) when
/// anything else, or nothing, was thrown.
func inputError(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> URLEncodedFormDecoder.Error? {
    do {
        try body()
        Issue.record("no error thrown", sourceLocation: sourceLocation)
    } catch let DecodingError.dataCorrupted(context) {
        if let error = context.underlyingError as? URLEncodedFormDecoder.Error { return error }
        Issue.record("dataCorrupted without a decoder error: \(context)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// `parameters(from:)`'s tree as plain values that compare with `==`: leaves `String`,
/// arrays `[Form]`, hashes `[String: Form]`, null elements `NSNull`.
indirect enum Form: Equatable, CustomStringConvertible {
    case value(String)
    case array([Form])
    case hash([String: Form])
    case null

    init(_ any: Any) {
        switch any {
        case let string as String: self = .value(string)
        case let array as [Any]: self = .array(array.map(Form.init))
        case let hash as [String: Any]: self = .hash(hash.mapValues(Form.init))
        case is NSNull: self = .null
        default: self = .value("<\(type(of: any))>")
        }
    }

    var description: String {
        switch self {
        case .value(let value): return "\"\(value)\""
        case .array(let array): return "[" + array.map(\.description).joined(separator: ", ") + "]"
        case .hash(let hash):
            return "{" + hash.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
        case .null: return "null"
        }
    }
}

extension URLEncodedFormDecoder {
    /// `parameters(from:)` as a `Form`.
    func form(_ query: String) throws -> Form {
        Form(try parameters(from: query))
    }
}

extension FuzzConfiguration {
    /// Runs a seeded property: `difference` reads the case of each seed and describes how it
    /// went wrong (naming its seed, for `FUZZ_SEED`), or returns `nil`. Records the first ten
    /// and fails if there is any.
    func expectNoDifference(sourceLocation: SourceLocation = #_sourceLocation, _ difference: (UInt64) -> String?) {
        let differences = seeds.compactMap(difference)
        for difference in differences.prefix(10) { Issue.record("\(difference)", sourceLocation: sourceLocation) }
        #expect(differences.isEmpty, "\(differences.count) of \(seeds.count) forms read differently", sourceLocation: sourceLocation)
    }
}
