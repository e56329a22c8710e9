/// A hash read through a type's `CodingKey`s; unknown keys are ignored, as `JSONDecoder`
/// ignores them. Over a key that was not sent (`focus` absent) it is empty, as the encoder
/// writes nothing for an empty object and a browser nothing for an unchecked checkbox group.
struct FormKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    private let decoder: FormValueDecoder
    /// What the container reads, where it is never handed out again.
    private let ownPlace: FormValueDecoder.KeyedPlace
    /// Where the decoder keeps what a container that may be handed out again reads (it changes
    /// then: `ContainerShelf`); -1 for a container with a place of its own.
    private let slot: Int

    /// A container reading `place`. Made by `FormValueDecoder.keyedContainer(keyedBy:at:depth:)`,
    /// as the next one.
    init(decoder: FormValueDecoder, place: FormValueDecoder.KeyedPlace) {
        self.decoder = decoder
        ownPlace = place
        slot = -1
    }

    /// A container reading what `decoder` keeps at `slot`.
    init(decoder: FormValueDecoder, slot: Int) {
        self.decoder = decoder
        ownPlace = FormValueDecoder.KeyedPlace(node: .none, depth: 0)
        self.slot = slot
    }

    private var place: FormValueDecoder.KeyedPlace { slot < 0 ? ownPlace : decoder.keyedPlace(slot) }
    /// The hash, or none for an absent key.
    private var node: DecodedNodeID { place.node }
    /// How many keys of the decoder's path are this container's.
    private var depth: Int { place.depth }

    var codingPath: [any CodingKey] { Array(decoder.path.prefix(depth)) }

    var allKeys: [Key] {
        guard !node.isNone else { return [] }
        var keys: [Key] = []
        var child = decoder.nodes[node].firstChild
        while !child.isNone {
            let text = decoder.form.bytes.string(decoder.nodes[child].key)
            if let key = Key(stringValue: decoder.convertKey(text)) { keys.append(key) }
            child = decoder.nodes[child].next
        }
        return keys
    }

    private func focus(_ key: Key) -> FormValueDecoder.Focus {
        guard !node.isNone, let child = decoder.child(of: node, for: key) else { return .absent }
        return .node(child)
    }

    func contains(_ key: Key) -> Bool {
        !node.isNone && decoder.child(of: node, for: key) != nil
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        decoder.isNil(at: focus(key))
    }

    /// Inlined into each `decode(_:forKey:)`, where `T` is concrete, so that the call below is
    /// specialized.
    @inline(__always)
    private func leaf<T: LeafValue>(_ type: T.Type, _ key: Key) throws -> T {
        try leaf(type, key, at: focus(key))
    }

    /// `key`'s value, a leaf at `focus`. The call is generic over `T` alone, which each caller
    /// names (a call generic over `Key` too would run unspecialized: the standard library's box
    /// calls this container, never specialized). The key becomes an `any CodingKey` only for an
    /// error, inside the closure: boxed for every leaf, a key whose type is known only at run
    /// time took a call to box and another to destroy. (Deferred the same way inside
    /// `FormValueDecoder.decodeLeaf(_:at:depth:key:)`, through an `@autoclosure`, it saved
    /// nothing: Benchmarks/README.)
    @inline(__always)
    private func leaf<T: LeafValue>(_ type: T.Type, _ key: Key, at focus: FormValueDecoder.Focus) throws -> T {
        try decoder.leaf(type, at: focus) { Array(decoder.path.prefix(depth)) + [key] }
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try leaf(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try leaf(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try leaf(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try leaf(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try leaf(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try leaf(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try leaf(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try leaf(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try leaf(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try leaf(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try leaf(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try leaf(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try leaf(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try leaf(type, key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.decode(type, at: focus(key), depth: depth, key: key)
    }

    // MARK: Optionals

    // The protocol's own `decodeIfPresent` asks `contains`, then `decodeNil(forKey:)`, then
    // `decode(_:forKey:)`: three lookups of the key. These find it once and read the same.

    /// Where `key`'s value is, if it was sent and does not read as `nil`.
    private func presentFocus(_ key: Key) -> FormValueDecoder.Focus? {
        let focus = focus(key)
        guard case .node = focus, !decoder.isNil(at: focus) else { return nil }
        return focus
    }

    @inline(__always)
    private func leafIfPresent<T: LeafValue>(_ type: T.Type, _ key: Key) throws -> T? {
        guard let focus = presentFocus(key) else { return nil }
        return try leaf(type, key, at: focus)
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try leafIfPresent(type, key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try leafIfPresent(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try leafIfPresent(type, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try leafIfPresent(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try leafIfPresent(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try leafIfPresent(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try leafIfPresent(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try leafIfPresent(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try leafIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try leafIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try leafIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try leafIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try leafIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try leafIfPresent(type, key) }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let focus = presentFocus(key) else { return nil }
        return try decoder.decode(type, at: focus, depth: depth, key: key)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        decoder.push(key, depth: depth)
        return try decoder.keyedContainer(keyedBy: type, at: focus(key), depth: depth + 1)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        decoder.push(key, depth: depth)
        return try FormUnkeyedDecodingContainer(decoder: decoder, focus: focus(key), depth: depth + 1)
    }

    func superDecoder() throws -> any Decoder {
        decoder.superDecoder(at: node.isNone ? .absent : .node(node), depth: depth, key: FormCodingKey(stringValue: "super"))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder.superDecoder(at: focus(key), depth: depth, key: key)
    }
}
