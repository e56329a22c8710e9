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
        return [
            "formbench \(mode)\(filters) · \(environment.date)",
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
