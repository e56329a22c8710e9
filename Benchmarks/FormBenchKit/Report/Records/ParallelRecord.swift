/// Operations per second of threads sharing one coder: the optimized encoder encoding, or a
/// `URLEncodedFormDecoder` decoding, one payload at one size.
///
/// Results files from before the decoder rows hold encoder rows on the catalog only, without
/// `side` and `payload`, and count their operations as `encodes`.
struct ParallelRecord: Codable, Sendable {
    /// Whether the threads encoded (one optimized encoder) or decoded (one decoder).
    let side: ContenderSide
    let payload: PayloadKind
    let threads: Int
    let leaves: Int
    /// The different inputs each thread read in turn (1 when one input was repeated).
    let inputs: Int
    /// The encodes or decodes all threads finished.
    let operations: Int
    let seconds: Double
    /// The CPU time all threads used meanwhile: divided by `seconds`, the processors the threads
    /// really had, which on a shared machine may be fewer than the threads.
    let cpuSeconds: Double
    /// What went wrong (an error, or a first result that differs from a serial encode's or
    /// decode's), if anything.
    let failures: [String]

    /// The record of `group` measured with `threads` threads.
    init(_ group: ParallelSuite.Group, threads: Int, inputs: Int, operations: Int, seconds: Double, cpuSeconds: Double,
         failures: [String]) {
        side = group.side
        payload = group.payload
        leaves = group.leaves
        self.threads = threads
        self.inputs = inputs
        self.operations = operations
        self.seconds = seconds
        self.cpuSeconds = cpuSeconds
        self.failures = failures
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
}
