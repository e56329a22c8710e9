import FormBenchCore

/// Operations per second of threads sharing one coder: the optimized encoder encoding, or a
/// `URLEncodedFormDecoder` decoding, one payload at one size.
///
/// Results files from before the decoder rows hold encoder rows on the catalog only, without
/// `side` and `payload`, and count their operations as `encodes`; files from before the rounds
/// have no `rounds`.
struct ParallelRecord: Codable, Sendable {
    /// Whether the threads encoded (one optimized encoder) or decoded (one decoder).
    let side: ContenderSide
    let payload: PayloadKind
    let threads: Int
    let leaves: Int
    /// The different inputs each thread read in turn (1 when one input was repeated).
    let inputs: Int
    /// The encodes or decodes all threads finished, in all rounds.
    let operations: Int
    /// The wall time of all rounds.
    let seconds: Double
    /// The CPU time all threads used meanwhile: divided by `seconds`, the processors the threads
    /// really had, which on a shared machine may be fewer than the threads.
    let cpuSeconds: Double
    /// What went wrong (an error, or a first result that differs from a serial encode's or
    /// decode's), if anything.
    let failures: [String]
    /// Each round's measurement, in the order they ran, each taken in turn with the other
    /// thread counts' rounds of the group.
    let rounds: [ParallelRound]

    /// The record of `group` measured with `threads` threads in `rounds`.
    init(_ group: ParallelSuite.Group, threads: Int, inputs: Int, rounds: [ParallelRound]) {
        side = group.side
        payload = group.payload
        leaves = group.leaves
        self.threads = threads
        self.inputs = inputs
        self.rounds = rounds
        operations = rounds.reduce(0) { $0 + $1.operations }
        seconds = rounds.reduce(0) { $0 + $1.seconds }
        cpuSeconds = rounds.reduce(0) { $0 + $1.cpuSeconds }
        failures = rounds.flatMap(\.failures)
    }

    /// The side, payload and size this record shares with the other thread counts of its group.
    var group: ParallelSuite.Group {
        ParallelSuite.Group(side: side, payload: payload, leaves: leaves)
    }

    var operationsPerSecond: Double {
        seconds > 0 ? Double(operations) / seconds : 0
    }

    var coresUsed: Double {
        seconds > 0 ? cpuSeconds / seconds : 0
    }

    /// This record's operations a second over `single`'s (its group's 1-thread record), round by
    /// round (`RoundSpeedUp`).
    func roundSpeedUps(over single: ParallelRecord) -> [Double] {
        RoundSpeedUp.quotients(of: rounds.map { ($0.operations, $0.seconds) }, over: single.rounds.map { ($0.operations, $0.seconds) })
    }
}

/// One round of a parallel measurement: some threads sharing the coder for a while.
struct ParallelRound: Codable, Sendable {
    /// The encodes or decodes all threads finished.
    let operations: Int
    let seconds: Double
    /// The CPU time all threads used meanwhile.
    let cpuSeconds: Double
    /// A cache line's round trip between two processors, in nanoseconds, measured just before
    /// the round's thread counts ran (`CoreToCoreLatency`); `nil` where it cannot be measured.
    let coreToCoreNanoseconds: Double?
    /// What went wrong, if anything.
    let failures: [String]
}
