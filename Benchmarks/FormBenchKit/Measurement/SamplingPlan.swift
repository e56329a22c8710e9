import FormBenchCore

/// How many times one measurement encodes: one warm-up encode, then samples until both the
/// minimum count and the target time are reached, or the maximum count is.
struct SamplingPlan: Sendable {
    /// The samples taken whatever the time.
    let minimumSamples: Int
    /// The cap for fast encodes.
    let maximumSamples: Int
    /// The time to spend sampling once the minimum is reached.
    let targetSeconds: Double

    /// The encodes a measurement costs at least, warm-up included: what budgets are projected on.
    var minimumEncodes: Int {
        minimumSamples + 1
    }
}
