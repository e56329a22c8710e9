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
    /// reading, more the dictionaries: the decoder's ratios cover the shared code). The
    /// decoder's ratio to its limit (decode-floor + hand-written) is reported, not judged: its
    /// divisor holds benchmark code, whose changes would move it with the decoder unchanged,
    /// and a slower decoder shows in its ratio to the floor.
    private static let judged = [(OptimizedContender.key, [WalkFloorContender.name], "encode"),
                                 (DecoderContender.key, [DecodeFloorContender.name, JSONDecoderContender.name], "decode"),
                                 (ParametersDecodingContender.key, [], "decode")]

    static func metrics(from records: [ScalingRecord]) -> [GateMetric] {
        let samples = sampleCounts(records)
        return judgedRecords(records).flatMap { metrics(of: $0.record, $0.divisors, $0.verb, samples: samples) }
    }

    /// The payload sizes to measure again so that the time ratios `ids` are measured again,
    /// each with every contender measured there in `records` (the same company as the first
    /// time: a contender's time depends on what ran before it).
    static func cells(measuring ids: Set<String>, in records: [ScalingRecord]) -> [GateCell] {
        let samples = sampleCounts(records)
        var cells: [GateCell] = []
        for judged in judgedRecords(records) {
            let record = judged.record
            let cell = GateCell(payload: record.payload, leaves: record.leaves, contenders: records
                .filter { $0.status == .measured && $0.payload == record.payload && $0.leaves == record.leaves }
                .map(\.key))
            let measured = metrics(of: record, judged.divisors, judged.verb, samples: samples)
            if !cells.contains(cell), measured.contains(where: { $0.kind == .timeRatio && ids.contains($0.id) }) {
                cells.append(cell)
            }
        }
        return cells
    }

    /// The measured records of the judged contenders, with what their time is divided by.
    private static func judgedRecords(_ records: [ScalingRecord]) -> [(record: ScalingRecord, divisors: [String], verb: String)] {
        judged.flatMap { contender, divisors, verb in
            records.filter { $0.status == .measured && $0.key == contender }.map { ($0, divisors, verb) }
        }
    }

    private static func sampleCounts(_ records: [ScalingRecord]) -> [Cell: Int] {
        Dictionary(records.map { (Cell($0), $0.samples ?? 0) }, uniquingKeysWith: max)
    }

    /// The metrics of one judged record: its allocations, and its time ratios to `divisors`.
    private static func metrics(of record: ScalingRecord, _ divisors: [String], _ verb: String,
                                samples: [Cell: Int]) -> [GateMetric] {
        let contender = record.contender
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

/// A payload size the gate measures again, and the contenders it measures there.
struct GateCell: Equatable {
    let payload: PayloadKind
    let leaves: Int
    let contenders: [ContenderKey]
}

/// A contender on a payload of a size: where a scaling record was measured.
private struct Cell: Hashable {
    let contender: ContenderKey
    let payload: PayloadKind
    let leaves: Int

    /// The cell of `record`, or of the contender of its side named `contender` at its size.
    init(_ record: ScalingRecord, contender: String? = nil) {
        self.contender = ContenderKey(side: record.side, name: contender ?? record.contender)
        payload = record.payload
        leaves = record.leaves
    }
}
