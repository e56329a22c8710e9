import Foundation

extension URLEncodedFormEncoder.KeyEncoding {
    /// The encoded form of a whole raw key path.
    func encode(_ key: String) -> String {
        switch self {
        case .useDefaultKeys: return key
        case .convertToSnakeCase: return Self.joinWords(of: key, separator: "_")
        case .convertToKebabCase: return Self.joinWords(of: key, separator: "-")
        case .capitalized: return key.prefix(1).uppercased() + key.dropFirst()
        case .uppercased: return key.uppercased()
        case .lowercased: return key.lowercased()
        case let .custom(encoding): return encoding(key)
        }
    }

    /// The camelCase words of `key`, lower-cased and joined: `myURLProperty` gives
    /// `my_url_property`.
    ///
    /// Words break before a capital that follows a lower-case letter, and before the last
    /// capital of a run of capitals that a lower-case letter follows. Letters are classified by
    /// `CharacterSet.uppercaseLetters` / `.lowercaseLetters` and positions stepped over by
    /// `Character`, as Alamofire's conversion does, so non-ASCII keys split identically.
    private static func joinWords(of key: String, separator: String) -> String {
        guard !key.isEmpty else { return key }
        var words: [Range<String.Index>] = []
        var wordStart = key.startIndex
        var searchStart = key.index(after: wordStart)
        while let capital = key.rangeOfCharacter(from: .uppercaseLetters, range: searchStart..<key.endIndex)?.lowerBound {
            words.append(wordStart..<capital)
            guard let lower = key.rangeOfCharacter(from: .lowercaseLetters, range: capital..<key.endIndex) else {
                // Capitals to the end: one last word.
                wordStart = capital
                break
            }
            if lower.lowerBound == key.index(after: capital) {
                wordStart = capital
            } else {
                // A run of capitals is a word up to the capital before the lower-case letter.
                // (Grapheme clusters can put that capital before `capital`; keep the range valid.)
                let boundary = max(capital, key.index(before: lower.lowerBound))
                words.append(capital..<boundary)
                wordStart = boundary
            }
            searchStart = lower.upperBound
        }
        words.append(wordStart..<key.endIndex)
        return words.map { key[$0].lowercased() }.joined(separator: separator)
    }
}
