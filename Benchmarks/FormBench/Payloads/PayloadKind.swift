/// The shapes of input the suite encodes.
enum PayloadKind: String, CaseIterable, Codable, Sendable {
    /// Records of a product catalog: nested objects, arrays, numbers, bools, dates, data,
    /// optionals and mixed-script text.
    case catalog
    /// One flat `[String: String]` with a key per leaf.
    case wide
    /// Chains of objects nested a few hundred levels deep.
    case deep
    /// An array of strings that need heavy escaping.
    case strings
    /// The catalog's records as a `[String: Any]` dictionary, for `URLEncoding`.
    case parameters
    /// One flat form of 20 fields, as a webhook posts it; one size only.
    case webhook

    /// Whether the payload is an `Encodable` value, which the form encoders take; the
    /// `parameters` payload is for `URLEncoding`.
    var isEncodable: Bool {
        self != .parameters
    }

    /// The one size of a payload that has no other (in leaves), or `nil`.
    var fixedLeaves: Int? {
        self == .webhook ? WebhookPayload.leaves : nil
    }

    /// Whether decoders read it back: every `Encodable` payload does, its form written with
    /// indices (`DecodingInput`).
    var isDecodable: Bool {
        isEncodable
    }

    /// One line describing the shape, for reports.
    var summary: String {
        switch self {
        case .catalog:
            return "records[] of nested objects, arrays, numbers, bools, a Date, a Data, an Optional, mixed-script text"
        case .wide:
            return "one flat [String: String], a key per leaf, keys and values of mixed-script text"
        case .deep:
            return "chains of objects nested \(DeepPayload.depth) levels deep, a text leaf per level"
        case .strings:
            return "texts[] of \(StringsPayload.words.lowerBound)–\(StringsPayload.words.upperBound) words of CJK, emoji, combining marks and reserved characters"
        case .webhook:
            return "one flat form of \(WebhookPayload.leaves) fields (strings and integers), as a Twilio webhook posts it"
        case .parameters:
            return "the catalog's records as a [String: Any] dictionary (nested dictionaries and arrays, numbers, Booleans, mixed-script text) through URLEncoding"
        }
    }
}
