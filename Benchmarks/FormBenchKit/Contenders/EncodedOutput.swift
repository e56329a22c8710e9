/// What one encode produced, in the contender's native form: converting it to bytes for the
/// output check happens after the clock stops.
enum EncodedOutput {
    /// Form bytes.
    case bytes([UInt8])
    /// Form text.
    case text(String)
    /// Nothing: the contender only walks the value.
    case nothing
    /// What a decoder read, kept until the clock stops (freeing it is not part of a decode),
    /// and its check: `verify` throws when the value is not the one written, and returns the
    /// bytes the output check compares (the value written again as a form), or `nil`.
    case decoded(any Sendable, verify: @Sendable (any Sendable) throws -> [UInt8]?)

    /// The form bytes, or `nil` when there are none; throws when a decoded value fails its check.
    func checkedBytes() throws -> [UInt8]? {
        switch self {
        case let .bytes(bytes): return bytes
        case let .text(text): return Array(text.utf8)
        case .nothing: return nil
        case let .decoded(value, verify): return try verify(value)
        }
    }
}
