import URLEncodedForm

/// One generated input: its shape, its size in leaves and the value to encode.
///
/// Payloads are deterministic: the same kind and size give the same value on every run (but for
/// the order in which the parameters payload's dictionaries iterate: Swift lays each dictionary
/// out anew in every process, and both encodings of it write that order).
struct Payload: Sendable {
    /// The shape.
    let kind: PayloadKind
    /// The requested number of leaves (key–value pairs of the output, give or take one record).
    let leaves: Int
    /// The value the contenders encode.
    let value: PayloadValue
    /// What the decoding contenders read (the value written as a form and as JSON), made
    /// before any of them is timed, or why it could not be; `nil` where no decoder runs.
    private let decoding: Result<DecodingInput, any Error>?

    /// Generates the payload of `kind` with about `leaves` leaves, and its decoders' input
    /// when `forDecoders` is set (writing it takes time and memory the encoders do not need).
    init(kind: PayloadKind, leaves: Int, forDecoders: Bool = false) {
        self.kind = kind
        self.leaves = leaves
        switch kind {
        case .catalog: value = .encodable(CatalogPayload(leaves: leaves))
        case .wide: value = .encodable(WidePayload.make(leaves: leaves))
        case .deep: value = .encodable(DeepPayload(leaves: leaves))
        case .strings: value = .encodable(StringsPayload(leaves: leaves))
        case .parameters: value = .parameters(ParametersPayload.make(leaves: leaves))
        case .webhook: value = .encodable(WebhookPayload.sample)
        }
        let value = value
        decoding = forDecoders && kind.isDecodable ? Result { try DecodingInput(of: value, kind: kind) } : nil
    }

    /// The decoders' input: what they read, inside the clock without any other work.
    func decodingInput() throws -> DecodingInput {
        guard let decoding else { throw UnsupportedPayload(contender: "the decoders", kind: kind) }
        return try decoding.get()
    }
}

/// What a payload holds: a value for the form encoders, or parameters for `URLEncoding`.
enum PayloadValue: Sendable {
    /// An `Encodable` value: every payload but `parameters`.
    case encodable(any Encodable & Sendable)
    /// A `[String: Any]` dictionary: the `parameters` payload.
    case parameters(Parameters)
}
