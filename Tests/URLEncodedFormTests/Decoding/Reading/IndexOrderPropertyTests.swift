import FormBenchCore
import Foundation
import Testing
import URLEncodedForm

/// A hash whose keys are all decimal indices reads as an array in numeric order, its gaps closed
/// (README, "Decoding forms"). The decoder reads indices of up to 18 digits as numbers and
/// longer ones by their digits, takes indices sent in order as they are, places an exact
/// `0..<count` out of order, and sorts the rest; this checks all of it against an order of its
/// own — by length, then as text, which for indices without leading zeros is numeric order —
/// and, with one element sent as a hash, that `[String]` (read whole) and an array read
/// element by element fail at the same place; on random sets of indices: small ones, ones
/// around the 18-digit boundary, long ones; sent in order, in the text order our encoder
/// sends, or shuffled.
///
/// Seeded and replayable as the other fuzzers: `FUZZ_CASES=n`, `FUZZ_SEED=0x…`, `FUZZ_BASE=…`.
struct IndexOrderPropertyTests {
    private struct Elements: Decodable { let a: [String] }
    /// The same read element by element (`WrappedText`).
    private struct WrappedElements: Decodable { let a: [WrappedText] }

    /// One case: distinct indices, in the order they are sent.
    static func indices(seed: UInt64) -> [String] {
        var rng = SplitMix64(seed: seed)
        let count = Int.random(in: 1 ... 40, using: &rng)
        var chosen = Set<String>()
        switch Int.random(in: 0 ..< 3, using: &rng) {
        case 0:
            chosen = Set((0 ..< count).map(String.init))
        case 1:
            // `0..<count` but for one index, moved to `count` or past it: one gap.
            chosen = Set((0 ..< count).map(String.init))
            chosen.remove(String(Int.random(in: 0 ..< count, using: &rng)))
            chosen.insert(String(count + Int.random(in: 0 ... 1, using: &rng)))
        default:
            while chosen.count < count {
                let digits = [1, 2, 3, 17, 18, 18, 19, 19, 20, 30].randomElement(using: &rng)!
                var index = digits == 1 ? "" : String(Int.random(in: 1 ... 9, using: &rng))
                while index.count < digits { index += String(Int.random(in: 0 ... 9, using: &rng)) }
                if Int.random(in: 0 ..< 4, using: &rng) == 0 && digits > 1 {
                    // The largest and the smallest of its length: 99…9 and 10…0.
                    index = Bool.random(using: &rng) ? String(repeating: "9", count: digits) : "1" + String(repeating: "0", count: digits - 1)
                }
                chosen.insert(index)
            }
        }
        var sent: [String]
        switch Int.random(in: 0 ..< 4, using: &rng) {
        case 0: sent = chosen.sorted(by: precedes)
        case 1: sent = chosen.sorted()
        case 2: sent = chosen.shuffled(using: &rng)
        default:
            // In order but for two neighbours.
            sent = chosen.sorted(by: precedes)
            if sent.count > 1 {
                let first = Int.random(in: 0 ..< sent.count - 1, using: &rng)
                sent.swapAt(first, first + 1)
            }
        }
        return sent
    }

    /// Numeric order for decimal indices without leading zeros.
    private static func precedes(_ left: String, _ right: String) -> Bool {
        left.count != right.count ? left.count < right.count : left < right
    }

    static func difference(seed: UInt64) -> String? {
        let sent = indices(seed: seed)
        let form = sent.map { "a%5B\($0)%5D=v\($0)" }.joined(separator: "&")
        let expected = sent.sorted(by: precedes).map { "v\($0)" }
        do {
            let read = try URLEncodedFormDecoder().decode(Elements.self, from: form).a
            let wrapped = try URLEncodedFormDecoder().decode(WrappedElements.self, from: form).a.map(\.text)
            guard read == expected && wrapped == expected else {
                return "FUZZ_SEED=0x\(String(seed, radix: 16)): \(form)\n  read:     \(read)\n  wrapped:  \(wrapped)\n  expected: \(expected)"
            }
        } catch {
            return "FUZZ_SEED=0x\(String(seed, radix: 16)): \(form)\n  threw \(error)"
        }
        // One element sent as a hash (`a[i][x]=`): both readings fail, at the same place.
        let broken = sent[Int(seed % UInt64(sent.count))]
        let brokenForm = sent.map { $0 == broken ? "a%5B\($0)%5D%5Bx%5D=v" : "a%5B\($0)%5D=v\($0)" }.joined(separator: "&")
        func failurePlace(_ decode: () throws -> Any) -> String? {
            do { _ = try decode() } catch let error as DecodingError { return "\(error.kind) at \(error.path)" } catch {}
            return nil
        }
        let places = [failurePlace { try URLEncodedFormDecoder().decode(Elements.self, from: brokenForm) },
                      failurePlace { try URLEncodedFormDecoder().decode(WrappedElements.self, from: brokenForm) }]
        guard let place = places[0], places[1] == place else {
            return "FUZZ_SEED=0x\(String(seed, radix: 16)): \(brokenForm)\n  failed as \(places[0] ?? "nothing") read whole, "
                + "\(places[1] ?? "nothing") element by element"
        }
        return nil
    }

    @Test func indexHashesReadInNumericOrder() {
        FuzzConfiguration(defaultCases: 2_000).expectNoDifference { Self.difference(seed: $0) }
    }

    /// The generator reaches each way the decoder orders indices, and the 18-digit boundary.
    @Test func theCasesReachEveryOrderAndBothSidesOfEighteenDigits() {
        let cases = FuzzConfiguration(defaultCases: 2_000, environment: [:]).seeds.map { Self.indices(seed: $0) }
        #expect(cases.filter { $0.count > 1 && $0 == $0.sorted(by: Self.precedes) }.count > 300)
        #expect(cases.filter { Set($0) == Set((0 ..< $0.count).map(String.init)) && $0 != $0.sorted(by: Self.precedes) }.count > 250)
        #expect(cases.filter { $0.contains { $0.count == 18 } && $0.contains { $0.count == 19 } }.count > 300)
        #expect(cases.filter { sent in sent.filter { $0.count >= 19 }.count >= 2 && sent != sent.sorted(by: Self.precedes) }.count > 250)
        // One index at `count` or past it, the rest below.
        #expect(cases.filter { sent in sent.allSatisfy { $0.count <= 2 } && sent.count(where: { Int($0)! >= sent.count }) == 1 }.count > 350)
    }
}
