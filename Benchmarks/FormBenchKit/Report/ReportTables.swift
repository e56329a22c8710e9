import FormBenchCore

/// Builds the tables both reports show from a run's results.
enum ReportTables {
    /// Every table of `document`, in report order; sections the run did not measure are left out.
    static func all(for document: ResultsDocument) -> [Table] {
        let users = Set(document.userPayloads ?? [])
        let scaling = document.orderedPayloads.compactMap { name -> Table? in
            let records = document.scaling.filter { $0.payload.rawValue == name }
            guard !records.isEmpty else { return nil }
            var table = scalingTable(name, summary: document.payloads[name] ?? "", records: records)
            if users.contains(name) { table.footer = savings(records) }
            table.footer += limitRatios(records)
            return table
        }
        let checks = document.outputChecks.isEmpty ? [] : [outputCheckTable(document.outputChecks)]
        let builtInStrategies = document.strategies.filter { $0.payload == nil }
        let strategies = (builtInStrategies.isEmpty ? [] : [strategyTable(builtInStrategies)])
            + document.orderedPayloads.compactMap { name -> Table? in
                let records = document.strategies.filter { $0.payload == name }
                return records.isEmpty ? nil : userStrategyTable(name, records: records)
            }
        let requests = document.requests.isEmpty ? [] : [requestTable(document.requests)]
        let parallel = document.parallel.isEmpty ? [] : [parallelTable(document.parallel)]
        return scaling + checks + strategies + requests + parallel
    }

    private static func scalingTable(_ name: String, summary: String, records: [ScalingRecord]) -> Table {
        var table = Table(title: "\(name) — \(summary)",
                          columns: [.left("contender"), .right("N"), .right("inputs"), .right("median"), .right("min"), .right("max"),
                                    .right("CPU ÷ floor"), .right("MB/s"), .right("allocs/call"), .right("peak heap"),
                                    .right("growth")])
        for record in records {
            let leading = [record.contender, Format.grouped(record.leaves), record.inputs.map(Format.grouped) ?? ""]
            switch record.status {
            case .skipped:
                table.rows.append(.note(leading: leading, text: "skipped (\(record.note ?? "over budget"))"))
            case .failed:
                table.rows.append(.note(leading: leading, text: "FAILED: \(record.note ?? "unknown error")"))
            case .measured:
                let floor = record.side == .decoding ? DecodeFloorContender.name : WalkFloorContender.name
                let overFloor = record.contender == floor ? 1 : record.cpuTimeRatios?[floor]
                table.rows.append(.cells(leading + [
                    text(record.medianSeconds, Format.duration),
                    text(record.minimumSeconds, Format.duration),
                    text(record.maximumSeconds, Format.duration),
                    text(overFloor, Format.ratio),
                    text(record.throughputMBPerSecond) { Format.decimal($0, digits: 1) },
                    text(record.allocationsPerEncode, Format.count),
                    text(record.peakHeapBytes, Format.bytes),
                    record.growthExponent.map { Format.decimal($0, digits: 2) } ?? "–",
                ]))
            }
        }
        return table
    }

    private static func outputCheckTable(_ checks: [OutputCheck]) -> Table {
        var table = Table(title: "output checks — every output must equal the first contender's of its dialect",
                          columns: [.left("payload"), .right("N"), .left("compared"), .left("result")])
        for check in checks {
            table.rows.append(.cells([check.payload.rawValue, Format.grouped(check.leaves),
                                      check.groups.map { $0.joined(separator: " = ") }.joined(separator: "; "),
                                      check.passed ? "equal" : "MISMATCH (\(check.mismatches.count))"]))
        }
        return table
    }

    private static func strategyTable(_ records: [StrategyRecord]) -> Table {
        relativeTable(records, title: "option strategies — optimized encoder, catalog \(size(of: records)), relative to the defaults",
                             first: "option", base: "defaults")
    }

    /// A user's payload's option costs, with whether each wrote the defaults' bytes, and the
    /// recommendation the figures support.
    private static func userStrategyTable(_ payload: String, records: [StrategyRecord]) -> Table {
        var table = relativeTable(records, title: "option strategies — optimized encoder, \(payload) \(size(of: records)), relative to the defaults",
                                  first: "option", base: "defaults")
        table = Table(title: table.title, columns: table.columns + [.left("bytes")], rows: zip(table.rows, records).map { row, record in
            guard case let .cells(cells) = row else { return row }
            let bytes = record.sameBytesAsDefaults.map { $0 ? "= defaults" : "differ" } ?? "n/a"
            return .cells(cells + [record.variant == OptionVariant.defaultsName ? "" : bytes])
        })
        table.footer = recommendation(payload, records: records)
        return table
    }

