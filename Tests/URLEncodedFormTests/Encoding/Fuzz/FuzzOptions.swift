import FormBenchCore
import Foundation
import URLEncodedForm

/// Random encoder options, every value of every option included: custom closures (some of which
/// throw, for some inputs or all), formatters, and character sets from the usual ones down to a
/// random subset of ASCII and a set holding non-ASCII letters.
struct FuzzOptions: CustomStringConvertible {
    private(set) var formOptions = FormOptions()
    /// `option=choice` for each option, in declaration order; closures are named by what they do.
    private(set) var choices: [String] = []

    var description: String { choices.joined(separator: " ") }

    static func random(using rng: inout SplitMix64) -> FuzzOptions {
        var fuzz = FuzzOptions()
        fuzz.choose(\.alphabetizeKeyValuePairs, "alphabetizeKeyValuePairs", [("true", true), ("false", false)], &rng)
        fuzz.choose(\.arrayEncoding, "arrayEncoding", arrayEncodings, &rng)
        fuzz.choose(\.boolEncoding, "boolEncoding", [("numeric", .numeric), ("literal", .literal)], &rng)
        // Throwing closures end most encodings that meet a date or data, so they come rarely.
        fuzz.choose(\.dataEncoding, "dataEncoding", rng.chance(0.1) ? throwingDataEncodings : dataEncodings, &rng)
        fuzz.choose(\.dateEncoding, "dateEncoding", rng.chance(0.1) ? throwingDateEncodings : dateEncodings(), &rng)
        fuzz.choose(\.keyEncoding, "keyEncoding", keyEncodings, &rng)
        fuzz.choose(\.keyPathEncoding, "keyPathEncoding", keyPathEncodings, &rng)
        fuzz.choose(\.nilEncoding, "nilEncoding", nilEncodings, &rng)
        fuzz.choose(\.spaceEncoding, "spaceEncoding", [("percentEscaped", .percentEscaped), ("plusReplaced", .plusReplaced)], &rng)
        fuzz.choose(\.allowedCharacters, "allowedCharacters", allowedCharacters(using: &rng), &rng)
        // Mostly the default; otherwise a limit that values of the fuzz's depths reach, so that
        // both modules must refuse the same writes at the same places.
        fuzz.choose(\.maximumDepth, "maximumDepth", rng.chance(0.75) ? [("default", nil)] : (0 ... 5).map { depth -> (String, Int?) in (String(depth), depth) }, &rng)
        return fuzz
    }

    private mutating func choose<Value>(_ option: WritableKeyPath<FormOptions, Value>, _ name: String,
                                        _ candidates: [(String, Value)], _ rng: inout SplitMix64) {
        let (choice, value) = rng.pick(candidates)
        formOptions[keyPath: option] = value
        choices.append("\(name)=\(choice)")
    }

    private static let arrayEncodings: [(String, FormOptions.ArrayStyle)] = [
        ("brackets", .brackets), ("noBrackets", .noBrackets), ("indexInBrackets", .indexInBrackets),
        ("custom:keyHashIndex", .custom { key, index in key + "#" + String(index) }),
        ("custom:indexOnly", .custom { _, index in String(index) }),
        ("custom:dotted\u{B7}", .custom { key, index in key + "\u{B7}" + String(index) + "." }),
    ]

    private static let dataEncodings: [(String, FormOptions.DataStyle)] = [
        ("deferredToData", .deferredToData), ("base64", .base64),
        ("custom:hex", .custom { data in data.map { String($0, radix: 16) }.joined(separator: ":") }),
    ]

    private static let throwingDataEncodings: [(String, FormOptions.DataStyle)] = [
        ("custom:throws", .custom { _ in throw ClosureError() }),
        ("custom:throwsIfOddCount", .custom { data in
            guard data.count.isMultiple(of: 2) else { throw ClosureError() }
            return "\(data.count) bytes"
        }),
    ]

