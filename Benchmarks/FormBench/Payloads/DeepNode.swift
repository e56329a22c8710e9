/// One level of a deep chain: `{ "t": text, "n": { next level } }`. A class, so that a chain
/// is a linked list rather than a value that copies its whole tail.
final class DeepNode: Encodable, Sendable {
    let text: String
    let next: DeepNode?

    /// One-letter keys: every pair repeats the whole path above it, so at a depth of hundreds
    /// the key length decides the output size.
    private enum CodingKeys: String, CodingKey {
        case text = "t"
        case next = "n"
    }

    init(text: String, next: DeepNode?) {
        self.text = text
        self.next = next
    }
}
