/// Runs seeded cases through two subjects and compares their outputs (byte for byte) or error
/// kinds, and their observation logs.
enum DifferentialFuzzer {
    /// Compares `left` and `right` on every seed; the run goes on past mismatches and keeps the
    /// first `detailLimit` of them in full. With `trace`, each seed is printed before its case
    /// runs, so that a crash names its case.
    static func run(_ left: FuzzSubject, _ right: FuzzSubject, seeds: some Sequence<UInt64>, detailLimit: Int = 10,
                    trace: Bool = false) -> FuzzReport<FuzzMismatch> {
        var report = FuzzReport<FuzzMismatch>(subjects: (left.name, right.name), detailLimit: detailLimit)
        for seed in seeds {
            if trace { print("fuzz case seed " + FuzzCase.text(forSeed: seed)) }
            report.add(compare(left, right, on: FuzzCase(seed: seed)))
        }
        return report
    }

    /// The mismatch on `fuzzCase`, or nil when both subjects agree.
    static func compare(_ left: FuzzSubject, _ right: FuzzSubject, on fuzzCase: FuzzCase) -> FuzzMismatch? {
        let results = (left.run(fuzzCase), right.run(fuzzCase))
        return results.0 == results.1 ? nil : FuzzMismatch(fuzzCase: fuzzCase, subjects: (left, right), results: results)
    }
}
