/// The floor without Codable: a serializer written by hand for the catalog payload, emitting
/// the same bytes as the encoders.
struct HandWrittenContender: Contender {
    static let name = "hand-written"

    func supports(_ kind: PayloadKind) -> Bool {
        kind == .catalog
    }

    func encode(_ payload: Payload) throws -> EncodedOutput {
        guard let catalog = payload.value as? CatalogPayload else { throw Unsupported(kind: payload.kind) }
        return .bytes(CatalogHandSerializer.serialize(catalog))
    }

    /// Thrown for a payload other than the catalog.
    struct Unsupported: Error, CustomStringConvertible {
        let kind: PayloadKind
        var description: String { "the hand-written serializer only knows the catalog payload, not \(kind.rawValue)" }
    }
}
