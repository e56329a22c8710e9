/// A disagreement a differential run reports, named by the seed that reproduces it.
protocol SeededMismatch: CustomStringConvertible {
    /// The seed of the case, as `FUZZ_SEED` takes it.
    var seedText: String { get }
}

/// The outcome of a differential run: how many cases ran, how many disagreed, and the first few
/// disagreements in full.
struct FuzzReport<Mismatch: SeededMismatch>: CustomStringConvertible {
    let subjects: (String, String)
    /// What the run's cases are called in the description: `cases`, `request cases`.
    let caseNoun: String
    private(set) var caseCount = 0
    private(set) var mismatchCount = 0
    /// The first `detailLimit` mismatches.
    private(set) var mismatches: [Mismatch] = []
    let detailLimit: Int

    init(subjects: (String, String), caseNoun: String = "cases", detailLimit: Int) {
        self.subjects = subjects
        self.caseNoun = caseNoun
        self.detailLimit = detailLimit
    }

    mutating func add(_ mismatch: Mismatch?) {
        caseCount += 1
        guard let mismatch else { return }
        mismatchCount += 1
        if mismatches.count < detailLimit { mismatches.append(mismatch) }
    }

    var description: String {
        let seeds = mismatches.map(\.seedText).joined(separator: ", ")
        return "\(subjects.0) vs \(subjects.1): \(mismatchCount) of \(caseCount) \(caseNoun) disagree"
            + (mismatches.isEmpty ? "" : "; first seeds: \(seeds)")
    }
}
