import URLEncodedForm

/// One generated input: its shape, its size in leaves and the value to encode.
///
/// Payloads are deterministic: the same source and size give the same value on every run (but
/// for the order in which `[String: Any]` dictionaries iterate: Swift lays each dictionary out
/// anew in every process, and both encodings of it write that order).
struct Payload: Sendable {
    /// The payload's name.
    let kind: PayloadKind
    /// The number of leaves (key–value pairs of the output): the requested number for a
    /// generated payload (give or take one record), the pairs the default encoder writes for a
    /// sample.
    let leaves: Int
    /// The value the contenders encode.
    let value: PayloadValue
    /// What the decoding contenders read (the value written as a form and as JSON), made
    /// before any of them is timed, or why it could not be; `nil` where no decoder runs.
    private let decoding: Result<DecodingInput, any Error>?

    /// The payload of `source` at `size` (leaves, or copies of a sample), and its decoders'
    /// input when `forDecoders` is set (writing it takes time and memory the encoders do not
    /// need).
    init(_ source: PayloadSource, size: Int, forDecoders: Bool = false) {
        kind = source.kind
        let value = source.make(size)
        self.value = value
        leaves = source.sizesAreLeaves ? size : PayloadSource.pairCount(of: value)
        if forDecoders, let decodingInput = source.decodingInput {
            decoding = Result { try decodingInput(value) }
        } else {
            decoding = nil
        }
    }

    /// The decoders' input: what they read, inside the clock without any other work.
    func decodingInput() throws -> DecodingInput {
        guard let decoding else { throw UnsupportedPayload(contender: "the decoders", kind: kind) }
        return try decoding.get()
    }
}

/// What a payload holds: a value for the form encoders, or parameters for `URLEncoding`.
enum PayloadValue: Sendable {
    /// An `Encodable` value.
    case encodable(any Encodable & Sendable)
    /// A `[String: Any]` dictionary, for `URLEncoding`.
    case parameters(Parameters)
}
