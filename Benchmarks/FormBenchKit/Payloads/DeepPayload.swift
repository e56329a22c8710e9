import FormBenchCore
/// The deep payload: `chains[]` of `DeepNode` chains, each `depth` levels deep (the last one
/// shorter), with one leaf per level.
package struct DeepPayload: Codable, Equatable, Sendable {
    /// How many levels a chain nests: 254, so that the deepest leaf, below `chains` and the
    /// chain's index, is 256 keys deep, as deep as the encoders' default `maximumDepth` allows.
    static let depth = 254

    let chains: [DeepNode]

    /// The payload of `chains`: what the hand-written decoder builds (`DeepHandParser`).
    init(chains: [DeepNode]) {
        self.chains = chains
    }

    /// Chains holding `leaves` leaves in all; each `variant` draws other texts.
    package init(leaves: Int, variant: Int) {
        var random = SplitMix64(seed: 0xDEE9, variant: variant)
        let chains = stride(from: 0, to: leaves, by: Self.depth).map { start in
            let levels = min(Self.depth, leaves - start)
            // Built from the bottom up: each node holds the one below it.
            return (1..<levels).reduce(DeepNode(text: random.phrase(words: 1...3, from: WordPool.mixed), next: nil)) { below, _ in
                DeepNode(text: random.phrase(words: 1...3, from: WordPool.mixed), next: below)
            }
        }
        self.init(chains: chains)
    }
}
