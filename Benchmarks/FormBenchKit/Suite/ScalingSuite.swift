import FormBenchCore

/// Measures every selected contender on every payload at every size, smallest first, skipping
/// a contender at the sizes where its projected time exceeds the budget, and checks that the
/// contenders that write output wrote the same bytes.
struct ScalingSuite {
    let contenders: [any Contender]
    let sources: [PayloadSource]
    let settings: RunSettings
    let filter: MeasurementFilter

    /// The records and output checks of a run.
    struct Results {
        var records: [ScalingRecord] = []
        var checks: [OutputCheck] = []
    }

    /// The measurement id `--filter` matches: `scaling/…` for the encoders, `decoding/…` for
    /// the decoding side.
    static func id(contender: any Contender, payload: PayloadKind) -> String {
        "\(contender.side == .decoding ? "decoding" : "scaling")/\(contender.name)/\(payload.rawValue)"
    }

    /// The number of progress steps: one per payload and size.
    var plannedSteps: Int {
        sources.filter { !selected(for: $0).isEmpty }.map { $0.sizes(settings).count }.reduce(0, +)
    }

    func run(progress: ProgressReporter) -> Results {
        var results = Results()
        for source in sources {
            let chosen = selected(for: source)
            guard !chosen.isEmpty else { continue }
            // Each contender's times so far on this payload, for growth and projections.
            var histories: [ContenderKey: [TimedSize]] = [:]
            for size in source.sizes(settings) {
                let (records, check) = measure(chosen, on: source, size: size, histories: &histories, progress: progress)
                results.records += records
                results.checks += check.map { [$0] } ?? []
            }
        }
        return results
    }

    /// Measures the `cells` again, each with its contenders, for the gate's second look at time
    /// ratios beyond its threshold; returns their records (output checks were made the first time).
    func remeasure(_ cells: [GateCell], progress: ProgressReporter) -> [ScalingRecord] {
        cells.flatMap { cell -> [ScalingRecord] in
            guard let source = sources.first(where: { $0.kind == cell.payload }),
                  let requested = source.sizes(settings).first(where: { leaves(of: source, size: $0) == cell.leaves })
            else { return [] }
            var histories: [ContenderKey: [TimedSize]] = [:]
            return measure(selected(for: source).filter { cell.contenders.contains($0.key) }, on: source,
                           size: requested, histories: &histories, progress: progress).0
        }
    }

    /// A payload size as records give it: leaves, or the pairs a sample's copies make.
    private func leaves(of source: PayloadSource, size requested: Int) -> Int {
        source.sizesAreLeaves ? requested : PayloadSource.formSize(of: source.make(requested, 0)).pairs
    }

    /// The contenders this run measures on `source`.
    private func selected(for source: PayloadSource) -> [any Contender] {
        contenders.filter { $0.supports(source) && filter.includes(Self.id(contender: $0, payload: source.kind)) }
    }

    /// Measures `contenders` on one payload size (leaves, or copies of a sample), interleaved,
    /// after leaving out those over budget; returns a record per contender (in the order given)
    /// and the output check.
    private func measure(_ contenders: [any Contender], on source: PayloadSource, size requested: Int,
                         histories: inout [ContenderKey: [TimedSize]], progress: ProgressReporter) -> ([ScalingRecord], OutputCheck?) {
        let kind = source.kind
        // A sample's size is the pairs its copies make, which the records, growth and budget use.
        let size = leaves(of: source, size: requested)
        func policy(for contender: any Contender) -> BudgetPolicy {
            let plan = contender is any DecodingContender ? settings.decodingSampling : settings.sampling
            return BudgetPolicy(budgetSeconds: settings.budgetSeconds, encodesPerMeasurement: plan.minimumEncodes)
        }
        progress.step("\(kind.rawValue) N=\(Format.grouped(size))\(source.sizesAreLeaves ? "" : " (×\(Format.grouped(requested)))")")
        var skipped: [ScalingRecord] = []
        var chosen: [(contender: any Contender, projected: Double?)] = []
        for contender in contenders {
            switch policy(for: contender).decision(for: size, after: histories[contender.key, default: []]) {
            case let .skip(projected):
                var record = ScalingRecord(payload: kind, leaves: size, contender: contender.key, status: .skipped)
                record.projectedSeconds = projected
                record.note = "projected \(Format.duration(projected)) > budget \(Format.duration(settings.budgetSeconds))"
                progress.note("\(contender.name) skipped: \(record.note ?? "")")
                skipped.append(record)
            case let .measure(projected):
                chosen.append((contender, projected))
            }
        }
        guard !chosen.isEmpty else { return (skipped, nil) }

        let inputs = PayloadInputs(source, size: requested, plan: settings.inputs,
                                   forDecoders: chosen.contains { $0.contender is any DecodingContender })
        let longest = chosen.compactMap(\.projected).max().map { ", ~\(Format.duration($0))" } ?? ""
        progress.note("sampling \(chosen.map(\.contender.name).joined(separator: ", ")) interleaved on "
            + "\(Format.inputs(inputs.inputs.count))\(longest)")
        let sampler = InterleavedSampler(plan: settings.sampling, decodingPlan: settings.decodingSampling,
                                         allocationCounting: settings.allocationCounting)
        let outcomes = sampler.measure(chosen.map(\.contender), on: inputs)
        let measurements = zip(chosen, outcomes).compactMap { choice, outcome in
            (try? outcome.get()).map { (contender: choice.contender, measurement: $0) }
        }
        var measured: [ScalingRecord] = []
        for (choice, outcome) in zip(chosen, outcomes) {
            let contender = choice.contender
            var record: ScalingRecord
            switch outcome {
            case let .success(measurement):
                let point = TimedSize(size: size, seconds: measurement.time.median)
                // Ratios within the side: a decoder's time divided by an encoder's means nothing.
                let others = measurements.filter { $0.contender.side == contender.side && $0.contender.name != contender.name }
                record = ScalingRecord(measurement, of: contender.key, on: kind, leaves: size,
                                       growth: histories[contender.key]?.last.flatMap { GrowthExponent(from: $0, to: point) },
                                       others: others.map { ($0.contender.name, $0.measurement) }, limit: contender.limit)
                histories[contender.key, default: []].append(point)
            case let .failure(error):
                record = ScalingRecord(payload: kind, leaves: size, contender: contender.key, status: .failed)
                record.note = "\(error)"
                progress.note("\(contender.name) FAILED: \(error)")
            }
            record.projectedSeconds = choice.projected
            record.inputs = inputs.inputs.count
            measured.append(record)
        }

        let outputs = measurements.compactMap { contender, measurement in
            measurement.output.map { (contender: contender.name, dialect: contender.dialect, bytes: $0) }
        }
        let check = outputs.count >= 2 ? OutputComparer.check(outputs, payload: kind, leaves: size) : nil
        check?.mismatches.forEach { progress.note("OUTPUT MISMATCH: \($0)") }
        let order = contenders.map(\.key)
        let dialects = Dictionary(uniqueKeysWithValues: contenders.map { ($0.key, $0.dialect) })
        let records = (skipped + measured)
            .sorted { (order.firstIndex(of: $0.key) ?? 0) < (order.firstIndex(of: $1.key) ?? 0) }
            .map { record in record.withOutputSize(outputs.first { $0.dialect == dialects[record.key] }?.bytes.count) }
        return (records, check)
    }
}
