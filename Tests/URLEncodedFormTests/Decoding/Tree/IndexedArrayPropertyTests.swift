import FormBenchCore
import Foundation
import Testing
import URLEncodedForm

/// An array sent with indices in order (`a[0]=…&a[1]=…`, as qs and jQuery send one) is built
/// without searching its hash for each new index, and read back in order without sorting
/// (`DecodedNode.indicesInOrder`); the first key that is not the next index ends that for the
/// hash. Doing so must read exactly what the search reads: random forms of one array whose
/// keys are mostly the next index, now and then an index again, one skipped, one with a
/// leading zero, a long one, a key that is no index, or a nested key, read to the same tree as
/// the same form after a pair `a[~]` (a key that is no index, which ends the order from the
/// start); and the typed `[String]` reading of the forms whose keys are distinct indices holds
/// their values in the order of their indices.
///
/// Seeded and replayable as the other fuzzers: `FUZZ_CASES=n`, `FUZZ_SEED=0x…`, `FUZZ_BASE=…`.
struct IndexedArrayPropertyTests {
    /// The key of the pair put first, which no generated key is.
    private static let separatorKey = "~"

    /// One case: up to 80 pairs of the array `a`, their keys and whether the form is meant for
    /// the typed reading (keys distinct indices, values leaves).
    static func form(seed: UInt64) -> (form: String, keys: [String]) {
        var rng = SplitMix64(seed: seed)
        let escaped = Bool.random(using: &rng)
        var next = 0
        var keys: [String] = []
        var pairs: [String] = []
        // How often (in a hundred) a key is not the next index: never, seldom, often.
        let deviation = [0, 2, 20].randomElement(using: &rng)!
        for _ in 0 ..< Int.random(in: 0 ... 80, using: &rng) {
            var key = String(next)
            var nested = false
            if Int.random(in: 0 ..< 100, using: &rng) >= deviation {
                next += 1
            } else {
                switch Int.random(in: 0 ..< 6, using: &rng) {
                case 0: key = String(Int.random(in: 0 ... max(0, next), using: &rng))
                case 1:
                    next += Int.random(in: 1 ... 3, using: &rng)
                    key = String(next)
                case 2: key = "0" + String(next)
                case 3: key = "1" + String(repeating: "0", count: 12)
                case 4: key = ["x", "-1", "+2", "1a", ""].randomElement(using: &rng)!
                default: nested = true
                }
            }
            keys.append(nested ? key + "/b" : key)
            let (open, close) = escaped ? ("%5B", "%5D") : ("[", "]")
            let name = "a" + open + key + close + (nested ? open + "b" + close : "")
            pairs.append(name + "=v\(pairs.count)")
        }
        return (pairs.joined(separator: "&"), keys)
    }

    /// What `decoder` reads from `form` as a tree, without the separator's key.
    static func tree(of form: String, _ decoder: URLEncodedFormDecoder) -> String {
        do {
            guard case .hash(var top) = try decoder.form(form), case .hash(var array)? = top["a"] else { return "\(try decoder.form(form))" }
            array[separatorKey] = nil
            top["a"] = .hash(array)
            return "\(Form.hash(top))"
        } catch {
            return "error \(error)"
        }
    }

    private struct Texts: Decodable {
        let a: [String]
    }

    /// A difference between reading the seed's form and reading it after `a[~]`, or in the
    /// typed reading, if any.
    static func difference(seed: UInt64) -> String? {
        let (form, keys) = form(seed: seed)
        guard !form.isEmpty else { return nil }
        let decoder = URLEncodedFormDecoder()
        let together = tree(of: form, decoder)
        let apart = tree(of: "a%5B\(separatorKey)%5D=s&" + form, decoder)
        // A form that opens with `a[]` makes `a` an array, which the separator's key would
        // meet as a hash (Rack: "expected Array (got Hash)"): there the two readings differ by
        // design (`anArrayOpenedByAPushIsNotAHashTheSeparatorCanJoin`).
        if together != apart && keys.first != "" {
            return "FUZZ_SEED=0x\(String(seed, radix: 16)): \(form)\n  in order: \(together)\n  after a[~]: \(apart)"
        }
        // Distinct indices, each a leaf: the typed reading holds the values by their indices.
        let indices = keys.compactMap { key in key.first != "0" || key == "0" ? Int(key).flatMap { $0 >= 0 && String($0) == key ? $0 : nil } : nil }
        guard indices.count == keys.count, Set(indices).count == indices.count else { return nil }
        let expected = indices.enumerated().sorted { $0.element < $1.element }.map { "v\($0.offset)" }
        let actual = (try? decoder.decode(Texts.self, from: form).a) ?? ["<error>"]
        guard actual != expected else { return nil }
        return "FUZZ_SEED=0x\(String(seed, radix: 16)): \(form)\n  expected: \(expected)\n  actual:   \(actual)"
    }

    @Test func anArraySentWithIndicesInOrderReadsAsOneWhoseOrderEndedAtOnce() {
        FuzzConfiguration(defaultCases: 3_000).expectNoDifference { Self.difference(seed: $0) }
    }

    /// The property's one exception, found by a long run of it (`FUZZ_CASES=300000`,
    /// `FUZZ_SEED=0x97238089a593`): a form whose first pair is a push (`a[]=v0`) reads `a` as an
    /// array, and the same form after `a[~]` is a hash met by a push, the conflict Rack refuses.
    @Test func anArrayOpenedByAPushIsNotAHashTheSeparatorCanJoin() throws {
        let decoder = URLEncodedFormDecoder()
        #expect(try decoder.form("a[]=v0") == .hash(["a": .array([.value("v0")])]))
        #expect(throws: (any Error).self) { try decoder.form("a%5B~%5D=s&a[]=v0") }
        #expect(Self.difference(seed: 0x9723_8089_a593) == nil)
        #expect(Self.form(seed: 0x9723_8089_a593).form == "a[]=v0")
    }

    /// The generator reaches what the property is about: arrays wider than the hashes searched
    /// child by child whose keys stay in order, and ones whose order ends there or later.
    @Test func theFormsKeepTheirOrderOrEndItAnywhere() {
        let cases = FuzzConfiguration(defaultCases: 3_000, environment: [:]).seeds.map { Self.form(seed: $0).keys }
        let inOrder = cases.filter { $0.enumerated().allSatisfy { $0.element == String($0.offset) } }
        #expect(inOrder.filter { $0.count > 32 }.count > 30, "\(inOrder.filter { $0.count > 32 }.count)")
        // The order ended past 32 keys: the hash goes into the table then.
        let endedLate = cases.filter { keys in
            let prefix = keys.enumerated().prefix { $0.element == String($0.offset) }.count
            return prefix > 32 && prefix < keys.count
        }
        #expect(endedLate.count > 100, "\(endedLate.count)")
        #expect(cases.filter { $0.count > 5 && $0[0] == "0" && $0[1] != "1" }.count > 30)
    }
}
