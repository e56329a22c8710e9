import FormBenchCore
import Foundation
import Testing
import URLEncodedForm

/// The tree merges a new key without searching while a hash's keys come in ascending order (as
/// encoders that sort send them), keeps a wide hash out of its table until the order ends, and
/// indexes it then (README's architecture page, "Decoding"). None of that may change what a
/// form reads: random forms of keys under the root, under named hashes, and in the hashes of
/// `a[][k]` arrays — up to 160 pairs over key pools that make hashes narrower and wider than 32,
/// keys repeated, sent sorted, sorted then broken (a shuffled tail, a reversed run, two
/// neighbours swapped) or shuffled — read as a model computed from the pairs says: every value
/// of a key in the order sent, Rack's view keeping the last, and an `a[][k]` element closed by
/// a key it already holds.
///
/// Seeded and replayable as the other fuzzers: `FUZZ_CASES=n`, `FUZZ_SEED=0x…`, `FUZZ_BASE=…`.
struct KeyOrderPropertyTests {
    /// How the pairs of a case are named: `k=v`, `h[k]=v` (`h` one of two hashes), `a[][k]=v`.
    enum Shape: CaseIterable { case root, hashes, arrayOfHashes }

    struct Case {
        let shape: Shape
        /// The parent (`""` at the root and for `a[]`), the key, the value, in the order sent.
        let pairs: [(parent: String, key: String, value: String)]

        var form: String {
            pairs.map { pair in
                switch shape {
                case .root: return "\(pair.key)=\(pair.value)"
                case .hashes: return "\(pair.parent)[\(pair.key)]=\(pair.value)"
                case .arrayOfHashes: return "a[][\(pair.key)]=\(pair.value)"
                }
            }.joined(separator: "&")
        }
    }

    /// The bytes a pair sorts by: its parent, then its key.
    private static func sortName(_ pair: (parent: String, key: String, value: String)) -> [UInt8] {
        Array((pair.parent + "\u{0}" + pair.key).utf8)
    }

    static func makeCase(seed: UInt64) -> Case {
        var rng = SplitMix64(seed: seed)
        let shape = Shape.allCases.randomElement(using: &rng)!
        // Keys that are prefixes of one another and cross the digits' order (`k1`, `k10`, `k2`),
        // drawn new until the pool runs out, or again with some chance: repeats close an
        // `a[][k]` element, so its shape draws them seldom.
        let poolSize = [4, 20, 31, 32, 33, 60, 100, 150].randomElement(using: &rng)!
        let pool = (0 ..< poolSize).map { index in ["k\(index)", "k\(index)x", "\(index)", "K\(index)"][index % 4] }.shuffled(using: &rng)
        let repeatChance = shape == .arrayOfHashes ? [0, 0, 0.02, 0.1].randomElement(using: &rng)! : [0, 0.1, 0.5].randomElement(using: &rng)!
        var pairs: [(parent: String, key: String, value: String)] = []
        var used: [String: Int] = [:]
        for index in 0 ..< Int.random(in: 1 ... 160, using: &rng) {
            let parent = shape == .hashes ? ["g", "h"].randomElement(using: &rng)! : ""
            let fresh = used[parent, default: 0]
            let key: String
            if fresh < pool.count && (fresh == 0 || Double.random(in: 0 ..< 1, using: &rng) >= repeatChance) {
                key = pool[fresh]
                used[parent] = fresh + 1
            } else {
                key = pool[Int.random(in: 0 ..< fresh, using: &rng)]
            }
            pairs.append((parent, key, "v\(index)"))
        }
        // Sorted by name as an encoder that sorts sends them (its sort keeps equal names' order).
        let sorted = pairs.enumerated().sorted { left, right in
            let (l, r) = (sortName(left.element), sortName(right.element))
            return l != r ? l.lexicographicallyPrecedes(r) : left.offset < right.offset
        }.map(\.element)
        switch Int.random(in: 0 ..< 5, using: &rng) {
        case 0: pairs = sorted
        case 1:
            let cut = Int.random(in: 0 ... sorted.count, using: &rng)
            pairs = Array(sorted[..<cut]) + sorted[cut...].shuffled(using: &rng)
        case 2:
            let cut = Int.random(in: 0 ... sorted.count, using: &rng)
            pairs = Array(sorted[..<cut]) + sorted[cut...].reversed()
        case 3:
            pairs = sorted
            if pairs.count > 1 {
                let first = Int.random(in: 0 ..< pairs.count - 1, using: &rng)
                pairs.swapAt(first, first + 1)
            }
        default: pairs.shuffle(using: &rng)
        }
        return Case(shape: shape, pairs: pairs)
    }

