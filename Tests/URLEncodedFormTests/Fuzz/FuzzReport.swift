/// The outcome of a differential run: how many cases ran, how many disagreed, and the first few
/// disagreements in full.
struct FuzzReport: CustomStringConvertible {
    let subjects: (String, String)
    private(set) var caseCount = 0
    private(set) var mismatchCount = 0
    /// The first `detailLimit` mismatches.
    private(set) var mismatches: [FuzzMismatch] = []
    let detailLimit: Int

    init(subjects: (String, String), detailLimit: Int) {
        self.subjects = subjects
        self.detailLimit = detailLimit
    }

    mutating func add(_ mismatch: FuzzMismatch?) {
        caseCount += 1
        guard let mismatch else { return }
        mismatchCount += 1
        if mismatches.count < detailLimit { mismatches.append(mismatch) }
    }

    var description: String {
        let seeds = mismatches.map(\.fuzzCase.seedText).joined(separator: ", ")
        return "\(subjects.0) vs \(subjects.1): \(mismatchCount) of \(caseCount) cases disagree"
            + (mismatches.isEmpty ? "" : "; first seeds: \(seeds)")
    }
}
