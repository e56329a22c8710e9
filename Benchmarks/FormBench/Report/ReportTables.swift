/// Builds the tables both reports show from a run's results.
enum ReportTables {
    /// Every table of `document`, in report order; sections the run did not measure are left out.
    static func all(for document: ResultsDocument) -> [Table] {
        let scaling = PayloadKind.allCases.compactMap { kind -> Table? in
            let records = document.scaling.filter { $0.payload == kind }
            return records.isEmpty ? nil : scalingTable(kind, records: records)
        }
        let checks = document.outputChecks.isEmpty ? [] : [outputCheckTable(document.outputChecks)]
        let strategies = document.strategies.isEmpty ? [] : [strategyTable(document.strategies)]
        let requests = document.requests.isEmpty ? [] : [requestTable(document.requests)]
        let parallel = document.parallel.isEmpty ? [] : [parallelTable(document.parallel)]
        return scaling + checks + strategies + requests + parallel
    }

    private static func scalingTable(_ kind: PayloadKind, records: [ScalingRecord]) -> Table {
        var table = Table(title: "\(kind.rawValue) — \(kind.summary)",
                          columns: [.left("contender"), .right("N"), .right("median"), .right("min"), .right("max"),
                                    .right("CPU ÷ floor"), .right("MB/s"), .right("allocs/call"), .right("peak heap"),
                                    .right("growth")])
        for record in records {
            let leading = [record.contender, Format.grouped(record.leaves)]
            switch record.status {
            case .skipped:
                table.rows.append(.note(leading: leading, text: "skipped (\(record.note ?? "over budget"))"))
            case .failed:
                table.rows.append(.note(leading: leading, text: "FAILED: \(record.note ?? "unknown error")"))
            case .measured:
                let floor = DecodingSide.contenders.contains(record.contender) ? DecodeFloorContender.name : WalkFloorContender.name
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
        let leaves = records.first.map { Format.grouped($0.leaves) } ?? ""
        return relativeTable(records, title: "option strategies — optimized encoder, catalog N=\(leaves), relative to the defaults",
                             first: "option", base: "defaults")
    }

    private static func requestTable(_ records: [StrategyRecord]) -> Table {
        let leaves = records.first.map { Format.grouped($0.leaves) } ?? ""
        return relativeTable(records, title: "request rounds — optimized, N=\(leaves), relative to encoding the parameters alone",
                             first: "round", base: "alone")
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

    private static func parallelTable(_ records: [ParallelRecord]) -> Table {
        let leaves = records.first.map { Format.grouped($0.leaves) } ?? ""
        var table = Table(title: "parallel throughput — threads sharing one optimized encoder, catalog N=\(leaves)",
                          columns: [.right("threads"), .right("encodes"), .right("encodes/s"), .right("speed-up"),
                                    .right("cores used"), .left("result")])
        let single = records.first { $0.threads == 1 }?.encodesPerSecond
        for record in records {
            let speedUp = quotient(record.encodesPerSecond, single)
            table.rows.append(.cells([
                "\(record.threads)", Format.grouped(record.encodes), Format.decimal(record.encodesPerSecond, digits: 0),
                text(speedUp, Format.ratio), Format.decimal(record.coresUsed, digits: 2),
                record.failures.isEmpty ? "ok" : "FAILED: " + record.failures.joined(separator: "; "),
            ]))
        }
        return table
    }

    /// `numerator ÷ denominator` when both exist and the denominator is positive.
    private static func quotient(_ numerator: Double?, _ denominator: Double?) -> Double? {
        guard let numerator, let denominator, denominator > 0 else { return nil }
        return numerator / denominator
    }

    /// The formatted value, or `n/a` when there is none.
    private static func text(_ value: Double?, _ format: (Double) -> String) -> String {
        value.map(format) ?? "n/a"
    }
}
