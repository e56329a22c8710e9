import FormBenchCore
/// The wide payload: one flat `[String: String]` with a key per leaf.
package enum WidePayload {
    /// A dictionary of `leaves` entries. Keys start with a letter so that none looks numeric
    /// (numeric keys would become array indices) and carry their index so that all differ. Each
    /// `variant` draws other keys and values: a dictionary's keys are its data.
    package static func make(leaves: Int, variant: Int) -> [String: String] {
        var random = SplitMix64(seed: 0x71DE, variant: variant)
        var entries: [String: String] = [:]
        entries.reserveCapacity(leaves)
        for index in 0..<leaves {
            let key = "k\(index) " + random.phrase(words: 1...2, from: WordPool.mixed)
            entries[key] = random.phrase(words: 1...4, from: WordPool.mixed)
        }
        return entries
    }

    /// `entries` as the decoders read them back: a key of the word pool may hold brackets,
    /// which a decoder reads as a key path (the README lists the ambiguity), so they are written
    /// as parentheses.
    package static func withoutBrackets(_ entries: [String: String]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: entries.map { key, value in
            (String(key.map { $0 == "[" ? "(" : $0 == "]" ? ")" : $0 }), value)
        })
    }
}
