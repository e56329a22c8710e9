import Foundation

/// `KeyDecoding`'s conversions of a key sent in snake_case or kebab-case to the camelCase of
/// Swift's `CodingKey`s.
enum KeyConversion {
    /// As `JSONDecoder`'s `convertFromSnakeCase` converts (with `separator` for `_`): the words
    /// between separators joined, the first lower-cased and the others capitalized; a key
    /// without separators inside is kept as it is, and so are leading and trailing separators
    /// (`_id_` stays `_id_`, `__user_name` becomes `__userName`).
    static func camelCase(_ key: String, separator: Character) -> String {
        guard let first = key.firstIndex(where: { $0 != separator }) else { return key }
        var last = key.index(before: key.endIndex)
        while last > first && key[last] == separator { key.formIndex(before: &last) }
        let words = key[first...last].split(separator: separator)
        guard words.count > 1 else { return key }
        let joined = words[0].lowercased() + words.dropFirst().map { $0.capitalized }.joined()
        return String(key[..<first]) + joined + String(key[key.index(after: last)...])
    }
}
