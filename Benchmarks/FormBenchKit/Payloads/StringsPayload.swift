import FormBenchCore
/// The strings payload: `texts[]` of strings that need heavy escaping.
package struct StringsPayload: Codable, Equatable, Sendable {
    /// How many words a text has.
    static let words = 4...24

    let texts: [String]

    /// The payload of `texts`: what the hand-written decoder builds (`StringsHandParser`).
    init(texts: [String]) {
        self.texts = texts
    }

    /// `leaves` texts with no plain-ASCII word; each `variant` draws other texts.
    package init(leaves: Int, variant: Int) {
        var random = SplitMix64(seed: 0x57A1_265, variant: variant)
        self.init(texts: (0..<leaves).map { _ in random.phrase(words: Self.words, from: WordPool.heavy) })
    }
}
