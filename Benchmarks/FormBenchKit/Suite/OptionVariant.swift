import Foundation
import URLEncodedForm

/// The optimized encoder with one option changed from the defaults, named after that option; or
/// the same data encoded another way (as `[String: Any]` through `URLEncoding`).
struct OptionVariant: Sendable {
    /// The name of the baseline variant every other is compared with.
    static let defaultsName = "defaults"

    /// The option and its value, e.g. `arrayEncoding .indexInBrackets`.
    let name: String
    /// What encodes.
    let contender: any Contender
    /// What it encodes: the catalog, or the same records as parameters.
    let payload: PayloadKind

    init(name: String, encoder: URLEncodedFormEncoder, payload: PayloadKind) {
        self.name = name
        contender = OptimizedContender(encoder: encoder)
        self.payload = payload
    }

    init(name: String, contender: any Contender, payload: PayloadKind) {
        self.name = name
        self.contender = contender
        self.payload = payload
    }

    /// The defaults first, then every value of every option that changes the work done, on
    /// `payload`; then, when there is one, the same data as parameters through `URLEncoding`.
    static func all(on payload: PayloadKind = .catalog, parameters: PayloadKind? = .parameters) -> [OptionVariant] {
        func OptionVariant(name: String, encoder: URLEncodedFormEncoder) -> OptionVariant {
            FormBenchKit.OptionVariant(name: name, encoder: encoder, payload: payload)
        }
        let records = payload == .catalog ? "records" : "data"
        let variants = [
            OptionVariant(name: defaultsName, encoder: URLEncodedFormEncoder()),
            OptionVariant(name: "keys sorted, arrays in order", encoder: URLEncodedFormEncoder(sortsArrayElements: false)),
            OptionVariant(name: "sorting off", encoder: URLEncodedFormEncoder(alphabetizeKeyValuePairs: false)),
            OptionVariant(name: "arrayEncoding .noBrackets", encoder: URLEncodedFormEncoder(arrayEncoding: .noBrackets)),
            OptionVariant(name: "arrayEncoding .indexInBrackets", encoder: URLEncodedFormEncoder(arrayEncoding: .indexInBrackets)),
            OptionVariant(name: "arrayEncoding .custom", encoder: URLEncodedFormEncoder(arrayEncoding: .custom { key, index in "\(key).\(index)" })),
            OptionVariant(name: "keyPathEncoding .dots", encoder: URLEncodedFormEncoder(keyPathEncoding: .dots)),
            OptionVariant(name: "keyPathEncoding custom", encoder: URLEncodedFormEncoder(keyPathEncoding: .init { "/\($0)" })),
            OptionVariant(name: "keyEncoding .convertToSnakeCase", encoder: URLEncodedFormEncoder(keyEncoding: .convertToSnakeCase)),
            OptionVariant(name: "keyEncoding .convertToKebabCase", encoder: URLEncodedFormEncoder(keyEncoding: .convertToKebabCase)),
            OptionVariant(name: "keyEncoding .capitalized", encoder: URLEncodedFormEncoder(keyEncoding: .capitalized)),
            OptionVariant(name: "keyEncoding .uppercased", encoder: URLEncodedFormEncoder(keyEncoding: .uppercased)),
            OptionVariant(name: "keyEncoding .lowercased", encoder: URLEncodedFormEncoder(keyEncoding: .lowercased)),
            OptionVariant(name: "keyEncoding .custom", encoder: URLEncodedFormEncoder(keyEncoding: .custom { String($0.reversed()) })),
            OptionVariant(name: "spaceEncoding .plusReplaced", encoder: URLEncodedFormEncoder(spaceEncoding: .plusReplaced)),
            OptionVariant(name: "boolEncoding .literal", encoder: URLEncodedFormEncoder(boolEncoding: .literal)),
            OptionVariant(name: "dateEncoding .secondsSince1970", encoder: URLEncodedFormEncoder(dateEncoding: .secondsSince1970)),
            OptionVariant(name: "dateEncoding .millisecondsSince1970", encoder: URLEncodedFormEncoder(dateEncoding: .millisecondsSince1970)),
            OptionVariant(name: "dateEncoding .iso8601", encoder: URLEncodedFormEncoder(dateEncoding: .iso8601)),
            OptionVariant(name: "dateEncoding .formatted", encoder: URLEncodedFormEncoder(dateEncoding: .formatted(dayFormatter()))),
            OptionVariant(name: "dateEncoding .custom", encoder: URLEncodedFormEncoder(dateEncoding: .custom { "\(Int($0.timeIntervalSince1970))" })),
            OptionVariant(name: "dataEncoding .deferredToData", encoder: URLEncodedFormEncoder(dataEncoding: .deferredToData)),
            OptionVariant(name: "dataEncoding .custom", encoder: URLEncodedFormEncoder(dataEncoding: .custom { "\($0.count) bytes" })),
            OptionVariant(name: "nilEncoding .dropValue", encoder: URLEncodedFormEncoder(nilEncoding: .dropValue)),
            OptionVariant(name: "nilEncoding .null", encoder: URLEncodedFormEncoder(nilEncoding: .null)),
            OptionVariant(name: "nilEncoding custom", encoder: URLEncodedFormEncoder(nilEncoding: .init { "-" })),
        ]
        return variants + (parameters.map {
            [FormBenchKit.OptionVariant(name: "the same \(records) as [String: Any], URLEncoding", contender: OptimizedContender(), payload: $0)]
        } ?? [])
    }

    /// What a variant changes in the bytes, for the recommendation that closes a user's
    /// strategy table; `nil` for the defaults.
    static func byteChange(of name: String) -> String? {
        switch name {
        case "keys sorted, arrays in order": return "array elements in the value's order instead of sorted"
        case "sorting off": return "pairs in the value's order, nothing sorted"
        case "arrayEncoding .noBrackets": return "arrays as repeated names (tags=a&tags=b)"
        case "arrayEncoding .indexInBrackets": return "arrays with indices (tags[0]=a)"
        case "arrayEncoding .custom": return "arrays named by your closure"
        case "keyPathEncoding .dots": return "nested keys as a.b instead of a[b]"
        case "keyPathEncoding custom": return "nested keys joined by your closure"
        case let name where name.hasPrefix("keyEncoding"): return "keys renamed (\(name.dropFirst("keyEncoding ".count)))"
        case "spaceEncoding .plusReplaced": return "spaces as + instead of %20"
        case "boolEncoding .literal": return "true/false instead of 1/0"
        case let name where name.hasPrefix("dateEncoding"): return "dates written another way"
        case let name where name.hasPrefix("dataEncoding"): return "data written another way"
        case "nilEncoding .dropValue": return "nil optionals as a name without value"
        case "nilEncoding .null": return "nil optionals as null"
        case "nilEncoding custom": return "nil optionals as your text"
        case let name where name.hasSuffix("as [String: Any], URLEncoding"): return "URLEncoding's bytes (its own number and Bool spellings, keys sorted)"
        default: return nil
        }
    }

    /// A fixed-format, fixed-locale, UTC formatter for `.formatted`.
    private static func dayFormatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter
    }
}
