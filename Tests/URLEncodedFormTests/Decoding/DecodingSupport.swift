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
///
/// Texts and keys compare scalar by scalar, not as `String`s, whose `==` finds `é` and
/// `e\u{301}` equal: a decoder that normalized text would pass a `String` comparison.
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

    static func == (lhs: Form, rhs: Form) -> Bool {
        switch (lhs, rhs) {
        case let (.value(a), .value(b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case let (.array(a), .array(b)): return a.count == b.count && zip(a, b).allSatisfy { $0 == $1 }
        case let (.hash(a), .hash(b)): return scalarsEqual(a, b, by: ==)
        case (.null, .null): return true
        default: return false
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

/// Whether two dictionaries hold the same keys spelled with the same scalars (a `Dictionary`
/// finds a key by `String`'s canonical equality), with values that `valuesEqual`.
func scalarsEqual<Value>(_ a: [String: Value], _ b: [String: Value], by valuesEqual: (Value, Value) -> Bool) -> Bool {
    a.count == b.count && a.allSatisfy { key, value in
        guard let index = b.index(forKey: key) else { return false }
        return b[index].key.unicodeScalars.elementsEqual(key.unicodeScalars) && valuesEqual(b[index].value, value)
    }
}

/// `[String: [String]]`s compared scalar by scalar, keys and texts (see `Form`).
func scalarsEqual(_ a: [String: [String]], _ b: [String: [String]]) -> Bool {
    scalarsEqual(a, b) { $0.count == $1.count && zip($0, $1).allSatisfy { $0.unicodeScalars.elementsEqual($1.unicodeScalars) } }
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

/// A `String` read through a type of its own: an array of these is read element by element
/// through the unkeyed container, where `[String]` is read whole, in one loop over its leaves;
/// the tests compare the two.
struct WrappedText: Decodable {
    let text: String

    init(from decoder: any Decoder) throws {
        text = try decoder.singleValueContainer().decode(String.self)
    }
}
