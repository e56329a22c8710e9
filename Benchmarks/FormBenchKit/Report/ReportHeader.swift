import FormBenchCore

/// The lines that open both reports: what was run, where, and how to read missing figures.
enum ReportHeader {
    static func lines(for document: ResultsDocument) -> [String] {
        let environment = document.environment
        let configuration = document.configuration
        let mode = configuration.quick ? "quick run" : "run"
        let filters = configuration.filters.isEmpty ? "" : " · filter \(configuration.filters.joined(separator: ","))"
        let decoding = configuration.decodingMinimumSamples == configuration.minimumSamples
            && configuration.decodingTargetSecondsPerMeasurement == configuration.targetSecondsPerMeasurement ? ""
            : " (decoders ≥\(configuration.decodingMinimumSamples), ≥\(Format.duration(configuration.decodingTargetSecondsPerMeasurement)))"
        let inputs = configuration.inputMode == .distinct
            ? "inputs: distinct — each sample reads the next of K inputs of the payload's shape and size, in turn; K inputs' forms "
                + "total at least \(Format.grouped(configuration.distinctInputBytes >> 20)) MiB (K from 2 to the samples taken; column inputs)"
            : "inputs: one, repeated (--repeated-input) — every sample reads the same input, which the branch predictor and the "
                + "caches learn: the optimistic warm case"
        return [
            "formbench \(mode)\(filters) · \(environment.date)",
            inputs,
            "machine: \(environment.machine) · \(environment.cores) cores · \(environment.toolchainName) · commit \(environment.commit)",
            "processor: \(environment.processor?.description ?? "not recorded")",
            "budget \(Format.duration(configuration.budgetSeconds)) per contender and size · ≥\(configuration.minimumSamples) samples, "
                + "≥\(Format.duration(configuration.targetSecondsPerMeasurement)) each\(decoding) · allocation counting "
                + (configuration.allocationCounting ? "on"
                    : "\((configuration.allocationCountingAbsence ?? .unavailable).explanation): allocation and heap figures read n/a")
                + " · process peak RSS \(Format.bytes(Double(document.processPeakResidentBytes)))",
        ]
    }
}
