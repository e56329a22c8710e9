import CCoreToCore

/// How long one cache line takes to go from one processor to another and back
/// (`cctc_round_trip_nanoseconds`: two threads, each held to one of the first two processors the
/// process may run on, take turns writing one atomic word).
///
/// Two threads sharing a coder share such lines — the Swift runtime's metadata caches count their
/// readers in one word, which every keyed container's lookup writes twice — and what each
/// transfer costs is the machine's: a virtual machine's two processors can be two cores of one
/// cache complex one minute and farther apart the next. The parallel throughput records it
/// before each round (`ParallelRound.coreToCoreNanoseconds`), so that a slow round can be told
/// from a slow coder.
enum CoreToCoreLatency {
    /// The mean round trip in nanoseconds over `roundTrips`, or `nil` where the process cannot
    /// hold a thread to each of two processors.
    static func measure(roundTrips: Int = 20_000) -> Double? {
        let nanoseconds = cctc_round_trip_nanoseconds(roundTrips)
        return nanoseconds >= 0 ? nanoseconds : nil
    }
}
