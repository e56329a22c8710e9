extension URLEncodedFormDecoder {
    /// The bounds a decoding checks before it builds anything from its input. Exceeding one
    /// fails the decoding with the matching ``URLEncodedFormDecoder/Error``: nothing is ever
    /// truncated or returned in part.
    public struct Limits: Sendable, Equatable {
        /// The most segments one name may have: each `[` (and, with
        /// ``URLEncodedFormDecoder/KeyPathDecoding/dots``, each `.`) opens one. Default 64.
        /// Exceeding it throws ``URLEncodedFormDecoder/Error/tooDeep(key:limit:)``.
        /// ``URLEncodedFormDecoder/parameters(from:)-(String)`` accepts at most
        /// ``maximumParametersDepth``, whatever this says.
        public var maximumDepth: Int
        /// The most `name=value` sequences (between `&`s; bare names and empty values count,
        /// empty sequences do not). Default 10,000. Exceeding it throws
        /// ``URLEncodedFormDecoder/Error/tooManyParameters(limit:)``.
        public var maximumParameterCount: Int
        /// The most bytes of input, or `nil` for no limit. Default 4 MiB (4,194,304 bytes).
        /// Exceeding it throws ``URLEncodedFormDecoder/Error/inputTooLong(limit:)``.
        public var maximumInputLength: Int?

        /// Limits with the given bounds; each defaults to that of ``default``.
        ///
        /// - Parameters:
        ///   - maximumDepth: the most segments in one name, at least 0.
        ///   - maximumParameterCount: the most `name=value` sequences, at least 0.
        ///   - maximumInputLength: the most bytes of input, at least 0, or `nil` for none.
        public init(maximumDepth: Int = 64, maximumParameterCount: Int = 10_000,
                    maximumInputLength: Int? = 4 * 1024 * 1024) {
            precondition(maximumDepth >= 0 && maximumParameterCount >= 0 && (maximumInputLength ?? 0) >= 0,
                         "URLEncodedFormDecoder.Limits: a limit is at least 0")
            self.maximumDepth = maximumDepth
            self.maximumParameterCount = maximumParameterCount
            self.maximumInputLength = maximumInputLength
        }

        /// Depth 64, 10,000 parameters, 4 MiB of input.
        public static let `default` = Limits()

        /// The most segments a key path may have in
        /// ``URLEncodedFormDecoder/parameters(from:)-(String)``, whatever ``maximumDepth`` says:
        /// 1,000 (a name that makes no path, such as `a[[[`, is one key, and only
        /// ``maximumDepth`` bounds it). That tree is Swift's dictionaries and arrays, which Swift frees recursively,
        /// a stack frame a level: one about 3,200 levels deep overflows a 512 KiB thread's stack
        /// when it is let go (Swift 6.3, x86_64). At 1,000 levels the release takes under a third
        /// of such a stack. Typed decoding has no such cap: its tree is freed in a loop.
        public static let maximumParametersDepth = 1_000
    }
}
