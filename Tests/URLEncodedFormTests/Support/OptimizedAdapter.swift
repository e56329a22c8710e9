import Foundation
import URLEncodedForm

/// Builds `URLEncodedForm.URLEncodedFormEncoder`s (the optimized encoder) from `FormOptions`.
///
/// `sortsArrayElements` is an argument of its own rather than part of `FormOptions`, which both
/// modules take: the reference port has no such option.
enum OptimizedAdapter {
    typealias Encoder = URLEncodedForm.URLEncodedFormEncoder

    static func encoder(_ options: FormOptions, sortsArrayElements: Bool = true) -> Encoder {
        Encoder(alphabetizeKeyValuePairs: options.alphabetizeKeyValuePairs,
                sortsArrayElements: sortsArrayElements,
                arrayEncoding: arrayEncoding(options.arrayEncoding),
                boolEncoding: options.boolEncoding == .numeric ? .numeric : .literal,
                dataEncoding: dataEncoding(options.dataEncoding),
                dateEncoding: dateEncoding(options.dateEncoding),
                keyEncoding: keyEncoding(options.keyEncoding),
                keyPathEncoding: keyPathEncoding(options.keyPathEncoding),
                nilEncoding: nilEncoding(options.nilEncoding),
                spaceEncoding: options.spaceEncoding == .percentEscaped ? .percentEscaped : .plusReplaced,
                allowedCharacters: allowedCharacters(options.allowedCharacters),
                maximumDepth: options.maximumDepth ?? defaultMaximumDepth)
    }

    static let defaultMaximumDepth = Encoder.defaultMaximumDepth

    static func encode(_ value: some Encodable, _ options: FormOptions, sortsArrayElements: Bool = true) throws -> String {
        try encoder(options, sortsArrayElements: sortsArrayElements).encode(value)
    }

    /// One encoder built from `options`, shared by every call of the returned closure (for tests
    /// of an encoder's reuse after errors and of concurrent use).
    static func sharedEncoder(_ options: FormOptions) -> @Sendable (any Encodable) throws -> String {
        let encoder = encoder(options)
        return { value in try encoder.encode(value) as String }
    }

    static func isInvalidRootObject(_ error: any Error) -> Bool {
        guard let error = error as? Encoder.Error, case .invalidRootObject = error else { return false }
        return true
    }

    private static func arrayEncoding(_ style: FormOptions.ArrayStyle) -> Encoder.ArrayEncoding {
        switch style {
        case .brackets: return .brackets
        case .noBrackets: return .noBrackets
        case .indexInBrackets: return .indexInBrackets
        case let .custom(closure): return .custom(closure)
        }
    }

    private static func dataEncoding(_ style: FormOptions.DataStyle) -> Encoder.DataEncoding {
        switch style {
        case .deferredToData: return .deferredToData
        case .base64: return .base64
        case let .custom(closure): return .custom(closure)
        }
    }

    private static func dateEncoding(_ style: FormOptions.DateStyle) -> Encoder.DateEncoding {
        switch style {
        case .deferredToDate: return .deferredToDate
        case .secondsSince1970: return .secondsSince1970
        case .millisecondsSince1970: return .millisecondsSince1970
        case .iso8601: return .iso8601
        case let .formatted(formatter): return .formatted(formatter)
        case let .custom(closure): return .custom(closure)
        }
    }

    private static func keyEncoding(_ style: FormOptions.KeyStyle) -> Encoder.KeyEncoding {
        switch style {
        case .useDefaultKeys: return .useDefaultKeys
        case .convertToSnakeCase: return .convertToSnakeCase
        case .convertToKebabCase: return .convertToKebabCase
        case .capitalized: return .capitalized
        case .uppercased: return .uppercased
        case .lowercased: return .lowercased
        case let .custom(closure): return .custom(closure)
        }
    }

    private static func keyPathEncoding(_ style: FormOptions.KeyPathStyle) -> Encoder.KeyPathEncoding {
        switch style {
        case .brackets: return .brackets
        case .dots: return .dots
        case let .custom(closure): return Encoder.KeyPathEncoding(encoding: closure)
        }
    }

    private static func nilEncoding(_ style: FormOptions.NilStyle) -> Encoder.NilEncoding {
        switch style {
        case .dropKey: return .dropKey
        case .dropValue: return .dropValue
        case .null: return .null
        case let .custom(closure): return Encoder.NilEncoding(encoding: closure)
        }
    }

    private static func allowedCharacters(_ choice: FormOptions.AllowedCharacters) -> CharacterSet {
        switch choice {
        case .afURLQueryAllowed: return .afURLQueryAllowed
        case let .set(set): return set
        }
    }
}
