import URLEncodedForm

/// The production encoder made anew for every encode, as code that builds one per request
/// does: beside `optimized` (one encoder reused), what not keeping an encoder costs.
struct FreshEncoderContender: Contender {
    static let name = "fresh-encoder"

    /// The catalog only: the question is the same on every payload.
    func supports(_ kind: PayloadKind) -> Bool {
        kind == .catalog
    }

    func encode(_ payload: Payload) throws -> EncodedOutput {
        guard case let .encodable(value) = payload.value else { throw UnsupportedPayload(contender: Self.name, kind: payload.kind) }
        return .bytes(try URLEncodedFormEncoder().encode(value))
    }
}
