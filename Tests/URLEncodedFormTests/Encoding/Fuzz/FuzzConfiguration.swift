import FormBenchCore
import Foundation

/// Which seeds a fuzz test runs, from the environment:
/// - `FUZZ_SEED=0x…` (or decimal) replays that one case;
/// - `FUZZ_CASES=n` runs n cases (default: the test's own count, 10,000 for the main test);
/// - `FUZZ_BASE=…` starts the seeds elsewhere, to explore cases the default run never sees;
/// - `FUZZ_TRACE=1` prints each seed before its case runs, to find the case an encoder crashes on.
///
/// Seeds are consecutive from the base; SplitMix64 decorrelates neighbouring seeds.
struct FuzzConfiguration {
    static let defaultBase: UInt64 = 0x5EED_0000_0000

    let seeds: [UInt64]
    let trace: Bool

    init(defaultCases: Int, environment: [String: String] = ProcessInfo.processInfo.environment) {
        trace = environment["FUZZ_TRACE"] == "1"
        if let seed = environment["FUZZ_SEED"].flatMap(Self.number) {
            seeds = [seed]
            return
        }
        let count = environment["FUZZ_CASES"].flatMap(Self.number).map(Int.init) ?? defaultCases
        let base = environment["FUZZ_BASE"].flatMap(Self.number) ?? Self.defaultBase
        seeds = (0 ..< UInt64(count)).map { base &+ $0 }
    }

    private static func number(_ text: String) -> UInt64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: "")
        if trimmed.lowercased().hasPrefix("0x") { return UInt64(trimmed.dropFirst(2), radix: 16) }
        return UInt64(trimmed)
    }
}