    /// The time ratio below which an option counts as cheaper than the defaults: a quick run's
    /// medians of one payload repeat within a few percent.
    static let cheaperBelow = 0.95

    /// What the strategy table of a user's payload supports: the options cheaper than the
    /// defaults, what each saves and what it changes in the bytes. It chooses none: which bytes
    /// the server accepts is the user's to know.
    static func recommendation(_ payload: String, records: [StrategyRecord]) -> [String] {
        let cheaper = records.filter { record in
            record.variant != OptionVariant.defaultsName && record.failure == nil
                && ((record.timeRelativeToDefaults ?? 1) < cheaperBelow || (record.allocationsRelativeToDefaults ?? 1) < cheaperBelow)
        }.sorted { ($0.timeRelativeToDefaults ?? 1) < ($1.timeRelativeToDefaults ?? 1) }
        let percent = Format.decimal((1 - cheaperBelow) * 100, digits: 0)
        guard !cheaper.isEmpty else {
            return ["Recommendation for \(payload): no option costs more than \(percent)% less time or allocations than the defaults here; "
                    + "keep the defaults (Alamofire's bytes) unless your server needs another form."]
        }
        var lines = ["Recommendation for \(payload): cheaper than the defaults by more than \(percent)% (time, allocations ÷ defaults; what changes in the bytes):"]
        for record in cheaper {
            let time = record.timeRelativeToDefaults.map(Format.ratio) ?? "n/a"
            let allocations = record.allocationsRelativeToDefaults.map(Format.ratio) ?? "n/a"
            let bytes = record.sameBytesAsDefaults == true ? "the same bytes as the defaults"
                : (OptionVariant.byteChange(of: record.variant) ?? "other bytes")
            lines.append("  • \(record.variant): \(time) time, \(allocations) allocations — \(bytes)")
        }
        lines.append("Take one only if your server reads its bytes: formbench does not choose. Options within \(percent)% of the "
                     + "defaults, and those costing more, are left out.")
        return lines
    }

    /// The optimized encoder against Alamofire's algorithm (the reference) at each size, in
    /// words, under a user's payload's scaling table.
    private static func savings(_ records: [ScalingRecord]) -> [String] {
        records.filter { $0.key == OptimizedContender.key && $0.status == .measured }.compactMap { optimized in
            guard let reference = records.first(where: { $0.key == ReferenceContender.key && $0.leaves == optimized.leaves
                && $0.status == .measured }),
                let ratio = optimized.cpuTimeRatios?[ReferenceContender.name] else { return nil }
            let allocations = both(optimized.allocationsPerEncode, reference.allocationsPerEncode)
                .map { ", \(Format.count($1)) → \(Format.count($0)) allocations" } ?? ""
            return "N=\(Format.grouped(optimized.leaves)): optimized takes \(Format.ratio(ratio)) the CPU time of Alamofire's algorithm (reference)"
                + " (\(text(reference.medianSeconds, Format.duration)) → \(text(optimized.medianSeconds, Format.duration)) median\(allocations))"
        }
    }

    /// Each contender held to a limit (`Contender.limit`: the decoder, to decode-floor +
    /// hand-written), its CPU time divided by the limit's at each size, in words, under its
    /// payload's scaling table: `decoder ÷ (decode-floor + hand-written), CPU time: ×0.95 at
    /// N=100, ×1.02 at N=1,000`.
    private static func limitRatios(_ records: [ScalingRecord]) -> [String] {
        var lines: [(key: ContenderKey, limit: String, ratios: [String])] = []
        for record in records where record.status == .measured {
            guard let limit = record.limit, let ratio = record.cpuTimeRatios?[limit] else { continue }
            let figure = "\(Format.ratio(ratio)) at N=\(Format.grouped(record.leaves))"
            if let line = lines.firstIndex(where: { $0.key == record.key && $0.limit == limit }) {
                lines[line].ratios.append(figure)
            } else {
                lines.append((record.key, limit, [figure]))
            }
        }
        return lines.map { "\($0.key.name) ÷ (\($0.limit)), CPU time: \($0.ratios.joined(separator: ", "))" }
    }

