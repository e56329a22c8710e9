import URLEncodedForm

/// One input of a payload: the value to encode, and what the decoders read of it.
///
/// Payloads are deterministic: the same source, size and variant give the same value on every
/// run (but for the order in which `[String: Any]` dictionaries iterate: Swift lays each
/// dictionary out anew in every process, and both encodings of it write that order).
struct Payload: Sendable {
    /// The payload's name.
    let kind: PayloadKind
    /// The value the contenders encode.
    let value: PayloadValue
    /// What the decoding contenders read (the value written as a form and as JSON), made
    /// before any of them is timed, or why it could not be; `nil` where no decoder runs.
    private let decoding: Result<DecodingInput, any Error>?

    /// The input of `source` holding `value`, with its decoders' input when `forDecoders` is
    /// set (writing it takes time and memory the encoders do not need).
    init(_ source: PayloadSource, value: PayloadValue, forDecoders: Bool) {
        kind = source.kind
        self.value = value
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
