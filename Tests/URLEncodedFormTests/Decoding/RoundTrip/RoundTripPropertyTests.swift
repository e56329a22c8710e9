import FormBenchCore
import Foundation
import Testing
import URLEncodedForm

/// The round trip (README, "Decoding forms"): for the encoder fuzz's values, cut down to what a
/// form can carry back, with URLs and (under `IntegerKeyEncoding.keys`) dictionaries keyed by
/// integers and by integer texts added, and random invertible option sets, the decoder with the
/// matching options reads back exactly what the encoder wrote: `decode(encode(v)) == v`.
///
/// Only cases that round-trip count: a case the encoder refuses is counted apart (and must stay
/// rare), and the census requires, in a run of 1,000 cases or more, a minimum of round-tripped
/// leaves of every type and of cases of every option's every value.
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
            var members = (0 ..< rng.smallCount(in: 2 ... 8)).map { _ in
                (FuzzKey(stringValue: FuzzStrings.key(using: &rng)), FuzzValue.random(depth: 3, using: &rng))
            }
            // The extra members' keys are ASCII words no fuzz key equals.
            members.removeAll { ["link", "links", "byNumber", "byCode"].contains($0.0.stringValue) }
            guard case .object(let projected) = RoundTripValue.projecting(.object(members), options: options) else {
                self.value = .object([])
                return
            }
            self.value = .object(projected + RoundTripValue.extraMembers(options: options, using: &rng))
        }

        /// What became of a case.
        enum Outcome {
            /// Read back the same.
            case roundTripped
            /// The encoder refused the value (a depth or root rule): nothing to read back.
            case refusedByEncoder
            /// Read back otherwise, or not at all: what went wrong.
            case failed(String)
        }

        func outcome(mutating mutate: (RoundTripValue) -> RoundTripValue = { $0 }) -> Outcome {
            let text: String
            do {
                text = try options.encoder.encode(value)
            } catch {
                return .refusedByEncoder
            }
            do {
                let read = try RoundTripReader.$shape.withValue(value) {
                    try options.decoder.decode(RoundTripReader.self, from: text).value
                }
                if mutate(read).isSame(as: value) { return .roundTripped }
                return .failed("seed 0x\(String(seed, radix: 16)) (\(options)): \(text)\n  wrote \(value)\n  read  \(mutate(read))")
            } catch {
                return .failed("seed 0x\(String(seed, radix: 16)) (\(options)): \(text)\n  wrote \(value)\n  threw \(error)")
            }
        }
    }

    @Test func everyValueReadsBackAsItWasWritten() {
        var failures = 0
        var refused = 0
        var totals = RoundTripCensus()
        let seeds = FuzzConfiguration(defaultCases: 3_000).seeds
        for seed in seeds {
            let testCase = Case(seed: seed)
            switch testCase.outcome() {
            case .roundTripped:
                totals.count(testCase.value, options: testCase.options)
            case .refusedByEncoder:
                refused += 1
            case .failed(let failure):
                failures += 1
                if failures <= 10 { Issue.record("\(failure)") }
            }
        }
        #expect(failures == 0)
        print("round trip: \(seeds.count) cases, \(totals.cases) read back, \(refused) refused by the encoder; \(totals)")
        // What the cut leaves is still most of the fuzz: a run of thousands reads back all of this.
        if seeds.count >= 1_000 {
            #expect(refused * 50 <= seeds.count, "the encoder refused \(refused) of \(seeds.count) cases")
            #expect(totals.leaves >= seeds.count * 3 && totals.arrays >= seeds.count / 10 && totals.objectsInArrays >= seeds.count / 40, "\(totals)")
            for type in RoundTripCensus.types {
                #expect(totals.byType[type, default: 0] >= seeds.count / 50, "\(type): \(totals.byType[type, default: 0]) round-tripped")
            }
            for (family, count) in totals.byFamily {
                #expect(count >= seeds.count / 20, "\(family): \(count) cases round-tripped")
            }
            #expect(totals.byFamily.count == 17, "option families seen: \(totals.byFamily.keys.sorted())")
        }
    }

    /// The property is no tautology: planted defects in what is read back are caught.
    /// Text keys Swift's `<` cannot order come back whatever order a sort left them in: the
    /// case a long run found (`FUZZ_SEED=0x40692fea613c`), whose `[String: Int]` holds
    /// `"\u{C5}/"` and `"\u{212B}"` (neither `<` the other, nor equal).
    @Test func textKeysLessThanCannotOrderCompareWhateverTheirOrder() {
        let (slash, angstrom) = ("\u{C5}/", "\u{212B}")
        #expect(!(slash < angstrom) && !(angstrom < slash) && slash != angstrom)
        let written = RoundTripValue.textKeyed([("-3", 52), (slash, -317), (angstrom, -580)])
        #expect(written.isSame(as: .textKeyed([("-3", 52), (angstrom, -580), (slash, -317)])))
        #expect(!written.isSame(as: .textKeyed([("-3", 52), (angstrom, -317), (slash, -580)])))
    }

    @Test(arguments: RoundTripMutant.allCases)
    func plantedDefectsAreCaught(_ mutant: RoundTripMutant) {
        let caught = FuzzConfiguration(defaultCases: 400, environment: [:]).seeds.contains {
            if case .failed = Case(seed: $0).outcome(mutating: mutant.apply) { return true }
            return false
        }
        #expect(caught, "\(mutant) went unnoticed in 400 cases")
    }
}

