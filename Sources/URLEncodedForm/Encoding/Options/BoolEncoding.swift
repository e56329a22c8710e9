extension URLEncodedFormEncoder {
    /// How `Bool` values are written.
    public enum BoolEncoding: Sendable {
        /// `1` and `0`.
        case numeric
        /// `true` and `false`.
        case literal
    }
}
