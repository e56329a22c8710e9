import FormBenchCore

/// Everything one run measured: the content of `latest.json` (and of `baseline.json`).
struct ResultsDocument: Codable, Sendable {
    /// Bumped when a field changes meaning, so that old baselines are recognized.
    static let currentSchemaVersion = 1

    var schemaVersion = currentSchemaVersion
    let environment: RunEnvironment
    let configuration: RunConfiguration
    /// The payload shapes, by name, as the reports describe them.
    let payloads: [String: String]
    let scaling: [ScalingRecord]
    let outputChecks: [OutputCheck]
    let strategies: [StrategyRecord]
    /// Request rounds against encoding their parameters alone.
    let requests: [StrategyRecord]
    let parallel: [ParallelRecord]
    /// The process's peak resident memory at the end of the run.
    let processPeakResidentBytes: Int
    /// The figures `--compare` judges.
    let gateMetrics: [GateMetric]
    /// The payloads in the order they ran (absent in runs from before there were user payloads:
    /// the built-in order then).
    var payloadOrder: [String]?
    /// For each of the user's sample payloads, what its figures approximate.
    var approximations: [String: [String]]?
    /// The user's payloads (registered or samples), whose strategy tables end with a
    /// recommendation.
    var userPayloads: [String]?

    /// The payload names in run order.
    var orderedPayloads: [String] {
        payloadOrder ?? ["catalog", "wide", "deep", "strings", "parameters", "webhook"].filter { payloads[$0] != nil }
    }

    /// Output mismatches and encoder failures, one sentence each; a run with any exits 1.
    var problems: [String] {
        outputChecks.flatMap { check in check.mismatches.map { "\(check.payload.rawValue) N=\(check.leaves): \($0)" } }
            + scaling.filter { $0.status == .failed }.map { "\($0.payload.rawValue) N=\($0.leaves): \($0.contender) failed: \($0.note ?? "")" }
            + strategies.compactMap { record in record.failure.map { "strategy \(record.variant) failed: \($0)" } }
            + requests.compactMap { record in record.failure.map { "request \(record.variant) failed: \($0)" } }
            + parallel.flatMap { record in record.failures.map { "parallel \(record.group.label), \(record.threads) threads: \($0)" } }
    }
}
