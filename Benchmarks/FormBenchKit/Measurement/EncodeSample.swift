/// The measurements of one encode.
struct EncodeSample {
    /// Wall-clock time.
    let seconds: Double
    /// The thread's CPU time, which waiting for the processor does not inflate.
    let cpuSeconds: Double
    /// Heap allocations, or `nil` when they cannot be counted.
    let allocations: Int?
    /// The most heap in use at once above the level before the encode, or `nil` when it
    /// cannot be measured.
    let peakHeapBytes: Int?

    /// Encodes `payload` once with `contender`, measuring it (its allocations by `counting`),
    /// and returns the output too.
    static func take(_ contender: any Contender, _ payload: Payload,
                     counting: AllocationCounting) throws -> (EncodeSample, EncodedOutput) {
        let clock = ContinuousClock()
        let mark = counting.mark()
        // The CPU clock brackets the wall clock: its system call stays out of the wall time.
        let cpuStart = CPUClock.thread()
        let start = clock.now
        let output = try contender.encode(payload)
        let elapsed = start.duration(to: clock.now)
        let cpuElapsed = CPUClock.thread() - cpuStart
        let sample = EncodeSample(seconds: elapsed.seconds, cpuSeconds: cpuElapsed, allocations: mark.allocationsSince,
                                  peakHeapBytes: mark.peakBytesSince)
        return (sample, output)
    }
}
