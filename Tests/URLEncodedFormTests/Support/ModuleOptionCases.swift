import Foundation
import URLEncodedForm
import URLEncodedFormReference
import URLEncodedFormRequests

// Each module declares its own option types (`ArrayEncoding`, `Destination`, …) with the same
// cases: distinct types that no one `switch` can build. Each protocol here names the cases a
// family of them shares, and builds a value of any of them from the module-free spelling in
// `FormOptions` (or `RequestDestination`); the modules' enum cases and static members are the
// witnesses, so each mapping is written once, for every module and every type that spells it.

/// The cases of an `ArrayEncoding`: the encoders' and `URLEncoding`'s, in both modules.
protocol ArrayEncodingCases {
    static var brackets: Self { get }
    static var noBrackets: Self { get }
    static var indexInBrackets: Self { get }
    static func custom(_ encoding: @escaping @Sendable (String, Int) -> String) -> Self
}

extension ArrayEncodingCases {
    /// The case `style` names.
    init(_ style: FormOptions.ArrayStyle) {
        switch style {
        case .brackets: self = .brackets
        case .noBrackets: self = .noBrackets
        case .indexInBrackets: self = .indexInBrackets
        case let .custom(closure): self = .custom(closure)
        }
    }
}

extension URLEncodedFormReference.URLEncodedFormEncoder.ArrayEncoding: ArrayEncodingCases {}
extension URLEncodedForm.URLEncodedFormEncoder.ArrayEncoding: ArrayEncodingCases {}
extension URLEncodedFormReference.URLEncoding.ArrayEncoding: ArrayEncodingCases {}
extension URLEncodedForm.URLEncoding.ArrayEncoding: ArrayEncodingCases {}

/// The cases of a `BoolEncoding`: the encoders' and `URLEncoding`'s, in both modules.
protocol BoolEncodingCases {
    static var numeric: Self { get }
    static var literal: Self { get }
}

extension BoolEncodingCases {
    /// The case `style` names.
    init(_ style: FormOptions.BoolStyle) {
        switch style {
        case .numeric: self = .numeric
        case .literal: self = .literal
        }
    }
}

extension URLEncodedFormReference.URLEncodedFormEncoder.BoolEncoding: BoolEncodingCases {}
extension URLEncodedForm.URLEncodedFormEncoder.BoolEncoding: BoolEncodingCases {}
extension URLEncodedFormReference.URLEncoding.BoolEncoding: BoolEncodingCases {}
extension URLEncodedForm.URLEncoding.BoolEncoding: BoolEncodingCases {}

/// The cases of both encoders' `DataEncoding`.
protocol DataEncodingCases {
    static var deferredToData: Self { get }
    static var base64: Self { get }
    static func custom(_ encoding: @escaping @Sendable (Data) throws -> String) -> Self
}

extension DataEncodingCases {
    /// The case `style` names.
    init(_ style: FormOptions.DataStyle) {
        switch style {
        case .deferredToData: self = .deferredToData
        case .base64: self = .base64
        case let .custom(closure): self = .custom(closure)
        }
    }
}

extension URLEncodedFormReference.URLEncodedFormEncoder.DataEncoding: DataEncodingCases {}
extension URLEncodedForm.URLEncodedFormEncoder.DataEncoding: DataEncodingCases {}

/// The cases of both encoders' `DateEncoding`.
protocol DateEncodingCases {
    static var deferredToDate: Self { get }
    static var secondsSince1970: Self { get }
    static var millisecondsSince1970: Self { get }
    static var iso8601: Self { get }
    static func formatted(_ formatter: DateFormatter) -> Self
    static func custom(_ encoding: @escaping @Sendable (Date) throws -> String) -> Self
}

extension DateEncodingCases {
    /// The case `style` names.
    init(_ style: FormOptions.DateStyle) {
        switch style {
        case .deferredToDate: self = .deferredToDate
        case .secondsSince1970: self = .secondsSince1970
        case .millisecondsSince1970: self = .millisecondsSince1970
        case .iso8601: self = .iso8601
        case let .formatted(formatter): self = .formatted(formatter)
        case let .custom(closure): self = .custom(closure)
        }
    }
}

extension URLEncodedFormReference.URLEncodedFormEncoder.DateEncoding: DateEncodingCases {}
extension URLEncodedForm.URLEncodedFormEncoder.DateEncoding: DateEncodingCases {}

