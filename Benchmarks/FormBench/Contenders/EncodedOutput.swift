/// What one encode produced, in the contender's native form: converting it to bytes for the
/// output check happens after the clock stops.
enum EncodedOutput {
    /// Form bytes.
    case bytes([UInt8])
    /// Form text.
    case text(String)
    /// Nothing: the contender only walks the value.
    case nothing

    /// The form bytes, or `nil` when there are none.
    var bytes: [UInt8]? {
        switch self {
        case let .bytes(bytes): return bytes
        case let .text(text): return Array(text.utf8)
        case .nothing: return nil
        }
    }
}
