/// What one encode produced, in the contender's native form: converting it to bytes for the
/// output check happens after the clock stops.
enum EncodedOutput {
    /// Form bytes.
    case bytes([UInt8])
    /// Form text.
    case text(String)
    /// Nothing: the contender only walks the value.
    case nothing
    /// A value a decoder read, and whether it equals the one written; its bytes are the value
    /// written again as a form, and `nil` when it differs (the output check then fails).
    case decoded(any Encodable & Sendable, check: (any Encodable & Sendable) -> Bool)

    /// The form bytes, or `nil` when there are none.
    var bytes: [UInt8]? {
        switch self {
        case let .bytes(bytes): return bytes
        case let .text(text): return Array(text.utf8)
        case .nothing: return nil
        case let .decoded(value, check):
            guard check(value) else { return Array("<differs from the value written>".utf8) }
            return try? DecodingInput.encoder.encode(value)
        }
    }
}