/// Defects planted in a decoded value, each as a decoder with that bug would read it.
enum RoundTripMutant: CaseIterable {
    case dropsLastArrayElement, reversesArrays, readsBoolsAsFalse, readsIntegersAsZero, dropsLastKey, trimsStrings
    case dropsURLQueries, dropsLastIntegerKey, readsIntegerTextKeysAsNumbers

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
        case .url(let url):
            guard self == .dropsURLQueries, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return value }
            components.query = nil
            return .url(components.url ?? url)
        case .intKeyed(let pairs):
            return .intKeyed(self == .dropsLastIntegerKey ? Array(pairs.dropLast()) : pairs)
        case .textKeyed(let pairs):
            // "007" and "+5" read as 7 and 5, as a decoder that took a key's intValue would.
            guard self == .readsIntegerTextKeysAsNumbers else { return value }
            return .textKeyed(pairs.map { (Int($0.0).map(String.init) ?? $0.0, $0.1) })
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

/// What the round-tripped cases held: leaves, arrays of two or more elements and objects inside
/// arrays; leaves of each type (and URLs, and integer-keyed dictionaries); and cases under each
/// value of each option.
struct RoundTripCensus: CustomStringConvertible {
    var cases = 0
    var leaves = 0
    var arrays = 0
    var objectsInArrays = 0
    var byType: [String: Int] = [:]
    var byFamily: [String: Int] = [:]

    /// Every type the census requires: `VectorLeaf`'s cases, and the added members.
    static let types = ["string", "bool", "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32",
                        "uint64", "double", "float", "decimal", "date", "data", "url", "[Int: String]", "[String: Int]"]

    mutating func count(_ value: RoundTripValue, options: RoundTripOptions) {
        cases += 1
        for family in options.families { byFamily[family, default: 0] += 1 }
        count(value)
    }

    private mutating func count(_ value: RoundTripValue) {
        switch value {
        case .leaf(let leaf):
            leaves += 1
            // The case's name: `.int8(3)` → `int8`.
            byType[Mirror(reflecting: leaf).children.first?.label ?? "\(leaf)", default: 0] += 1
        case .url:
            byType["url", default: 0] += 1
        case .intKeyed:
            byType["[Int: String]", default: 0] += 1
        case .textKeyed:
            byType["[String: Int]", default: 0] += 1
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

    var description: String {
        "\(leaves) leaves, \(arrays) arrays of 2 or more, \(objectsInArrays) objects in arrays; by type "
            + Self.types.map { "\($0) \(byType[$0, default: 0])" }.joined(separator: ", ")
    }
}
