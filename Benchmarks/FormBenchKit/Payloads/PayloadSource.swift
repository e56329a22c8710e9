import URLEncodedForm

/// A payload as the suite knows it: its name, what it is, how a value of it is made at a size
/// (and other values of that shape and size, its variants), and what the suite runs on it. The built-in payloads, the types a user registers
/// (``FormBenchSuite``) and the samples of `--payload` are all sources.
struct PayloadSource: Sendable {
    /// Where a payload comes from, which decides what its sizes mean and what its report says.
    enum Origin: Sendable, Equatable {
        /// One of the suite's own generated payloads.
        case builtIn
        /// A value a user registered: a real type, or a generator of one.
        case registered
        /// A sample file read by `--payload` (JSON or a form), turned into a value model.
        case sample(file: String)
    }

    let kind: PayloadKind
    /// One line describing the payload, for reports.
    let summary: String
    var origin: Origin
    /// Whether the run's sizes are leaves (a generated payload); otherwise they are copies of a
    /// sample (`--replicate`), and the leaves are the pairs the default encoder writes.
    let sizesAreLeaves: Bool
    /// Whether its values are `[String: Any]` parameters (for `URLEncoding`) rather than
    /// `Encodable` values.
    let producesParameters: Bool
    /// The one size of a payload that has no other, or `nil`.
    var fixedSize: Int?
    /// The value at a size (leaves, or copies of a sample) of a variant: variant 0 is the
    /// payload as it is described; the others, where `hasVariants`, are other values of its
    /// shape and size.
    let make: @Sendable (_ size: Int, _ variant: Int) -> PayloadValue
    /// Whether `make` gives a different value for each variant; otherwise it has one value per
    /// size, and every measurement reads that one over and over.
    let hasVariants: Bool
    /// What the decoders read back from a value of this payload; `nil` where no decoder runs.
    var decodingInput: (@Sendable (PayloadValue) throws -> DecodingInput)?
    /// The size the option strategies are measured at, or `nil` when the strategy table does
    /// not cover this payload.
    var strategySize: (@Sendable (RunSettings) -> Int)?
    /// The payload holding the same data as `[String: Any]`, which the strategy table ends with.
    var parametersCounterpart: PayloadKind?
    /// What the figures of this payload approximate, for the report (samples only).
    var approximations: [String] = []

    /// Whether decoders read it back.
    var isDecodable: Bool {
        decodingInput != nil
    }

    /// Whether it is the user's (registered or a sample), not the suite's own.
    var isUsers: Bool {
        origin != .builtIn
    }

    /// The sizes this run measures the payload at.
    func sizes(_ settings: RunSettings) -> [Int] {
        fixedSize.map { [$0] } ?? (sizesAreLeaves ? settings.sizes : settings.copies)
    }

    /// The pairs `value` makes under the default options (the number of `&`-separated parts of
    /// its form) and the form's bytes; 0 and 0 when it cannot be encoded (the contenders
    /// report why).
    static func formSize(of value: PayloadValue) -> (pairs: Int, bytes: Int) {
        let bytes: [UInt8]?
        switch value {
        case let .encodable(encodable): bytes = try? URLEncodedFormEncoder().encode(encodable)
        case let .parameters(parameters): bytes = try? URLEncoding.default.encode(parameters)
        }
        guard let bytes, !bytes.isEmpty else { return (0, 0) }
        return (bytes.reduce(1) { $0 + ($1 == UInt8(ascii: "&") ? 1 : 0) }, bytes.count)
    }
}
