extension URLEncodedFormEncoder {
    /// How spaces are written, in keys and values alike.
    public enum SpaceEncoding: Sendable {
        /// `%20`.
        case percentEscaped
        /// `+`.
        case plusReplaced
    }
}
