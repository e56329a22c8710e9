/// One level of a deep chain: `{ "t": text, "n": { next level } }`. A class, so that a chain
/// is a linked list rather than a value that copies its whole tail.
final class DeepNode: Codable, Equatable, Sendable {
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

    /// Equal chains: compared level by level in a loop, so a chain hundreds of levels deep
    /// costs no stack.
    static func == (left: DeepNode, right: DeepNode) -> Bool {
        var (a, b): (DeepNode?, DeepNode?) = (left, right)
        while let x = a, let y = b {
            guard x.text == y.text else { return false }
            (a, b) = (x.next, y.next)
        }
        return a == nil && b == nil
    }
}
