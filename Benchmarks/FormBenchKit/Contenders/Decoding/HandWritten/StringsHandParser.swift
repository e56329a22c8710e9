/// Reads a `StringsPayload` straight from its form without Codable: `texts[i]`, in any order.
/// A name other than `texts[…]` is skipped, as a `Decodable` type skips keys it does not declare.
package enum StringsHandParser {
    /// The texts `form` holds; throws `HandFormError` when it is not a `StringsPayload`'s form.
    package static func parse(_ form: [UInt8]) throws -> StringsPayload {
        try HandFormReader.read(form) { reader in
            var texts = IndexedElements<String>()
            while let pair = reader.next() {
                try pair.name.withKeyPath { path in
                    guard path.base.is("texts") else { return }
                    let index = try path.segment().index()
                    try path.end()
                    texts.append(try pair.value.string(), at: index)
                }
            }
            return StringsPayload(texts: try texts.ordered("texts"))
        }
    }
}
