import Foundation
import Testing
import URLEncodedForm

/// The `DecodingError` a decoding threw, or `nil` (recording an issue) when it threw anything
/// else or nothing: for the tests that pin a type-level error (its kind, coding path and text).
func decodingError(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> DecodingError? {
    do {
        try body()
        Issue.record("no error thrown", sourceLocation: sourceLocation)
    } catch let error as DecodingError {
        return error
    } catch {
        Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

extension DecodingError {
    /// The context every case carries.
    var context: Context? {
        switch self {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
             .dataCorrupted(let context):
            return context
        @unknown default:
            return nil
        }
    }

    /// The coding path, keys by their string and indices as `#n` (only a key with an `intValue`
    /// prints as one), so that a test can tell an index from a key spelled with digits.
    var path: [String] {
        (context?.codingPath ?? []).map { key in key.intValue.map { "#\($0)" } ?? key.stringValue }
    }

    /// The case's name, for tests that accept more than one kind.
    var kind: String {
        switch self {
        case .typeMismatch: return "typeMismatch"
        case .valueNotFound: return "valueNotFound"
        case .keyNotFound: return "keyNotFound"
        case .dataCorrupted: return "dataCorrupted"
        @unknown default: return "unknown"
        }
    }
}

/// A keyed root holding one value under `v`: `v=<text>` reads `T` from `<text>`.
struct Single<T: Decodable>: Decodable {
    let v: T
}

extension URLEncodedFormDecoder {
    /// `T` from the (already escaped) form text `text` under the key `v`.
    func leaf<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try decode(Single<T>.self, from: "v=" + text).v
    }
}
