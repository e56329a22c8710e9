/// Measures the optimized encoder on each payload that has a strategy table (the catalog; a
/// user's `Encodable` payloads) with each option variant (and the same data encoded as
/// parameters), and relates each variant's time and allocations to the defaults', so users can
/// see what an option costs.
struct StrategySuite {
    let sources: [PayloadSource]
    let settings: RunSettings
    let filter: MeasurementFilter

    /// The measurement id `--filter` matches.
    static func id(variant: String, payload: PayloadKind = .catalog) -> String {
        "strategies/\(OptimizedContender.name)/\(payload.rawValue)/\(variant)"
    }

    /// A payload's table: its variants and the size they are measured at.
    private struct Subject {
        let source: PayloadSource
        let size: Int
        let variants: [OptionVariant]
    }

    /// The payloads with a strategy table and their selected variants, the defaults first
    /// whenever any other is selected (they are what the others are relative to).
    private var subjects: [Subject] {
        sources.compactMap { source in
            guard let size = source.strategySize?(settings) else { return nil }
            let all = OptionVariant.all(on: source.kind, parameters: source.parametersCounterpart)
            let chosen = all.filter { filter.includes(Self.id(variant: $0.name, payload: source.kind)) }
            guard !chosen.isEmpty, let defaults = all.first else { return nil }
            return Subject(source: source, size: size,
                           variants: chosen.first?.name == OptionVariant.defaultsName ? chosen : [defaults] + chosen)
        }
    }

    /// The number of measurements this suite makes.
    var plannedSteps: Int {
        subjects.map(\.variants.count).reduce(0, +)
    }

    func run(progress: ProgressReporter) -> [StrategyRecord] {
        let sampler = InterleavedSampler(plan: settings.sampling, allocationCounting: settings.allocationCounting)
        var all: [StrategyRecord] = []
        for subject in subjects {
            var payloads: [PayloadKind: PayloadInputs] = [:]
            var records: [StrategyRecord] = []
            var defaultOutput: [UInt8]?
            for variant in subject.variants {
                guard let source = sources.first(where: { $0.kind == variant.payload }) else { continue }
                let inputs = payloads[variant.payload] ?? PayloadInputs(source, size: subject.size, plan: settings.inputs)
                payloads[variant.payload] = inputs
                progress.step("strategies \(subject.source.kind.rawValue) N=\(Format.grouped(inputs.leaves)): \(variant.name)")
                let outcome = sampler.measure([variant.contender], on: inputs)[0]
                var record = StrategyRecord(variant: variant.name, leaves: inputs.leaves, inputs: inputs.inputs.count, measured: outcome)
                if let failure = record.failure { progress.note("failed: \(failure)") }
                if subject.source.isUsers {
                    record.payload = subject.source.kind.rawValue
                    let output = try? outcome.get().output
                    if records.isEmpty { defaultOutput = output ?? nil }
                    record.sameBytesAsDefaults = output.flatMap { output in defaultOutput.map { output == $0 } }
                }
                records.append(record)
            }
            all += records.map { $0.relative(to: records[0]) }
        }
        return all
    }
}
