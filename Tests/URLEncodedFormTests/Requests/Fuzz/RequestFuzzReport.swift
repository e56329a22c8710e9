/// The outcome of a request-layer differential run: how many cases ran, how many disagreed, and
/// the first few disagreements in full.
struct RequestFuzzReport: CustomStringConvertible {
    let subjects: (String, String)
    private(set) var caseCount = 0
    private(set) var mismatchCount = 0
    /// The first `detailLimit` mismatches.
    private(set) var mismatches: [RequestFuzzMismatch] = []
    let detailLimit: Int

    init(subjects: (String, String), detailLimit: Int) {
        self.subjects = subjects
        self.detailLimit = detailLimit
    }

    mutating func add(_ mismatch: RequestFuzzMismatch?) {
        caseCount += 1
        guard let mismatch else { return }
        mismatchCount += 1
        if mismatches.count < detailLimit { mismatches.append(mismatch) }
    }

    var description: String {
        let seeds = mismatches.map(\.fuzzCase.seedText).joined(separator: ", ")
        return "\(subjects.0) vs \(subjects.1): \(mismatchCount) of \(caseCount) request cases disagree"
            + (mismatches.isEmpty ? "" : "; first seeds: \(seeds)")
    }
}
