import Testing

/// The seeded differential fuzz test (README, "Testing"): random options, values and hand-written
/// `encode(to:)` programs, encoded by two encoders that must agree on the output bytes (or the
/// kind of error) and on everything user code observes on the way.
///
/// `FUZZ_CASES=100000` runs more cases, `FUZZ_SEED=0x…` replays one, `FUZZ_BASE=…` moves the
/// range, `FUZZ_TRACE=1` prints each seed first (see `FuzzConfiguration`).
struct DifferentialFuzzTests {
    /// The optimized encoder against the reference port.
    @Test func optimizedEncoderMatchesReference() {
        expectAgreement(.contender(.reference), .contender(.optimized), FuzzConfiguration(defaultCases: 10_000))
    }

    /// The bytes appended to a caller's buffer are the text too: a level sorted as it is copied
    /// out is copied by another path there.
    @Test func optimizedEncoderAppendingToBytesMatchesReference() {
        expectAgreement(.contender(.reference), .optimizedAppendingToBytes, FuzzConfiguration(defaultCases: 3_000))
    }

    /// An encoder reused across encodings of different values writes what a fresh one does.
    @Test func optimizedEncoderReusedAcrossValuesMatchesReference() {
        expectAgreement(.contender(.reference), .optimizedReusingItsEncoder(), FuzzConfiguration(defaultCases: 3_000))
    }

    /// The harness itself is deterministic: cases are pure functions of their seeds, and the
    /// reference against itself produces identical outputs and logs.
    @Test func referenceAgreesWithItself() {
        let configuration = FuzzConfiguration(defaultCases: 1_000)
        for seed in configuration.seeds.prefix(200) {
            // Compared as sets of lines: two equal `Dictionary`s may iterate in different orders
            // (Swift seeds each instance's hashing), and the dump lists entries in iteration order.
            let (first, second) = (FuzzCase(seed: seed).description, FuzzCase(seed: seed).description)
            #expect(first.split(separator: "\n").sorted() == second.split(separator: "\n").sorted(), "seed \(FuzzCase.text(forSeed: seed))")
        }
        expectAgreement(.contender(.reference), .contender(.reference), configuration)
    }

    private func expectAgreement(_ left: FuzzSubject, _ right: FuzzSubject, _ configuration: FuzzConfiguration) {
        let report = DifferentialFuzzer.run(left, right, seeds: configuration.seeds, trace: configuration.trace)
        for mismatch in report.mismatches {
            Issue.record("\(mismatch)")
        }
        #expect(report.mismatchCount == 0, "\(report)")
    }
}
