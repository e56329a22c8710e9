/// A request case on which two subjects disagreed, with everything needed to reproduce and read
/// it: the command that replays it, both outcomes, where they part, and the whole case.
struct RequestFuzzMismatch: SeededMismatch {
    let fuzzCase: RequestFuzzCase
    let subjects: (String, String)
    let results: (RequestFuzzResult, RequestFuzzResult)

    var seedText: String { fuzzCase.seedText }

    /// Replays the case alone. Nested dictionaries iterate in an order Swift seeds per process
    /// (and per instance) unless hashing is deterministic; the dump shows the failing run's order.
    var replayCommand: String {
        "SWIFT_DETERMINISTIC_HASHING=1 FUZZ_SEED=\(fuzzCase.seedText) swift test --filter RequestFuzzTests"
    }

    var description: String {
        let (left, right) = subjects
        var lines = ["\(left) and \(right) disagree on request seed \(fuzzCase.seedText) (replay: \(replayCommand))",
                     "\(left): \(FuzzMismatch.clipped(results.0.outcome.description))",
                     "\(right): \(FuzzMismatch.clipped(results.1.outcome.description))"]
        let (a, b) = (results.0.outcome.description, results.1.outcome.description)
        if a != b || !a.utf8.elementsEqual(b.utf8) {
            let offset = zip(a.utf8, b.utf8).prefix { $0 == $1 }.count
            lines.append("outcomes first differ at byte \(offset) of their descriptions (lengths \(a.utf8.count), \(b.utf8.count))")
        }
        lines += FuzzMismatch.logDifference(results.0.observations, results.1.observations, names: subjects)
        lines.append(fuzzCase.description)
        return lines.joined(separator: "\n")
    }
}
