/// One way of encoding measured against another: an option variant on the catalog payload
/// against the defaults (`StrategySuite`), or a request round against encoding its parameters
/// alone (`RequestSuite`).
struct StrategyRecord: Codable, Sendable {
    /// The variant's name, e.g. `arrayEncoding .indexInBrackets`.
    let variant: String
    let leaves: Int
    /// The different inputs the samples read in turn (1 when one input was repeated); absent
    /// in files from before it was recorded (one input).
    var inputs: Int?
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
    /// The payload of a user's strategy table (absent for the catalog's and the request rounds).
    var payload: String?
    /// Whether the variant wrote the defaults' bytes (a user's strategy table only).
    var sameBytesAsDefaults: Bool?

    init(variant: String, leaves: Int, inputs: Int) {
        self.variant = variant
        self.leaves = leaves
        self.inputs = inputs
    }

    /// The record of `variant` from its measurement on `inputs` inputs, or from the error that
    /// stopped it.
    init(variant: String, leaves: Int, inputs: Int, measured outcome: Result<CellMeasurement, any Error>) {
        self.init(variant: variant, leaves: leaves, inputs: inputs)
        switch outcome {
        case let .success(measurement):
            medianSeconds = measurement.time.median
            allocationsPerEncode = measurement.allocations
            peakHeapBytes = measurement.peakHeapBytes
            outputBytes = measurement.output?.count
        case let .failure(error):
            failure = "\(error)"
        }
    }

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
