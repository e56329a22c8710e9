import Foundation

// Small values shared by the behaviour tests. Expected outputs live in the tests, not here.

/// An `Encodable` whose `encode(to:)` is the given closure, for tests that drive the encoder's
/// containers by hand (reused keys, mixed container kinds, writes after a replacement, …).
struct HandEncoded: Encodable, Sendable {
    let body: @Sendable (any Encoder) throws -> Void

    init(_ body: @escaping @Sendable (any Encoder) throws -> Void) {
        self.body = body
    }

    func encode(to encoder: any Encoder) throws {
        try body(encoder)
    }
}

/// Lets tests spell string-only coding keys as literals: `container.encode("v", forKey: "k")`.
/// Int-valued keys are `VectorKey(intValue:)`.
extension VectorKey: ExpressibleByStringLiteral {
    init(stringLiteral value: String) {
        self.init(stringValue: value)
    }
}

extension VectorNode {
    /// A `String` leaf.
    static func text(_ value: String) -> VectorNode {
        .leaf(.string(value))
    }

    /// `depth` objects nested under the key `key`, with the string `leaf` innermost.
    static func nested(depth: Int, key: String, leaf: String) -> VectorNode {
        var node = VectorNode.text(leaf)
        for _ in 0..<depth {
            node = .object([(key, node)])
        }
        return node
    }
}

/// Alamofire's `EncodableStruct` test model: every kind of property at once.
struct EveryKindOfProperty: Encodable {
    let one = "one"
    let two = 2
    let three = true
    let four = [1, 2, 3]
    let five = ["a": "a"]
    let six = ["a": ["b": "b"]]
    let seven = ["a": "a"]
}

/// Alamofire's `OptionalEncodableStruct`, with `one` optional too: a present and an absent optional.
struct OptionalProperties: Encodable {
    let one: String? = "one"
    let two: String? = nil
}

/// A superclass whose synthesized `encode(to:)` a subclass calls into the same keyed container.
class EncodableSuperclass: Encodable {
    let one = "one"
    let two = 2
    let three = true
}

final class EncodableSubclass: EncodableSuperclass, @unchecked Sendable {
    let four = [1, 2, 3]
    let five = ["a": "a", "b": "b"]

    private enum CodingKeys: String, CodingKey {
        case four, five
    }

    override func encode(to encoder: any Encoder) throws {
        try super.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(four, forKey: .four)
        try container.encode(five, forKey: .five)
    }
}

/// Writes two values through one single-value container; the second must throw.
struct TwoValuesInOneContainer: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode("first")
        try container.encode("second")
    }
}

/// One link of a chain of objects, `{ "id": level, "next": { … } }`: the synthesized
/// `Encodable` recurses once per link, as any deeply nested value does.
final class ChainNode: Encodable, @unchecked Sendable {
    let id: Int
    private(set) var next: ChainNode?

    private init(id: Int, next: ChainNode?) {
        self.id = id
        self.next = next
    }

    /// A chain of `length` links, ids counting from 0 at the root.
    static func chain(length: Int) -> ChainNode {
        (0..<length).reversed().reduce(nil) { next, id in ChainNode(id: id, next: next) }!
    }

    /// The links are freed one by one: the default `deinit` would recurse once per link, and a
    /// chain long enough to test the depth limit would overflow the stack freeing it.
    deinit {
        var rest = next
        next = nil
        while var link = rest {
            rest = nil
            guard isKnownUniquelyReferenced(&link) else { break }
            rest = link.next
            link.next = nil
        }
    }

    private enum CodingKeys: String, CodingKey {
        case id, next
    }
}
