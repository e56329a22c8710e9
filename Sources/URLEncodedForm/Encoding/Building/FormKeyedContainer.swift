/// A keyed container: stores each value under its key below the container's path. A key with
/// an `intValue` is an array index, as in Alamofire, unless the encoder writes such keys as text
/// (`IntegerKeyEncoding.keys`, which the builder applies: `TreeBuilder.step(of:)`).
struct FormKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let session: EncodingSession
    /// Where the tree builder keeps the container's path, which changes when the container is
    /// handed out again (`ContainerShelf`).
    let slot: Int

    private var path: PathID { session.builder.pointee.keyedPath(slot) }

    var codingPath: [any CodingKey] { session.builder.pointee.codingPath(path) }

    // Inlined: a generic call per key cost more than the body.
    @inline(__always)
    private func component(for key: Key) -> PathComponent {
        .key(session.builder.pointee.tree.keys.intern(key.stringValue), intValue: key.intValue)
    }

    private func childPath(_ key: Key) -> PathID {
        session.builder.pointee.path(path, appending: component(for: key))
    }

    // Inlined into each typed `encode`, so that the primitive's `appendText` is a direct
    // call: generic, it goes through a witness table at every leaf.
    @inline(__always)
    private func store(_ primitive: some FormPrimitive, forKey key: Key) throws {
        try session.builder.pointee.store(session.appendValue(of: primitive), at: component(for: key), in: path)
    }

    func encodeNil(forKey key: Key) throws {
        guard let valueRange = session.appendNilValue() else { return }
        try session.builder.pointee.store(valueRange, at: component(for: key), in: path)
    }

    func encode(_ value: Bool, forKey key: Key) throws { try store(value, forKey: key) }
    func encode(_ value: String, forKey key: Key) throws { try store(value, forKey: key) }
    func encode(_ value: Double, forKey key: Key) throws { try store(value, forKey: key) }
    func encode(_ value: Float, forKey key: Key) throws { try store(value, forKey: key) }
    func encode(_ value: Int, forKey key: Key) throws { try store(value, forKey: key) }
    func encode(_ value: Int8, forKey key: Key) throws { try store(value, forKey: key) }
    func encode(_ value: Int16, forKey key: Key) throws { try store(value, forKey: key) }
    func encode(_ value: Int32, forKey key: Key) throws { try store(value, forKey: key) }
    func encode(_ value: Int64, forKey key: Key) throws { try store(value, forKey: key) }
    func encode(_ value: UInt, forKey key: Key) throws { try store(value, forKey: key) }
    func encode(_ value: UInt8, forKey key: Key) throws { try store(value, forKey: key) }
    func encode(_ value: UInt16, forKey key: Key) throws { try store(value, forKey: key) }
    func encode(_ value: UInt32, forKey key: Key) throws { try store(value, forKey: key) }
    func encode(_ value: UInt64, forKey key: Key) throws { try store(value, forKey: key) }

    func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try session.encode(value, at: .child(of: path, component(for: key)), claiming: nil)
    }

    // Alamofire routes a missing optional to `encodeNil`, so `NilEncoding` applies to optional
    // properties too; the standard library's default would leave the key out.
    func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    func encodeIfPresent(_ value: String?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }

    // Inlined into each overload above: called, it ran unspecialized, and looked up the
    // metadata of `Optional<T>` for every optional property, even a `Double?`.
    @inline(__always)
    private func encodeOptional<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value {
            try encode(value, forKey: key)
        } else {
            try encodeNil(forKey: key)
        }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                               forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        session.keyedContainer(keyedBy: keyType, at: childPath(key))
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        FormUnkeyedContainer(session: session, path: childPath(key))
    }

    func superEncoder() -> any Encoder {
        FormValueEncoder(session: session, path: path)
    }

    func superEncoder(forKey key: Key) -> any Encoder {
        FormValueEncoder(session: session, path: childPath(key))
    }
}
