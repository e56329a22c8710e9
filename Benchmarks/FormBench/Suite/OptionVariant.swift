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

    init(name: String, encoder: URLEncodedFormEncoder) {
        self.name = name
        contender = OptimizedContender(encoder: encoder)
        payload = .catalog
    }

    init(name: String, contender: any Contender, payload: PayloadKind) {
        self.name = name
        self.contender = contender
        self.payload = payload
    }

    /// The defaults first, then every value of every option that changes the work done.
    static func all() -> [OptionVariant] {
        [
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
            OptionVariant(name: "the same records as [String: Any], URLEncoding", contender: OptimizedContender(), payload: .parameters),
        ]
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
