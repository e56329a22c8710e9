extension URLEncodedFormEncoder {
    /// How `nil` values are written (in keyed, unkeyed and single-value containers alike).
    public struct NilEncoding: Sendable {
        /// The pair is left out.
        public static let dropKey = NilEncoding(encoding: { nil })
        /// The key is kept with an empty value: `key=`.
        public static let dropValue = NilEncoding(encoding: { "" })
        /// The value is `null`: `key=null`.
        public static let null = NilEncoding(encoding: { "null" })

        let encoding: @Sendable () -> String?

        /// Writes the closure's string for `nil`, or leaves the pair out when it returns `nil`.
        ///
        /// - Parameter encoding: returns the text of a `nil` value, unescaped, or `nil` to leave
        ///   the pair out as ``dropKey`` does.
        public init(encoding: @escaping @Sendable () -> String?) {
            self.encoding = encoding
        }
    }
}
