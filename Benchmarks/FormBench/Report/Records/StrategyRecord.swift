/// One way of encoding measured against another: an option variant on the catalog payload
/// against the defaults (`StrategySuite`), or a request round against encoding its parameters
/// alone (`RequestSuite`).
struct StrategyRecord: Codable, Sendable {
    /// The variant's name, e.g. `arrayEncoding .indexInBrackets`.
    let variant: String
    let leaves: Int
    /// How it failed, when the encoder threw.
    var failure: String?
    var medianSeconds: Double?
    var allocationsPerEncode: Double?
    var peakHeapBytes: Double?
    var outputBytes: Int?
    /// Median time ÷ the base's median time (the defaults, or encoding alone).
    var timeRelativeToDefaults: Double?
    /// Allocations per encode ÷ the base's.
    var allocationsRelativeToDefaults: Double?

    /// This record with its time and allocations related to `base`'s.
    func relative(to base: StrategyRecord) -> StrategyRecord {
        var record = self
        if let time = medianSeconds, let baseTime = base.medianSeconds, baseTime > 0 {
            record.timeRelativeToDefaults = time / baseTime
        }
        if let allocations = allocationsPerEncode, let baseAllocations = base.allocationsPerEncode, baseAllocations > 0 {
            record.allocationsRelativeToDefaults = allocations / baseAllocations
        }
        return record
    }
}
