/// Encodes per second of threads sharing one optimized encoder.
struct ParallelRecord: Codable, Sendable {
    let threads: Int
    let leaves: Int
    /// The different inputs each thread encoded in turn (1 when one input was repeated).
    let inputs: Int
    let encodes: Int
    let seconds: Double
    /// The CPU time all threads used meanwhile: divided by `seconds`, the processors the threads
    /// really had, which on a shared machine may be fewer than the threads.
    let cpuSeconds: Double
    /// What went wrong (an error, or an output that differs from a serial encode's), if anything.
    let failures: [String]

    var encodesPerSecond: Double {
        seconds > 0 ? Double(encodes) / seconds : 0
    }

    var coresUsed: Double {
        seconds > 0 ? cpuSeconds / seconds : 0
    }
}
