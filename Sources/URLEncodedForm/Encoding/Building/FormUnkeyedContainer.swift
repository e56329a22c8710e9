/// An unkeyed container: stores each value at the next index below the container's path.
///
/// Its `count` lives in the session, so copies of the container share it, as they share
/// Alamofire's class-based container.
struct FormUnkeyedContainer: UnkeyedEncodingContainer, PrimitiveStoring {
    let session: EncodingSession
    let path: PathID
    private let slot: Int

    init(session: EncodingSession, path: PathID) {
        self.session = session
        self.path = path
        self.slot = session.builder.pointee.newUnkeyedSlot()
    }

    var codingPath: [any CodingKey] { session.builder.pointee.codingPath(path) }

    /// Every value stored, container vended and super encoder taken counts, even one whose
    /// encoding then throws.
    var count: Int { session.builder.pointee.unkeyedCount(slot) }

    /// The next index, counted.
    private func takeIndex() -> Int {
        session.builder.pointee.takeUnkeyedIndex(slot)
    }

    func store(_ primitive: some FormPrimitive) throws {
        let index = takeIndex()
        try session.builder.pointee.store(session.appendValue(of: primitive), at: .element(index), in: path)
    }

    func encodeNil() throws {
        // A dropped nil takes no index.
        guard let valueRange = session.appendNilValue() else { return }
        try session.builder.pointee.store(valueRange, at: .element(takeIndex()), in: path)
    }

    func encode<T: Encodable>(_ value: T) throws {
        try session.encode(value, at: .child(of: path, .element(takeIndex())), claiming: nil)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        session.keyedContainer(keyedBy: keyType, at: elementPath())
    }

    func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        FormUnkeyedContainer(session: session, path: elementPath())
    }

    /// An encoder at the container's own path, as in Alamofire; it still takes an index.
    func superEncoder() -> any Encoder {
        _ = takeIndex()
        return FormValueEncoder(session: session, path: path)
    }

    private func elementPath() -> PathID {
        let index = takeIndex()
        return session.builder.pointee.path(path, appending: .element(index))
    }
}
