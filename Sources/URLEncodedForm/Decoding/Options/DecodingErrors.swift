extension URLEncodedFormDecoder {
    /// Why the input itself could not be decoded: the `underlyingError` of the
    /// `DecodingError.dataCorrupted` that ``URLEncodedFormDecoder`` throws for it.
    ///
    /// A struct with a ``code``, not an enum, as Hummingbird's and swift-nio's errors are: a
    /// server answers by what it needs (the status from the code, the key or offset to report)
    /// without a `switch` over every case, and a new code in a later release breaks no caller.
    /// A server answers an input too long with 413 (Content Too Large) and the rest with 400:
    ///
    /// ```swift
    /// catch let DecodingError.dataCorrupted(context) {
    ///     guard let formError = context.underlyingError as? URLEncodedFormDecoder.Error else { return 400 }
    ///     return formError.code == .inputTooLong ? 413 : 400
    /// }
    /// ```
    public struct Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// What kind of error it is; compare it with the static codes (`code == .inputTooLong`).
        public struct Code: Sendable, Hashable, CustomStringConvertible {
            private enum Kind: Sendable, Hashable {
                case inputTooLong, tooManyParameters, tooDeep, invalidPercentEscape, invalidUTF8, conflictingKey
            }

            private let kind: Kind

            /// The input is longer than ``Limits/maximumInputLength``.
            public static let inputTooLong = Code(kind: .inputTooLong)
            /// The input has more `name=value` sequences than ``Limits/maximumParameterCount``.
            public static let tooManyParameters = Code(kind: .tooManyParameters)
            /// A name has more segments than ``Limits/maximumDepth`` (in
            /// ``URLEncodedFormDecoder/parameters(from:)-(String)``, than
            /// ``Limits/maximumParametersDepth`` where that is lower).
            public static let tooDeep = Code(kind: .tooDeep)
            /// A `%` not followed by two hexadecimal digits (under ``InvalidInputPolicy/throw``).
            public static let invalidPercentEscape = Code(kind: .invalidPercentEscape)
            /// Bytes that are not UTF-8 once unescaped (under ``InvalidInputPolicy/throw``).
            public static let invalidUTF8 = Code(kind: .invalidUTF8)
            /// The key path names a value where an array or a hash is, or the other way round
            /// (`a=1&a[]=2`, `a[x]=1&a[]=2`), or two keys that Swift's `String` equality cannot
            /// tell apart (`é` spelled precomposed and decomposed) meet in one hash of
            /// ``URLEncodedFormDecoder/parameters(from:)-(String)``.
            public static let conflictingKey = Code(kind: .conflictingKey)

            /// The code's name, as its static property spells it.
            public var description: String { "\(kind)" }
        }

        /// What kind of error it is.
        public let code: Code
        /// The limit that was passed, for ``Code/inputTooLong``, ``Code/tooManyParameters`` and
        /// ``Code/tooDeep``.
        public let limit: Int?
        /// The byte offset in the input where the error starts, for
        /// ``Code/invalidPercentEscape`` and ``Code/invalidUTF8``.
        public let offset: Int?
        /// The key involved: for ``Code/conflictingKey`` the key as sent, for ``Code/tooDeep``
        /// the name's base (the text before its first `[` or `.`), at most 64 characters of it.
        public let key: String?

        private init(code: Code, limit: Int? = nil, offset: Int? = nil, key: String? = nil) {
            (self.code, self.limit, self.offset, self.key) = (code, limit, offset, key)
        }

        /// The input is longer than `limit` bytes.
        public static func inputTooLong(limit: Int) -> Self { Self(code: .inputTooLong, limit: limit) }
        /// The input has more than `limit` pairs.
        public static func tooManyParameters(limit: Int) -> Self { Self(code: .tooManyParameters, limit: limit) }
        /// The name whose base is `key` has more than `limit` segments.
        public static func tooDeep(key: String, limit: Int) -> Self { Self(code: .tooDeep, limit: limit, key: key) }
        /// An invalid percent escape at `offset`.
        public static func invalidPercentEscape(offset: Int) -> Self { Self(code: .invalidPercentEscape, offset: offset) }
        /// Invalid UTF-8 from `offset` on.
        public static func invalidUTF8(offset: Int) -> Self { Self(code: .invalidUTF8, offset: offset) }
        /// `key` is sent in two shapes that cannot merge.
        public static func conflictingKey(_ key: String) -> Self { Self(code: .conflictingKey, key: key) }

        /// What went wrong, where, and how to raise the limit involved.
        public var description: String {
            let limit = limit ?? 0, offset = offset ?? 0, key = key ?? ""
            switch code {
            case .inputTooLong:
                return "The form is longer than \(limit) bytes (Limits.maximumInputLength); raise the limit, or set it to nil, to accept it."
            case .tooManyParameters:
                return "The form has more than \(limit) name=value pairs (Limits.maximumParameterCount); raise the limit to accept it."
            case .tooDeep where limit == Limits.maximumParametersDepth:
                return "The name starting with \"\(key)\" has more than \(limit) key-path segments (Limits.maximumDepth, "
                    + "or Limits.maximumParametersDepth, the most parameters(from:) accepts at any limit: a deeper tree "
                    + "could overflow a thread's stack when freed); decode it into a type, with the limit raised, to accept it."
            case .tooDeep:
                return "The name starting with \"\(key)\" has more than \(limit) key-path segments (Limits.maximumDepth); raise the limit to accept it."
            case .invalidPercentEscape:
                return "Invalid percent escape at byte \(offset): \"%\" must be followed by two hexadecimal digits (InvalidInputPolicy.whatwg keeps it as written)."
            case .invalidUTF8:
                return "Invalid UTF-8 at byte \(offset) once unescaped (InvalidInputPolicy.whatwg reads it as U+FFFD)."
            default:
                return "The key \"\(key)\" is sent in two shapes that cannot merge (a value and nested keys, or an array and a hash, as in a=1&a[]=2), or spelled in two ways that Swift's String equality finds equal."
            }
        }
    }
}