    /// For each sample payload of the run, what its figures approximate, in run order.
    static func approximations(of document: ResultsDocument) -> [(String, [String])] {
        guard let approximations = document.approximations else { return [] }
        return document.orderedPayloads.compactMap { name in approximations[name].map { (name, $0) } }
    }

    private static func requestTable(_ records: [StrategyRecord]) -> Table {
        relativeTable(records, title: "request rounds — optimized, \(size(of: records)), relative to encoding the parameters alone",
                             first: "round", base: "alone")
    }

    /// `N=1,000 (90 distinct inputs)`: the size of the first of `records` (they share it) and
    /// the inputs it read.
    private static func size(of records: [StrategyRecord]) -> String {
        guard let first = records.first else { return "" }
        return "N=\(Format.grouped(first.leaves))" + (first.inputs.map { " (\(Format.inputs($0)))" } ?? "")
    }

    /// Records of ways of encoding, each with its time and allocations relative to its base's.
    private static func relativeTable(_ records: [StrategyRecord], title: String, first: String, base: String) -> Table {
        var table = Table(title: title,
                          columns: [.left(first), .right("median"), .right("÷ \(base)"), .right("allocs/encode"),
                                    .right("allocs ÷ \(base)"), .right("peak heap"), .right("output")])
        for record in records {
            if let failure = record.failure {
                table.rows.append(.note(leading: [record.variant], text: "FAILED: \(failure)"))
                continue
            }
            table.rows.append(.cells([
                record.variant,
                text(record.medianSeconds, Format.duration),
                text(record.timeRelativeToDefaults, Format.ratio),
                text(record.allocationsPerEncode, Format.count),
                text(record.allocationsRelativeToDefaults, Format.ratio),
                text(record.peakHeapBytes, Format.bytes),
                text(record.outputBytes.map(Double.init), Format.bytes),
            ]))
        }
        return table
    }

    /// One table of every parallel row, grouped by side, payload and size in the order they
    /// ran; each speed-up is over the 1-thread row of its group: the median of the rounds'
    /// quotients, each round's over the 1-thread round just before it, and their range (`n/a`
    /// where a round has nothing to compare, as when the workload could not be made).
    private static func parallelTable(_ records: [ParallelRecord]) -> Table {
        var table = Table(title: "parallel throughput — threads sharing one optimized encoder (encoding) or one decoder (decoding)",
                          columns: [.left("side"), .left("payload"), .right("N"), .right("inputs"), .right("threads"),
                                    .right("operations"), .right("ops/s"), .right("speed-up"), .right("rounds' speed-ups"),
                                    .right("core to core"), .right("cores used"), .left("result")])
        var groups: [ParallelSuite.Group] = []
        for record in records where !groups.contains(record.group) {
            groups.append(record.group)
        }
        for group in groups {
            let rows = records.filter { $0.group == group }
            let single = rows.first { $0.threads == 1 }
            for record in rows {
                let rounds = single.flatMap { SampleStatistics(record.roundSpeedUps(over: $0)) }
                table.rows.append(.cells([
                    group.side.rawValue, group.payload.rawValue, Format.grouped(group.leaves), Format.grouped(record.inputs),
                    "\(record.threads)", Format.grouped(record.operations),
                    Format.grouped(Int(record.operationsPerSecond.rounded())),
                    text(rounds?.median, Format.ratio),
                    record.threads == 1 ? "–" : rounds.map { "\(Format.ratio($0.minimum))–\(Format.ratio($0.maximum))" } ?? "n/a",
                    record.threads == 1 ? "–" : coreToCore(record),
                    Format.decimal(record.coresUsed, digits: 2),
                    record.failures.isEmpty ? "ok" : "FAILED: " + record.failures.joined(separator: "; "),
                ]))
            }
        }
        return table
    }

    /// The range of the rounds' core-to-core round trips (`ParallelRound.coreToCoreNanoseconds`),
    /// `n/a` where none was measured.
    private static func coreToCore(_ record: ParallelRecord) -> String {
        guard let latencies = SampleStatistics(record.rounds.compactMap(\.coreToCoreNanoseconds)) else { return "n/a" }
        return "\(Int(latencies.minimum.rounded()))–\(Int(latencies.maximum.rounded())) ns"
    }

    /// The formatted value, or `n/a` when there is none.
    private static func text(_ value: Double?, _ format: (Double) -> String) -> String {
        value.map(format) ?? "n/a"
    }
}

/// Both values, or `nil`.
private func both<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
}
