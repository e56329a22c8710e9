import FormBenchCore

/// Picks the figures the regression gate judges out of a run's scaling records: for each
/// payload size the optimized encoder ran at, its allocations per encode, and its time divided
/// by the walk floor's in the same run; the same of the decoder against the decode floor and
/// `JSONDecoder`; and the allocations of `parameters(from:)`.
///
/// The ratio is the paired one (`ScalingRecord.cpuTimeRatios`): the median of ratios of samples
/// taken back to back, which a busy shared machine disturbs far less than it does absolute times.
/// The ratio to the reference is reported but not judged: the reference is slow and allocates
/// hundreds of thousands of times per encoding, so its time moves with the machine. In CI on a
/// busy host, the quick run's ratio to it on 1,000 strings doubled while the encoder's
/// instructions there had not changed; the ratio to the walk floor, in the same run, moved by 9%.
enum GateMetricsBuilder {
    /// A ratio to a contender sampled fewer times than this in the run is not judged: its median
    /// rests on too few back-to-back pairs to repeat.
    private static let minimumPairs = 10

    /// The judged contenders, each with the contenders its time is divided by and what one
    /// call of it does: the optimized encoder over the walk floor; the decoder over the decode
    /// floor and over `JSONDecoder` on the same value (the spec's targets are ratios to both);
    /// `parameters(from:)` by its allocations only (its time is the decoder's, less the typed
    /// reading, more the dictionaries: the decoder's ratios cover the shared code).
    private static let judged = [(OptimizedContender.name, [WalkFloorContender.name], "encode"),
                                 (DecoderContender.name, [DecodeFloorContender.name, JSONDecoderContender.name], "decode"),
                                 (ParametersDecodingContender.name, [], "decode")]

    static func metrics(from records: [ScalingRecord]) -> [GateMetric] {
        let samples = Dictionary(records.map { (Cell($0), $0.samples ?? 0) }, uniquingKeysWith: max)
        return judged.flatMap { contender, divisors, verb in
            records.filter { $0.status == .measured && $0.contender == contender }.flatMap { record in
                let cell = "\(record.payload.rawValue) N=\(record.leaves)"
                let allocations = record.allocationsPerEncode.map {
                    GateMetric(id: "\(cell): \(contender) allocations per \(verb)", kind: .allocations, value: $0)
                }
                let ratios = divisors.map { divisor in
                    samples[Cell(record, contender: divisor), default: 0] < minimumPairs ? nil
                        : record.cpuTimeRatios?[divisor].map {
                            GateMetric(id: "\(cell): \(contender) ÷ \(divisor) CPU time", kind: .timeRatio, value: $0)
                        }
                }
                return ([allocations] + ratios).compactMap { $0 }
            }
        }
    }
}

/// A contender on a payload of a size: where a scaling record was measured.
private struct Cell: Hashable {
    let contender: String
    let payload: PayloadKind
    let leaves: Int

    init(_ record: ScalingRecord, contender: String? = nil) {
        self.contender = contender ?? record.contender
        payload = record.payload
        leaves = record.leaves
    }
}
