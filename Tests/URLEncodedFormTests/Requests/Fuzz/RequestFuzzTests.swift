import Testing

/// The seeded differential fuzz test of the request layer: random requests (methods in mixed
/// case, URLs of every shape, existing headers), encoded by `URLEncoding` with random
/// `[String: Any]` parameters and options, or by `URLEncodedFormParameterEncoder` with the
/// encoder fuzz's values and options, through the reference port and the optimized modules,
/// which must make the same requests (or throw the same errors) and let user code observe the
/// same.
///
/// The encoder fuzz's variables apply (see `FuzzConfiguration`): `FUZZ_CASES=100000` runs more
/// cases, `FUZZ_SEED=0x…` replays one, `FUZZ_BASE=…` moves the range, `FUZZ_TRACE=1` prints each
/// seed first. Top-level keys Swift's `<` cannot order, and keys AFNetworking's `compare(_:)`
/// cannot order, are compared under `SWIFT_DETERMINISTIC_HASHING=1` only
/// (`ConvertedParameterOrder`; CI runs the fuzz so too).
struct RequestFuzzTests {
    /// 2,000 cases by default: about 2 s of a debug build.
    static let defaultCases = 2_000

    @Test func optimizedRequestLayerMatchesReference() {
        let configuration = FuzzConfiguration(defaultCases: Self.defaultCases)
        let report = RequestFuzzer.run(.contender(.reference), .contender(.optimized), seeds: configuration.seeds,
                                       trace: configuration.trace)
        for mismatch in report.mismatches {
            Issue.record("\(mismatch)")
        }
        #expect(report.mismatchCount == 0, "\(report)")
    }

    /// The harness itself is deterministic: cases are pure functions of their seeds, and the
    /// reference against itself makes identical requests and logs.
    @Test func referenceRequestLayerAgreesWithItself() {
        let seeds = FuzzConfiguration(defaultCases: 200).seeds.prefix(200)
        for seed in seeds {
            // Compared as sets of lines: each build makes its dictionaries anew, and Swift seeds
            // each instance's order, so two builds may list a dictionary's entries differently.
            let (first, second) = (RequestFuzzCase(seed: seed).unclippedDescription,
                                   RequestFuzzCase(seed: seed).unclippedDescription)
            #expect(first.split(separator: "\n").sorted() == second.split(separator: "\n").sorted(),
                    "seed \(FuzzCase.text(forSeed: seed))")
        }
        let report = RequestFuzzer.run(.contender(.reference), .contender(.reference), seeds: seeds)
        #expect(report.mismatchCount == 0, "\(report)")
    }
}
