import URLEncodedForm

/// The production encoder made anew for every encode, as code that builds one per request
/// does: beside `optimized` (one encoder reused), what not keeping an encoder costs.
struct FreshEncoderContender: Contender {
    static let name = "fresh-encoder"

    /// Of the suite's payloads the catalog only (the question is the same on every one of
    /// them), and the user's `Encodable` payloads: whether keeping an encoder matters to them.
    func supports(_ source: PayloadSource) -> Bool {
        source.kind == .catalog || (source.isUsers && !source.producesParameters)
    }

    func encode(_ payload: Payload) throws -> EncodedOutput {
        guard case let .encodable(value) = payload.value else { throw UnsupportedPayload(contender: Self.name, kind: payload.kind) }
        return .bytes(try URLEncodedFormEncoder().encode(value))
    }
}
