extension URLEncodedFormEncoder {
    /// How a nested object's key is appended to the key of its parent.
    public struct KeyPathEncoding: Sendable {
        /// `parent[child]`.
        public static let brackets = KeyPathEncoding(style: .brackets)
        /// `parent.child`.
        public static let dots = KeyPathEncoding(style: .dots)

        enum Style: Sendable {
            case brackets
            case dots
            case custom(@Sendable (_ subkey: String) -> String)
        }

        let style: Style

        private init(style: Style) {
            self.style = style
        }

        /// Appends the closure's string for each nested key: `KeyPathEncoding { ":" + $0 }`
        /// gives `parent:child` (escaped, `parent%3Achild`).
        ///
        /// - Parameter encoding: returns what follows the parent's key for the nested key
        ///   `subkey`, unescaped; the whole key is escaped afterwards.
        public init(encoding: @escaping @Sendable (_ subkey: String) -> String) {
            self.style = .custom(encoding)
        }
    }
}
