/// A case on which two subjects disagreed, with everything needed to reproduce and read it.
struct FuzzMismatch: SeededMismatch {
    let fuzzCase: FuzzCase
    let subjects: (FuzzSubject, FuzzSubject)
    let results: (FuzzResult, FuzzResult)

    var seedText: String { fuzzCase.seedText }

    var description: String {
        let (left, right) = subjects
        // Dictionaries iterate in a per-process order unless hashing is deterministic.
        let replay = "SWIFT_DETERMINISTIC_HASHING=1 FUZZ_SEED=\(fuzzCase.seedText) swift test --filter DifferentialFuzzTests"
        var lines = ["\(left.name) and \(right.name) disagree on seed \(fuzzCase.seedText) (replay: \(replay))",
                     "options \(fuzzCase.options)",
                     "\(left.name): \(Self.clipped(results.0.outcome.description))",
                     "\(right.name): \(Self.clipped(results.1.outcome.description))"]
        if case let (.output(a), .output(b)) = (results.0.outcome, results.1.outcome) {
            let offset = zip(a.utf8, b.utf8).prefix { $0 == $1 }.count
            lines.append("outputs first differ at byte \(offset) (lengths \(a.utf8.count), \(b.utf8.count))")
        }
        lines += Self.logDifference(results.0.observations, results.1.observations, names: (left.name, right.name))
        lines.append("value \(Self.clipped(fuzzCase.value.description, to: 6000))")
        return lines.joined(separator: "\n")
    }

    /// The first differing entry of logs `a` and `b` (of the subjects `names`) with its
    /// neighbours in both, or a note that they agree.
    static func logDifference(_ a: [FuzzObservation], _ b: [FuzzObservation], names: (String, String)) -> [String] {
        guard a != b else { return ["logs agree (\(a.count) entries)"] }
        let index = zip(a, b).prefix { $0 == $1 }.count
        let window = max(0, index - 2) ..< index + 3
        func excerpt(_ log: [FuzzObservation], _ name: String) -> [String] {
            ["\(name) log (\(log.count) entries) from entry \(window.lowerBound):"]
                + log.indices.clamped(to: window).map { "  \($0 == index ? "→" : " ") #\($0) \(log[$0])" }
        }
        return ["logs first differ at entry \(index)"] + excerpt(a, names.0) + excerpt(b, names.1)
    }

    /// `text`, cut after `limit` characters with a note of how many more there were.
    static func clipped(_ text: String, to limit: Int = 2000) -> String {
        text.count <= limit ? text : text.prefix(limit) + "… (\(text.count - limit) more characters)"
    }
}
