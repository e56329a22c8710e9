extension URLEncodedFormDecoder {
    /// Why the input itself could not be decoded: the `underlyingError` of the
    /// `DecodingError.dataCorrupted` that ``URLEncodedFormDecoder`` throws for it.
    ///
    /// A server answers the first with 413 (Content Too Large) and the rest with 400:
    ///
    /// ```swift
    /// catch let DecodingError.dataCorrupted(context) {
    ///     switch context.underlyingError as? URLEncodedFormDecoder.Error {
    ///     case .inputTooLong?: return 413
    ///     default: return 400
    ///     }
    /// }
    /// ```
    public enum Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        /// The input is longer than ``Limits/maximumInputLength``.
        case inputTooLong(limit: Int)
        /// The input has more `name=value` sequences than ``Limits/maximumParameterCount``.
        case tooManyParameters(limit: Int)
        /// A name has more segments than ``Limits/maximumDepth`` (in
        /// ``URLEncodedFormDecoder/parameters(from:)-(String)``, than
        /// ``Limits/maximumParametersDepth`` where that is lower); `key` is its base (the text
        /// before its first `[` or `.`), at most 64 characters of it.
        case tooDeep(key: String, limit: Int)
        /// A `%` not followed by two hexadecimal digits, at this byte offset of the input
        /// (under ``InvalidInputPolicy/throw``).
        case invalidPercentEscape(offset: Int)
        /// Bytes that are not UTF-8 once unescaped, starting at this byte offset of the input
        /// (under ``InvalidInputPolicy/throw``).
        case invalidUTF8(offset: Int)
        /// The key path names a value where an array or a hash is, or the other way round
        /// (`a=1&a[]=2`, `a[x]=1&a[]=2`), or two keys that Swift's `String` equality cannot tell
        /// apart (`é` spelled precomposed and decomposed) meet in one hash of
        /// ``URLEncodedFormDecoder/parameters(from:)-(String)``; the payload is the key, as sent.
        case conflictingKey(String)

        /// What went wrong, where, and how to raise the limit involved.
        public var description: String {
            switch self {
            case .inputTooLong(let limit):
                return "The form is longer than \(limit) bytes (Limits.maximumInputLength); raise the limit, or set it to nil, to accept it."
            case .tooManyParameters(let limit):
                return "The form has more than \(limit) name=value pairs (Limits.maximumParameterCount); raise the limit to accept it."
            case .tooDeep(let key, let limit) where limit == Limits.maximumParametersDepth:
                return "The name starting with \"\(key)\" has more than \(limit) key-path segments (Limits.maximumDepth, "
                    + "or Limits.maximumParametersDepth, the most parameters(from:) accepts at any limit: a deeper tree "
                    + "could overflow a thread's stack when freed); decode it into a type, with the limit raised, to accept it."
            case .tooDeep(let key, let limit):
                return "The name starting with \"\(key)\" has more than \(limit) key-path segments (Limits.maximumDepth); raise the limit to accept it."
            case .invalidPercentEscape(let offset):
                return "Invalid percent escape at byte \(offset): \"%\" must be followed by two hexadecimal digits (InvalidInputPolicy.whatwg keeps it as written)."
            case .invalidUTF8(let offset):
                return "Invalid UTF-8 at byte \(offset) once unescaped (InvalidInputPolicy.whatwg reads it as U+FFFD)."
            case .conflictingKey(let key):
                return "The key \"\(key)\" is sent in two shapes that cannot merge (a value and nested keys, or an array and a hash, as in a=1&a[]=2), or spelled in two ways that Swift's String equality finds equal."
            }
        }
    }
}
