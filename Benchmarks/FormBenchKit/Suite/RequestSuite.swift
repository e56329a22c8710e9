/// Measures what applying parameters to a `URLRequest` costs beyond encoding them: a request made,
/// the parameters encoded, and the query merged into its URL (`GET`) or the body and
/// `Content-Type` set (`POST`), for `[String: Any]` parameters through `URLEncoding` and for an
/// `Encodable` value through `URLEncodedFormParameterEncoder`; each related to encoding the same
/// parameters alone. A small size (one catalog record, 16 leaves) is the typical request, where
/// the round's own work weighs most.
struct RequestSuite {
    /// The run's payloads: the rounds run on the built-in catalog and parameters, when present.
    let sources: [PayloadSource]
    let settings: RunSettings
    let filter: MeasurementFilter

    /// One measured way of encoding, and the way it is related to.
    private struct Variant {
        let name: String
        let base: String
        let contender: any Contender
        let payload: PayloadKind
    }

    /// The measurement id `--filter` matches.
    static func id(_ name: String) -> String {
        "requests/\(OptimizedContender.name)/\(name)"
    }

    private static let variants: [Variant] = {
        let parameters = "[String: Any] alone, URLEncoding", encodable = "Encodable alone, URLEncodedFormEncoder"
        return [
            Variant(name: parameters, base: parameters, contender: OptimizedContender(), payload: .parameters),
            Variant(name: "URLEncoding, GET: query merged into the URL", base: parameters,
                    contender: URLRequestRoundContender(method: "GET"), payload: .parameters),
            Variant(name: "URLEncoding, POST: body and Content-Type", base: parameters,
                    contender: URLRequestRoundContender(method: "POST"), payload: .parameters),
            Variant(name: encodable, base: encodable, contender: OptimizedContender(), payload: .catalog),
            Variant(name: "URLEncodedFormParameterEncoder, GET: query merged into the URL", base: encodable,
                    contender: URLRequestRoundContender(method: "GET"), payload: .catalog),
            Variant(name: "URLEncodedFormParameterEncoder, POST: body and Content-Type", base: encodable,
                    contender: URLRequestRoundContender(method: "POST"), payload: .catalog),
        ]
    }()

    /// The selected variants, with the bases of the selected ones (what they are relative to).
    private var selected: [Variant] {
        let present = Self.variants.filter { variant in sources.contains { $0.kind == variant.payload && !$0.isUsers } }
        let chosen = Set(present.filter { filter.includes(Self.id($0.name)) }.map(\.base))
        return present.filter { chosen.contains($0.base) && ($0.name == $0.base || filter.includes(Self.id($0.name))) }
    }

    /// The number of measurements this suite makes.
    var plannedSteps: Int {
        selected.count
    }

    func run(progress: ProgressReporter) -> [StrategyRecord] {
        let sampler = InterleavedSampler(plan: settings.sampling, allocationCounting: settings.allocationCounting)
        var payloads: [PayloadKind: PayloadInputs] = [:]
        var records: [StrategyRecord] = []
        for variant in selected {
            progress.step("requests N=\(settings.requestLeaves): \(variant.name)")
            guard let source = sources.first(where: { $0.kind == variant.payload }) else { continue }
            let inputs = payloads[variant.payload] ?? PayloadInputs(source, size: settings.requestLeaves, plan: settings.inputs)
            payloads[variant.payload] = inputs
            let record = StrategyRecord(variant: variant.name, leaves: settings.requestLeaves, inputs: inputs.inputs.count,
                                        measured: sampler.measure([variant.contender], on: inputs)[0])
            if let failure = record.failure { progress.note("failed: \(failure)") }
            let base = records.first { $0.variant == variant.base } ?? record
            records.append(record.relative(to: base))
        }
        return records
    }
}
