/// Measures the optimized encoder on the catalog payload with each option variant (and the same
/// records encoded as parameters), and relates each variant's time and allocations to the
/// defaults', so users can see what an option costs.
struct StrategySuite {
    let settings: RunSettings
    let filter: MeasurementFilter

    /// The measurement id `--filter` matches.
    static func id(variant: String) -> String {
        "strategies/\(OptimizedContender.name)/\(PayloadKind.catalog.rawValue)/\(variant)"
    }

    /// The selected variants, with the defaults first whenever any other is selected (they are
    /// what the others are relative to).
    private var selected: [OptionVariant] {
        let all = OptionVariant.all()
        let chosen = all.filter { filter.includes(Self.id(variant: $0.name)) }
        guard !chosen.isEmpty, let defaults = all.first else { return [] }
        return chosen.first?.name == OptionVariant.defaultsName ? chosen : [defaults] + chosen
    }

    /// The number of measurements this suite makes.
    var plannedSteps: Int {
        selected.count
    }

    func run(progress: ProgressReporter) -> [StrategyRecord] {
        let variants = selected
        guard !variants.isEmpty else { return [] }
        var payloads: [PayloadKind: Payload] = [:]
        let sampler = InterleavedSampler(plan: settings.sampling)
        var records: [StrategyRecord] = []
        for variant in variants {
            progress.step("strategies catalog N=\(settings.strategyLeaves): \(variant.name)")
            let payload = payloads[variant.payload] ?? Payload(kind: variant.payload, leaves: settings.strategyLeaves)
            payloads[variant.payload] = payload
            let record = StrategyRecord(variant: variant.name, leaves: settings.strategyLeaves,
                                        measured: sampler.measure([variant.contender], on: payload)[0])
            if let failure = record.failure { progress.note("failed: \(failure)") }
            records.append(record)
        }
        return records.map { $0.relative(to: records[0]) }
    }
}