    /// What the case must read, typed (every value, in order) and in Rack's view (the last).
    private static func expected(_ testCase: Case) -> (typed: Any, rack: Parameters) {
        switch testCase.shape {
        case .root:
            var typed: [String: [String]] = [:]
            for pair in testCase.pairs { typed[pair.key, default: []].append(pair.value) }
            return (typed, typed.mapValues { $0.last! })
        case .hashes:
            var typed: [String: [String: [String]]] = [:]
            for pair in testCase.pairs { typed[pair.parent, default: [:]][pair.key, default: []].append(pair.value) }
            return (typed, typed.mapValues { $0.mapValues { $0.last! } })
        case .arrayOfHashes:
            var elements: [[String: String]] = []
            for pair in testCase.pairs {
                if let last = elements.last, last[pair.key] == nil {
                    elements[elements.count - 1][pair.key] = pair.value
                } else {
                    elements.append([pair.key: pair.value])
                }
            }
            return (["a": elements], ["a": elements])
        }
    }

    static func difference(seed: UInt64) -> String? {
        let testCase = makeCase(seed: seed)
        let form = testCase.form
        let (typed, rack) = expected(testCase)
        let decoder = URLEncodedFormDecoder()
        do {
            let read: Any
            switch testCase.shape {
            case .root: read = try decoder.decode([String: [String]].self, from: form)
            case .hashes: read = try decoder.decode([String: [String: [String]]].self, from: form)
            case .arrayOfHashes: read = try decoder.decode([String: [[String: String]]].self, from: form)
            }
            let parameters = try decoder.parameters(from: form)
            guard "\(sortedDescription(read))" == "\(sortedDescription(typed))" else {
                return "FUZZ_SEED=0x\(String(seed, radix: 16)): \(form)\n  typed:    \(sortedDescription(read))\n  expected: \(sortedDescription(typed))"
            }
            guard sortedDescription(parameters) == sortedDescription(rack) else {
                return "FUZZ_SEED=0x\(String(seed, radix: 16)): \(form)\n  Rack's view: \(sortedDescription(parameters))\n  expected:    \(sortedDescription(rack))"
            }
            return nil
        } catch {
            return "FUZZ_SEED=0x\(String(seed, radix: 16)): \(form)\n  threw \(error)"
        }
    }

    /// A description of dictionaries, arrays and strings with every dictionary's keys sorted,
    /// so that two equal trees describe alike.
    private static func sortedDescription(_ value: Any) -> String {
        switch value {
        case let dictionary as [String: Any]:
            return "{" + dictionary.keys.sorted().map { "\($0): \(sortedDescription(dictionary[$0]!))" }.joined(separator: ", ") + "}"
        case let array as [Any]:
            return "[" + array.map(sortedDescription).joined(separator: ", ") + "]"
        default:
            return "\(value)"
        }
    }

    @Test func formsReadTheSameWhateverTheOrderOfTheirKeys() {
        FuzzConfiguration(defaultCases: 1_000).expectNoDifference { Self.difference(seed: $0) }
    }

    /// The generator reaches hashes past 32 keys sent in order, and ones whose order ends there,
    /// in each shape.
    @Test func theCasesReachWideHashesInOrderAndOutOfIt() {
        let cases = FuzzConfiguration(defaultCases: 1_000, environment: [:]).seeds.map { Self.makeCase(seed: $0) }
        /// The most keys any one hash of the case holds.
        func widest(_ testCase: Case) -> Int {
            switch testCase.shape {
            case .root: return Set(testCase.pairs.map(\.key)).count
            case .hashes: return ["g", "h"].map { parent in Set(testCase.pairs.filter { $0.parent == parent }.map(\.key)).count }.max()!
            case .arrayOfHashes: return ((Self.expected(testCase).rack["a"] as? [[String: String]]) ?? []).map(\.count).max() ?? 0
            }
        }
        func ascends(_ testCase: Case) -> Bool {
            let names = testCase.pairs.map(Self.sortName)
            return zip(names, names.dropFirst()).allSatisfy { !$1.lexicographicallyPrecedes($0) }
        }
        for shape in Shape.allCases {
            let wide = cases.filter { $0.shape == shape && widest($0) > 32 }
            #expect(wide.filter(ascends).count > 5, "\(shape): wide hashes sent in order")
            #expect(wide.filter { !ascends($0) }.count > 20, "\(shape): wide hashes sent out of order")
        }
    }
}