/// The cases of both encoders' `KeyEncoding`.
protocol KeyEncodingCases {
    static var useDefaultKeys: Self { get }
    static var convertToSnakeCase: Self { get }
    static var convertToKebabCase: Self { get }
    static var capitalized: Self { get }
    static var uppercased: Self { get }
    static var lowercased: Self { get }
    static func custom(_ encoding: @escaping @Sendable (String) -> String) -> Self
}

extension KeyEncodingCases {
    /// The case `style` names.
    init(_ style: FormOptions.KeyStyle) {
        switch style {
        case .useDefaultKeys: self = .useDefaultKeys
        case .convertToSnakeCase: self = .convertToSnakeCase
        case .convertToKebabCase: self = .convertToKebabCase
        case .capitalized: self = .capitalized
        case .uppercased: self = .uppercased
        case .lowercased: self = .lowercased
        case let .custom(closure): self = .custom(closure)
        }
    }
}

extension URLEncodedFormReference.URLEncodedFormEncoder.KeyEncoding: KeyEncodingCases {}
extension URLEncodedForm.URLEncodedFormEncoder.KeyEncoding: KeyEncodingCases {}

/// The values of both encoders' `KeyPathEncoding`, a struct: its static members and its
/// closure initializer.
protocol KeyPathEncodingCases {
    static var brackets: Self { get }
    static var dots: Self { get }
    init(encoding: @escaping @Sendable (String) -> String)
}

extension KeyPathEncodingCases {
    /// The value `style` names.
    init(_ style: FormOptions.KeyPathStyle) {
        switch style {
        case .brackets: self = .brackets
        case .dots: self = .dots
        case let .custom(closure): self.init(encoding: closure)
        }
    }
}

extension URLEncodedFormReference.URLEncodedFormEncoder.KeyPathEncoding: KeyPathEncodingCases {}
extension URLEncodedForm.URLEncodedFormEncoder.KeyPathEncoding: KeyPathEncodingCases {}

/// The values of both encoders' `NilEncoding`, a struct: its static members and its closure
/// initializer.
protocol NilEncodingCases {
    static var dropKey: Self { get }
    static var dropValue: Self { get }
    static var null: Self { get }
    init(encoding: @escaping @Sendable () -> String?)
}

extension NilEncodingCases {
    /// The value `style` names.
    init(_ style: FormOptions.NilStyle) {
        switch style {
        case .dropKey: self = .dropKey
        case .dropValue: self = .dropValue
        case .null: self = .null
        case let .custom(closure): self.init(encoding: closure)
        }
    }
}

extension URLEncodedFormReference.URLEncodedFormEncoder.NilEncoding: NilEncodingCases {}
extension URLEncodedForm.URLEncodedFormEncoder.NilEncoding: NilEncodingCases {}

/// The cases of both encoders' `SpaceEncoding`.
protocol SpaceEncodingCases {
    static var percentEscaped: Self { get }
    static var plusReplaced: Self { get }
}

extension SpaceEncodingCases {
    /// The case `style` names.
    init(_ style: FormOptions.SpaceStyle) {
        switch style {
        case .percentEscaped: self = .percentEscaped
        case .plusReplaced: self = .plusReplaced
        }
    }
}

extension URLEncodedFormReference.URLEncodedFormEncoder.SpaceEncoding: SpaceEncodingCases {}
extension URLEncodedForm.URLEncodedFormEncoder.SpaceEncoding: SpaceEncodingCases {}

/// The cases of a `Destination`: `URLEncoding`'s in both modules, and the port's
/// `URLEncodedFormParameterEncoder`'s (the optimized module's is `URLEncoding`'s).
protocol DestinationCases {
    static var methodDependent: Self { get }
    static var queryString: Self { get }
    static var httpBody: Self { get }
}

extension DestinationCases {
    /// The case `destination` names.
    init(_ destination: RequestDestination) {
        switch destination {
        case .methodDependent: self = .methodDependent
        case .queryString: self = .queryString
        case .httpBody: self = .httpBody
        }
    }
}

extension URLEncodedFormReference.URLEncoding.Destination: DestinationCases {}
extension URLEncodedFormReference.URLEncodedFormParameterEncoder.Destination: DestinationCases {}
extension URLEncodedForm.URLEncoding.Destination: DestinationCases {}

extension FormOptions.AllowedCharacters {
    /// The set this choice names, where `afURLQueryAllowed` is `moduleSet`: the module's own
    /// `CharacterSet.afURLQueryAllowed` (both modules declare one, so only a file that imports
    /// just the one module can name it).
    func characterSet(afURLQueryAllowed moduleSet: CharacterSet) -> CharacterSet {
        switch self {
        case .afURLQueryAllowed: return moduleSet
        case let .set(set): return set
        }
    }
}
