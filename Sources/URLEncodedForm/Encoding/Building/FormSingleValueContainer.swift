/// A single-value container: stores one value at its own path; a second one throws.
struct FormSingleValueContainer: SingleValueEncodingContainer, PrimitiveStoring {
    let session: EncodingSession
    let path: PathID
    /// Whether the value is stored lives in the session, shared by copies of the container.
    private let slot: Int

    init(session: EncodingSession, path: PathID) {
        self.session = session
        self.path = path
        self.slot = session.builder.pointee.newSingleValueSlot()
    }

    var codingPath: [any CodingKey] { session.builder.pointee.codingPath(path) }

    /// A dropped `nil` returns at once, as in Alamofire: it neither claims the container nor
    /// throws when a value was stored. A written one is stored as its string would be.
    func encodeNil() throws {
        guard let string = session.options.encoding.nilEncoding.encoding() else { return }
        try store(string)
    }

    func store(_ primitive: some FormPrimitive) throws {
        let valueRange = session.appendValue(of: primitive)
        try session.builder.pointee.claimSingleValue(slot, at: path, value: primitive)
        try session.builder.pointee.store(valueRange, at: path)
    }

    func encode<T: Encodable>(_ value: T) throws {
        try session.encode(value, at: .path(path), claiming: slot)
    }
}
