import FormBenchCore
import Foundation
import Testing
import URLEncodedForm

/// The round trip (README, "Decoding forms"): for the encoder fuzz's values, cut down to what a
/// form can carry back, and random invertible option sets, the decoder with the matching options
/// reads back exactly what the encoder wrote: `decode(encode(v)) == v`.
///
/// Left out of the values, as the README lists them: `""` against `nil` under `.dropValue` and
/// `"null"` against `nil` under `.null` (the fuzz's nils and absent optionals are dropped);
/// keys that are empty or hold `[`, `]` (or `.` under dots); objects and arrays inside arrays
/// unless elements carry indices; elements that write nothing; `Decimal` NaN; dates under
/// `.secondsSince1970` are whole seconds (the conversion between reference dates is inexact).
///
/// Seeded and replayable as the other fuzzers: `FUZZ_CASES=n`, `FUZZ_SEED=0x…`, `FUZZ_BASE=…`.
struct RoundTripPropertyTests {
    /// One case: the seed's value and options, the text, and what was read back.
    struct Case {
        let seed: UInt64
        let options: RoundTripOptions
        let value: RoundTripValue

        init(seed: UInt64) {
            var rng = SplitMix64(seed: seed)
            let options = RoundTripOptions(using: &rng)
            self.seed = seed
            self.options = options
            // An object of the fuzz's values: its random roots are often programs, whose
            // writes (repeated and overwritten keys) no form can carry back.
            let members = (0 ..< rng.smallCount(in: 2 ... 8)).map { _ in
                (FuzzKey(stringValue: FuzzStrings.key(using: &rng)), FuzzValue.random(depth: 3, using: &rng))
            }
            self.value = RoundTripValue.projecting(.object(members), options: options) ?? .object([])
        }

        /// `nil` when the value comes back the same; else what went wrong.
        func failure(mutating mutate: (RoundTripValue) -> RoundTripValue = { $0 }) -> String? {
            guard case .object = value else { return nil }
            let text: String
            do {
                text = try options.encoder.encode(value)
            } catch {
                return nil  // The encoder refuses the value (a depth or root rule): nothing to read back.
            }
            do {
                let read = try RoundTripReader.$shape.withValue(value) {
                    try options.decoder.decode(RoundTripReader.self, from: text).value
                }
                if mutate(read).isSame(as: value) { return nil }
                return "seed 0x\(String(seed, radix: 16)) (\(options)): \(text)\n  wrote \(value)\n  read  \(mutate(read))"
            } catch {
                return "seed 0x\(String(seed, radix: 16)) (\(options)): \(text)\n  wrote \(value)\n  threw \(error)"
            }
        }
    }

    @Test func everyValueReadsBackAsItWasWritten() {
        var failures = 0
        var totals = RoundTripCensus()
        let seeds = FuzzConfiguration(defaultCases: 3_000).seeds
        for seed in seeds {
            let testCase = Case(seed: seed)
            totals.count(testCase.value)
            if let failure = testCase.failure() {
                failures += 1
                if failures <= 10 { Issue.record("\(failure)") }
            }
        }
        #expect(failures == 0)
        print("round trip: \(seeds.count) cases, \(totals.leaves) leaves, \(totals.arrays) arrays of 2 or more, \(totals.objectsInArrays) objects in arrays")
        // What the cut leaves is still most of the fuzz: a run of thousands reads back all of this.
        if seeds.count >= 1_000 {
            #expect(totals.leaves >= seeds.count * 3 && totals.arrays >= seeds.count / 10 && totals.objectsInArrays >= seeds.count / 40, "\(totals)")
        }
    }

    /// The property is no tautology: planted defects in what is read back are caught.
    @Test(arguments: RoundTripMutant.allCases)
    func plantedDefectsAreCaught(_ mutant: RoundTripMutant) {
        let caught = FuzzConfiguration(defaultCases: 400, environment: [:]).seeds.contains { Case(seed: $0).failure(mutating: mutant.apply) != nil }
        #expect(caught, "\(mutant) went unnoticed in 400 cases")
    }
}

/// Defects planted in a decoded value, each as a decoder with that bug would read it.
enum RoundTripMutant: CaseIterable {
    case dropsLastArrayElement, reversesArrays, readsBoolsAsFalse, readsIntegersAsZero, dropsLastKey, trimsStrings


    func apply(_ value: RoundTripValue) -> RoundTripValue {
        switch value {
        case .object(let members):
            let mapped = members.map { ($0.0, apply($0.1)) }
            return .object(self == .dropsLastKey && !mapped.isEmpty ? Array(mapped.dropLast()) : mapped)
        case .array(let elements):
            let mapped = elements.map(apply)
            switch self {
            case .dropsLastArrayElement: return .array(Array(mapped.dropLast()))
            case .reversesArrays: return .array(mapped.reversed())
            default: return .array(mapped)
            }
        case .leaf(let leaf):
            switch (self, leaf) {
            case (.readsBoolsAsFalse, .bool): return .leaf(.bool(false))
            case (.readsIntegersAsZero, .int): return .leaf(.int(0))
            case (.trimsStrings, .string(let string)): return .leaf(.string(string.trimmingCharacters(in: .whitespaces)))
            default: return value
            }
        }
    }
}

/// How many leaves, arrays of two or more elements, and objects inside arrays a value holds.
struct RoundTripCensus {
    var leaves = 0
    var arrays = 0
    var objectsInArrays = 0

    mutating func count(_ value: RoundTripValue) {
        switch value {
        case .leaf:
            leaves += 1
        case .object(let members):
            for member in members { count(member.1) }
        case .array(let elements):
            if elements.count >= 2 { arrays += 1 }
            for element in elements {
                if case .object = element { objectsInArrays += 1 }
                count(element)
            }
        }
    }
}
