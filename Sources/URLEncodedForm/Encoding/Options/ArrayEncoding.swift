extension URLEncodedFormEncoder {
    /// How the key of each array element is formed from its array's key.
    public enum ArrayEncoding: Sendable {
        /// Empty brackets are appended: `key[]=1&key[]=2`.
        case brackets
        /// The array's key is repeated as it is: `key=1&key=2`.
        case noBrackets
        /// The element's position is appended in brackets: `key[0]=1&key[1]=2`.
        case indexInBrackets
        /// The closure receives the (unescaped) key so far and the element's position and
        /// returns the element's whole key.
        case custom(@Sendable (_ key: String, _ index: Int) -> String)
    }
}
