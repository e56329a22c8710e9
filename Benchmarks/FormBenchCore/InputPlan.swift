/// Whether a measurement reads one input over and over or a different one each time.
public enum InputMode: String, Codable, Equatable, Sendable, CustomStringConvertible {
    /// Each timed sample reads the next of K different inputs of the payload's shape and size,
    /// in turn: what a server meets, a form it has not seen. formbench's default.
    case distinct
    /// Every sample reads the same input (`--repeated-input`): the warm case, with the branch
    /// predictor and the caches trained on that one input, which flatters small inputs. Every
    /// results file from before the input mode was recorded measured this way.
    case repeated

    public var description: String { rawValue }
}

/// How many inputs a measurement of one payload size reads, and which one each timed sample
/// takes.
///
/// With distinct inputs, K is the number of inputs whose bytes (one input's form, times K)
/// reach ``targetBytes``, past the processor's L2 cache, so that an input has left the cache
/// before its turn comes again and the branch predictor cannot learn one; at least 2, and at
/// most ``maximumInputs``, the samples a measurement takes at most (more inputs would never be
/// read). Inputs are taken round robin, the same one by every contender in a round: the
/// warm-up reads input 0, round `r` input `(r + 1) mod K`.
public struct InputPlan: Equatable, Sendable {
    /// The least bytes K inputs total, whatever the cache: more than any L2 cache of today's
    /// servers (256 KiB to 2 MiB per core), and what is used where the L2 size cannot be read.
    public static let minimumTargetBytes = 4 << 20

    public let mode: InputMode
    /// The bytes K distinct inputs total at least: four times the L2 cache when it is known,
    /// and at least ``minimumTargetBytes``.
    public let targetBytes: Int
    /// The most inputs worth making: the most samples one measurement takes.
    public let maximumInputs: Int

    /// The plan of `mode` on a processor whose L2 cache holds `l2CacheBytes` (`nil`: unknown),
    /// for measurements of at most `maximumInputs` samples.
    public init(mode: InputMode, l2CacheBytes: Int?, maximumInputs: Int) {
        self.mode = mode
        targetBytes = max(Self.minimumTargetBytes, 4 * (l2CacheBytes ?? 0))
        self.maximumInputs = maximumInputs
    }

    /// K for inputs of `inputBytes` bytes each: 1 with repeated inputs; with distinct ones,
    /// enough to total ``targetBytes``, from 2 to ``maximumInputs``.
    public func count(inputBytes: Int) -> Int {
        guard mode == .distinct else { return 1 }
        let reaching = (targetBytes + max(inputBytes, 1) - 1) / max(inputBytes, 1)
        return max(2, min(reaching, maximumInputs))
    }

    /// The input round `round` (from 0) reads, of `count`: the one after the warm-up's (input
    /// 0), and so on in turn.
    public static func input(forRound round: Int, of count: Int) -> Int {
        (round + 1) % count
    }

    /// Whether round `round` is the first to read its input (the warm-up read input 0): the
    /// round whose result is checked.
    public static func readsNewInput(round: Int, of count: Int) -> Bool {
        round + 1 < count
    }
}
