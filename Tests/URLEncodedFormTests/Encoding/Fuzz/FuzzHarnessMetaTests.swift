import Testing

/// Tests of the fuzz harness: it can fail, and its generator produces what it must.
struct FuzzHarnessMetaTests {
    private static let seeds = (0 ..< 300).map { FuzzConfiguration.defaultBase &+ $0 }

    /// Against a deliberately wrong encoder the harness reports mismatches — going on past the
    /// first, keeping a few in full — each naming a seed that reproduces it on its own.
    @Test(arguments: FuzzMutant.allCases)
    func harnessReportsAPlantedDefect(_ mutant: FuzzMutant) throws {
        let report = DifferentialFuzzer.run(.contender(.reference), mutant.subject, seeds: Self.seeds, detailLimit: 3)
        #expect(report.caseCount == Self.seeds.count)
        #expect(report.mismatchCount > 3, "\(report)")
        #expect(report.mismatches.count == 3)
        let mismatch = try #require(report.mismatches.first)
        #expect(mismatch.description.contains("FUZZ_SEED=\(mismatch.fuzzCase.seedText)"))
        let replay = DifferentialFuzzer.compare(.contender(.reference), mutant.subject, on: FuzzCase(seed: mismatch.fuzzCase.seed))
        #expect(replay != nil, "seed \(mismatch.fuzzCase.seedText) does not reproduce the mismatch")
    }

    /// Every risky shape the generator is meant to produce — the README's "Alamofire's quirks" among them — shows up
    /// in at least 1% of cases.
    @Test func generatorCoversTheTraps() {
        let cases = 2_000
        var counts: [FuzzCensus.Feature: Int] = [:]
        for seed in (0 ..< UInt64(cases)).map({ FuzzConfiguration.defaultBase &+ $0 }) {
            for feature in FuzzCensus(FuzzCase(seed: seed)).features {
                counts[feature, default: 0] += 1
            }
        }
        let table = FuzzCensus.Feature.allCases.map { "\($0.rawValue): \(counts[$0, default: 0])" }.joined(separator: ", ")
        for feature in FuzzCensus.Feature.allCases {
            #expect(counts[feature, default: 0] * 100 >= cases, "\(feature.rawValue) in too few of \(cases) cases: \(table)")
        }
    }
}
