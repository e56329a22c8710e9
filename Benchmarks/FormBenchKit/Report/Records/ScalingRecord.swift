import FormBenchCore

/// One contender on one payload at one size: its figures, or why there are none.
struct ScalingRecord: Codable, Sendable {
    /// Whether the figures exist.
    enum Status: String, Codable, Sendable {
        case measured
        /// Not measured because the projected time exceeded the budget.
        case skipped
        /// The encoder threw.
        case failed
    }

    let payload: PayloadKind
    let leaves: Int
    let contender: String
    /// Whether the contender writes forms or reads them back: each side has a `hand-written`.
    let side: ContenderSide
    let status: Status
    /// Why the measurement was skipped or how it failed.
    var note: String?
    /// The time the budget check projected for the measurement (warm-up and minimum samples).
    var projectedSeconds: Double?
    /// The different inputs the samples read in turn (K; 1 when one input was repeated); absent
    /// where nothing was measured, and in files from before it was recorded (one input).
    var inputs: Int?
    var medianSeconds: Double?
    var minimumSeconds: Double?
    var maximumSeconds: Double?
    var samples: Int?
    /// The output size at this payload size (the same for every contender, the walk floor
    /// included, so that throughputs compare).
    var outputBytes: Int?
    /// Output megabytes (10⁶ bytes) per second of median time.
    var throughputMBPerSecond: Double?
    var allocationsPerEncode: Double?
    var peakHeapBytes: Double?
    /// `log(t/t′) / log(N/N′)` against this contender's previous measured size.
    var growthExponent: Double?
    /// This contender's CPU time divided by each other contender's of its side at the same
    /// size: the median of the ratios of samples taken back to back (see
    /// `CellMeasurement.pairedRatio(to:)`); and by its limit's, under the limit's name.
    var cpuTimeRatios: [String: Double]?
    /// The name of the contender's limit (`Contender.limit`: `decode-floor + hand-written`), the
    /// key of its ratio in `cpuTimeRatios`; absent for a contender without one.
    var limit: String?
    /// The process's peak resident memory after this measurement (it only grows).
    var processPeakResidentBytes: Int

    init(payload: PayloadKind, leaves: Int, contender: ContenderKey, status: Status) {
        self.payload = payload
        self.leaves = leaves
        self.contender = contender.name
        side = contender.side
        self.status = status
        processPeakResidentBytes = ResidentMemory.peakBytes()
    }

    /// The record of a measurement; `growth` is against the contender's previous size, `others`
    /// are the measurements of the other contenders of its side at this size, and `limit` names
    /// those whose summed CPU time its own is divided by (`Contender.limit`; the ratio is left
    /// out where one of them was not measured).
    init(_ measurement: CellMeasurement, of contender: ContenderKey, on payload: PayloadKind, leaves: Int,
         growth: GrowthExponent?, others: [(String, CellMeasurement)], limit: [String]) {
        self.init(payload: payload, leaves: leaves, contender: contender, status: .measured)
        medianSeconds = measurement.time.median
        minimumSeconds = measurement.time.minimum
        maximumSeconds = measurement.time.maximum
        samples = measurement.time.count
        allocationsPerEncode = measurement.allocations
        peakHeapBytes = measurement.peakHeapBytes
        growthExponent = growth?.value
        var ratios = Dictionary(others.compactMap { name, other in measurement.pairedRatio(to: other).map { (name, $0) } },
                                uniquingKeysWith: { first, _ in first })
        let parts = limit.compactMap { name in others.first { $0.0 == name }?.1 }
        if !limit.isEmpty, parts.count == limit.count, let ratio = measurement.pairedRatio(toSumOf: parts) {
            let name = limit.joined(separator: " + ")
            ratios[name] = ratio
            self.limit = name
        }
        cpuTimeRatios = ratios
    }

    /// The contender as records name it.
    var key: ContenderKey {
        ContenderKey(side: side, name: contender)
    }

    /// This record with the output size of its payload size, and the throughput it gives.
    func withOutputSize(_ bytes: Int?) -> ScalingRecord {
        var record = self
        record.outputBytes = bytes
        if let bytes, let median = medianSeconds, median > 0 {
            record.throughputMBPerSecond = Double(bytes) / median / 1e6
        }
        return record
    }
}