    /// Fresh formatters per case: a `DateFormatter` is a mutable class.
    private static func dateEncodings() -> [(String, FormOptions.DateStyle)] {
        [
            ("deferredToDate", .deferredToDate), ("secondsSince1970", .secondsSince1970),
            ("millisecondsSince1970", .millisecondsSince1970), ("iso8601", .iso8601),
            ("formatted:yyyy-MM-dd HH:mm:ss.SSS", .formatted(formatter("yyyy-MM-dd HH:mm:ss.SSS"))),
            ("formatted:G y-MM-dd'T'HH:mm:ss.SSSSSS EEEE", .formatted(formatter("G y-MM-dd'T'HH:mm:ss.SSSSSS EEEE"))),
            ("custom:secondsSince1970", .custom { String($0.timeIntervalSince1970) }),
        ]
    }

    private static let throwingDateEncodings: [(String, FormOptions.DateStyle)] = [
        ("custom:throws", .custom { _ in throw ClosureError() }),
        ("custom:throwsBefore1970", .custom { date in
            guard date.timeIntervalSince1970 >= 0 else { throw ClosureError() }
            return "t+" + String(date.timeIntervalSince1970)
        }),
    ]

    private static func formatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = format
        return formatter
    }

    private static let keyEncodings: [(String, FormOptions.KeyStyle)] = [
        ("useDefaultKeys", .useDefaultKeys), ("convertToSnakeCase", .convertToSnakeCase),
        ("convertToKebabCase", .convertToKebabCase), ("capitalized", .capitalized),
        ("uppercased", .uppercased), ("lowercased", .lowercased),
        ("custom:reversed", .custom { String($0.reversed()) }),
        ("custom:bracketsToParentheses", .custom { String($0.map { $0 == "[" ? "(" : $0 == "]" ? ")" : $0 }) }),
        ("custom:empty", .custom { _ in "" }),
    ]

    private static let keyPathEncodings: [(String, FormOptions.KeyPathStyle)] = [
        ("brackets", .brackets), ("dots", .dots),
        ("custom:colon", .custom { ":" + $0 }),
        ("custom:concatenated", .custom { $0 }),
        ("custom:uppercasedInBraces", .custom { "{" + $0.uppercased() + "}" }),
    ]

    private static let nilEncodings: [(String, FormOptions.NilStyle)] = [
        ("dropKey", .dropKey), ("dropValue", .dropValue), ("null", .null),
        ("custom:tilde", .custom { "~" }), ("custom:nil", .custom { nil }), ("custom:spacedAmpersand", .custom { "a b&c" }),
    ]

    private static func allowedCharacters(using rng: inout SplitMix64) -> [(String, FormOptions.AllowedCharacters)] {
        var withBrackets = CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: ":#[]@!$&'()*+,;="))
        withBrackets.insert(charactersIn: "[]")
        let ascii = (0 ... 127).map { Character(Unicode.Scalar(UInt8($0))) }
        let subset = String(ascii.filter { _ in rng.chance(0.6) })
        // Every ASCII character but the separators: control characters, `\0` among them, are
        // written as they are, so texts hold zero bytes.
        let controlsPass = String(ascii.filter { !"&=[] ".contains($0) })
        // A copy of the optimized module's own default set with one character added or taken
        // away: it starts out sharing the default's storage, which that module recognizes by
        // identity to share its escape table.
        var changedDefault = CharacterSet.afURLQueryAllowed
        let toggled = Unicode.Scalar(UInt8.random(in: 33 ... 126, using: &rng))
        if changedDefault.contains(toggled) {
            changedDefault.remove(toggled)
        } else {
            changedDefault.insert(toggled)
        }
        return [
            ("afURLQueryAllowed", .afURLQueryAllowed), ("urlQueryAllowed", .set(.urlQueryAllowed)),
            ("alphanumerics", .set(.alphanumerics)), ("afURLQueryAllowed+[]", .set(withBrackets)),
            ("asciiSubset:\(FuzzStrings.literal(subset))", .set(CharacterSet(charactersIn: subset))),
            ("asciiButSeparators", .set(CharacterSet(charactersIn: controlsPass))),
            ("afURLQueryAllowed toggling \(FuzzStrings.literal(String(Character(toggled))))", .set(changedDefault)),
            ("nonASCIILetters", .set(CharacterSet(charactersIn: "abcxyzABC019-._~\u{E9}\u{FC}\u{DF}\u{436}\u{434}\u{65E5}\u{672C}e\u{301}"))),
        ]
    }
}
