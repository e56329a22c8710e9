/// The floor without Codable: a serializer written by hand for the catalog payload, emitting
/// the same bytes as the encoders.
struct HandWrittenContender: Contender {
    static let name = "hand-written"

    func supports(_ source: PayloadSource) -> Bool {
        source.kind == .catalog
    }

    func encode(_ payload: Payload) throws -> EncodedOutput {
        guard case let .encodable(value) = payload.value, let catalog = value as? CatalogPayload else {
            throw UnsupportedPayload(contender: Self.name, kind: payload.kind)
        }
        return .bytes(CatalogHandSerializer.serialize(catalog))
    }
}
