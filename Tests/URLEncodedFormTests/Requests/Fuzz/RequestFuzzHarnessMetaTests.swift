import Testing

/// Tests of the request fuzz harness: it can fail, and its generator produces what it must.
struct RequestFuzzHarnessMetaTests {
    private static let seeds = (0 ..< 300).map { FuzzConfiguration.defaultBase &+ $0 }

    /// Against a request layer with a planted defect the harness reports mismatches — going on
    /// past the first, keeping a few in full — each naming a seed that reproduces it on its own.
    @Test(arguments: RequestFuzzMutant.allCases)
    func harnessReportsAPlantedDefect(_ mutant: RequestFuzzMutant) throws {
        // Without SWIFT_DETERMINISTIC_HASHING the cases this defect shows in are not compared
        // (URLEncodingUnorderedKeyTests catches it there).
        guard mutant != .topLevelKeysSortedInPlace || ConvertedParameterOrder.isReproducible else { return }
        let report = RequestFuzzer.run(.contender(.reference), mutant.subject, seeds: Self.seeds, detailLimit: 3)
        let compared = Self.seeds.filter { ConvertedParameterOrder.isReproducible || !RequestFuzzCase(seed: $0).ordersKeysAsACopyIterates }
        #expect(report.caseCount == compared.count)
        #expect(report.mismatchCount > 3, "\(report)")
        #expect(report.mismatches.count == 3)
        let mismatch = try #require(report.mismatches.first)
        #expect(mismatch.description.contains("FUZZ_SEED=\(mismatch.fuzzCase.seedText)"))
        let replay = RequestFuzzer.compare(.contender(.reference), mutant.subject, on: RequestFuzzCase(seed: mismatch.fuzzCase.seed))
        #expect(replay != nil, "seed \(mismatch.fuzzCase.seedText) does not reproduce the mismatch")
    }

    /// The case a long run found keys AFNetworking's `compare(_:)` cannot order in is
    /// recognized, and left out without `SWIFT_DETERMINISTIC_HASHING`; cases whose keys it
    /// orders are not (most AFNetworking cases).
    @Test func casesWithKeysAFNetworkingCannotOrderAreRecognized() {
        #expect(RequestFuzzCase(seed: 0xE972_BDC5_D23F).hasKeysAFNetworkingCannotOrder)
        let afCases = Self.seeds.map(RequestFuzzCase.init(seed:)).filter {
            if case .afSerializer(.some, _) = $0.call { true } else { false }
        }
        #expect(afCases.count > 30)
        #expect(afCases.filter(\.hasKeysAFNetworkingCannotOrder).count < afCases.count / 10)
    }

    /// Every risky shape the generator is meant to produce — each method and URL shape, each
    /// kind of parameter value and hostile text, each destination and array encoding, a depth
    /// limit reached, a URL-less request, a non-keyed root — shows up in at least 1% of the
    /// default cases.
    @Test func generatorCoversTheRiskyShapes() {
        let seeds = FuzzConfiguration(defaultCases: RequestFuzzTests.defaultCases, environment: [:]).seeds
        var counts: [RequestFuzzCensus.Feature: Int] = [:]
        for seed in seeds {
            for feature in RequestFuzzCensus(RequestFuzzCase(seed: seed)).features {
                counts[feature, default: 0] += 1
            }
        }
        let table = RequestFuzzCensus.Feature.allCases.map { "\($0): \(counts[$0, default: 0])" }.joined(separator: ", ")
        for feature in RequestFuzzCensus.Feature.allCases {
            #expect(counts[feature, default: 0] * 100 >= seeds.count, "\(feature) in too few of \(seeds.count) cases: \(table)")
        }
    }
}
