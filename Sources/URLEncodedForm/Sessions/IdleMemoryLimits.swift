/// How much memory the encoder, `URLEncoding`'s writer and the decoder keep between calls: one
/// set of bounds for all three, so that what the docs promise (64 MB, four spares of 1 MB) is
/// written once.
enum IdleMemoryLimits {
    /// An idle session holding more than this is kept only while the calls it serves need a good
    /// part of it: large memory is kept while large calls recur, and let go after the first
    /// smaller one.
    static let largeSession = 64 << 20

    /// At most this many spare sets of memory wait for the whole process, for encoders (or
    /// decoders) made per request: enough for a few threads making them.
    static let spareCount = 4
    /// Spare memory holding more than this is freed rather than kept: an encoder or decoder
    /// keeps large memory itself, for as long as it lives.
    static let spareCapacity = 1 << 20

    /// Whether an idle session holding `capacityInBytes` is kept, `fitsLastUse` saying whether
    /// the call that just ended needed a good part of it.
    static func keepsIdle(capacityInBytes: Int, fitsLastUse: Bool) -> Bool {
        capacityInBytes <= largeSession || fitsLastUse
    }
}
