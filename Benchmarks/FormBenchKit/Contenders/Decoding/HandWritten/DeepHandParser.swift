/// Reads a `DeepPayload` straight from its form without Codable. Each level of a chain is a
/// `DeepNode` whose text is `t` and whose next level is `n`, so the text `depth` levels down
/// chain `i` is sent as `chains[i]` followed by `depth` segments `[n]` and a `[t]`: the parser
/// counts the `[n]`s, files each text by its chain and depth, and builds each chain from the
/// bottom up once the form is read (a loop: no recursion, whatever the depth). A name the
/// shape does not have is skipped, as a `Decodable` type skips keys it does not declare.
package enum DeepHandParser {
    /// The chains `form` holds; throws `HandFormError` when it is not a `DeepPayload`'s form.
    package static func parse(_ form: [UInt8]) throws -> DeepPayload {
        try HandFormReader.read(form) { reader in
            // Each chain's texts, by depth.
            var chains = IndexedElements<IndexedElements<String>>()
            while let pair = reader.next() {
                try pair.name.withKeyPath { path in
                    guard path.base.is("chains") else { return }
                    let chain = try path.segment().index()
                    var depth = 0
                    while true {
                        let segment = try path.segment()
                        if segment.is("n") {
                            depth += 1
                        } else if segment.is("t") {
                            break
                        } else {
                            return
                        }
                    }
                    try path.end()
                    let text = try pair.value.string()
                    chains.update(at: chain, making: IndexedElements.init) { $0.append(text, at: depth) }
                }
            }
            return DeepPayload(chains: try chains.ordered("chains").map { levels in
                let texts = try levels.ordered("a chain's levels")
                // A chain the form names has at least one text.
                return texts.dropLast().reversed().reduce(DeepNode(text: texts[texts.count - 1], next: nil)) { below, text in
                    DeepNode(text: text, next: below)
                }
            })
        }
    }
}
