/// A single-value container: stores one value at its own path; a second one throws.
struct FormSingleValueContainer: SingleValueEncodingContainer {
    let session: EncodingSession
    let path: PathID
    /// Whether the value is stored lives in the session, shared by copies of the container.
    private let slot: Int

    init(session: EncodingSession, path: PathID) {
        self.session = session
        self.path = path
        self.slot = session.builder.pointee.newSingleValueSlot()
    }

    var codingPath: [any CodingKey] { session.codingPath(path) }

    func encodeNil() throws {
        try session.builder.pointee.claimSingleValue(slot, at: path, value: Optional<Any>.none as Any)
        guard let text = session.nilText() else { return }
        try session.builder.pointee.store(text, at: path)
    }

    private func store(_ primitive: some FormPrimitive) throws {
        let text = session.text(of: primitive)
        try session.builder.pointee.claimSingleValue(slot, at: path, value: primitive)
        try session.builder.pointee.store(text, at: path)
    }

    func encode(_ value: Bool) throws { try store(value) }
    func encode(_ value: String) throws { try store(value) }
    func encode(_ value: Double) throws { try store(value) }
    func encode(_ value: Float) throws { try store(value) }
    func encode(_ value: Int) throws { try store(value) }
    func encode(_ value: Int8) throws { try store(value) }
    func encode(_ value: Int16) throws { try store(value) }
    func encode(_ value: Int32) throws { try store(value) }
    func encode(_ value: Int64) throws { try store(value) }
    func encode(_ value: UInt) throws { try store(value) }
    func encode(_ value: UInt8) throws { try store(value) }
    func encode(_ value: UInt16) throws { try store(value) }
    func encode(_ value: UInt32) throws { try store(value) }
    func encode(_ value: UInt64) throws { try store(value) }

    func encode<T: Encodable>(_ value: T) throws {
        try session.encode(value, at: .path(path), claiming: slot)
    }
}
