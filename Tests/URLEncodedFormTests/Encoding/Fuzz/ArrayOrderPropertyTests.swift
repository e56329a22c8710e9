import Testing

/// `sortsArrayElements: false` on the differential fuzzer's cases (README, "Options"): no
/// encoder has the option to compare with, so the properties it promises are checked
/// (`ArrayOrderChecker`). Seeds work as in `DifferentialFuzzTests` (`FUZZ_CASES`, `FUZZ_SEED`,
/// `FUZZ_BASE`, `FUZZ_TRACE`).
struct ArrayOrderPropertyTests {
    @Test func arraysKeepTheirIndexOrderWhileObjectsSortAsAlamofireSortsThem() {
        let configuration = FuzzConfiguration(defaultCases: 3_000)
        let run = ArrayOrderRun(.optimizedKeepingArraysInOrder, seeds: configuration.seeds, trace: configuration.trace)
        for violation in run.report.mismatches {
            Issue.record("\(violation)")
        }
        #expect(run.report.mismatchCount == 0, "\(run)")
        // Not vacuous: most cases are checked in full, and in many of them sorting arrays too
        // would have written other text.
        guard configuration.seeds.count >= 1_000 else { return }
        let cases = run.report.caseCount
        #expect(run.checked * 100 >= cases * 70, "\(run)")
        #expect(run.arraysMatter * 100 >= cases * 5, "\(run)")
    }

    /// Without alphabetizing nothing is sorted, and the option changes nothing: the text (and
    /// what user code observes) is the reference's.
    @Test func withoutAlphabetizingTheOptionChangesNothing() {
        let configuration = FuzzConfiguration(defaultCases: 2_000)
        let report = DifferentialFuzzer.run(FuzzSubject.contender(.reference).unsorted, FuzzSubject.optimizedKeepingArraysInOrder.unsorted,
                                            seeds: configuration.seeds, trace: configuration.trace)
        for mismatch in report.mismatches {
            Issue.record("\(mismatch)")
        }
        #expect(report.mismatchCount == 0, "\(report)")
    }

    /// Against an encoder that breaks a property the checker reports it, going on past the
    /// first case and naming the property and a seed that reproduces it.
    @Test(arguments: ArrayOrderMutant.allCases)
    func checkerReportsAPlantedDefect(_ mutant: ArrayOrderMutant) throws {
        let seeds = (0 ..< 300).map { FuzzConfiguration.defaultBase &+ $0 }
        let run = ArrayOrderRun(mutant.subject, seeds: seeds, detailLimit: 3)
        #expect(run.report.caseCount == seeds.count)
        #expect(run.report.mismatchCount > 3, "\(run)")
        for violation in run.report.mismatches {
            #expect(violation.property == mutant.brokenProperty, "\(violation)")
        }
        let violation = try #require(run.report.mismatches.first)
        #expect(violation.description.contains("FUZZ_SEED=\(violation.seedText)"))
        let replay = ArrayOrderChecker.check(mutant.subject, on: FuzzCase(seed: violation.fuzzCase.seed))
        guard case let .violated(again) = replay else {
            Issue.record("seed \(violation.seedText) does not reproduce the violation")
            return
        }
        #expect(again.property == mutant.brokenProperty)
    }
}
