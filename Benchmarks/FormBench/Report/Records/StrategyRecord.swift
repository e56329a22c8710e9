/// The optimized encoder with one option variant on the catalog payload, against the defaults.
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
    /// Median time ÷ the defaults' median time.
    var timeRelativeToDefaults: Double?
    /// Allocations per encode ÷ the defaults'.
    var allocationsRelativeToDefaults: Double?

    /// This record with its time and allocations related to `defaults`'.
    func relative(to defaults: StrategyRecord) -> StrategyRecord {
        var record = self
        if let time = medianSeconds, let base = defaults.medianSeconds, base > 0 {
            record.timeRelativeToDefaults = time / base
        }
        if let allocations = allocationsPerEncode, let base = defaults.allocationsPerEncode, base > 0 {
            record.allocationsRelativeToDefaults = allocations / base
        }
        return record
    }
}
