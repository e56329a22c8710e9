import FormBenchAllocationCounting
import FormBenchCore
import FormBenchKit
import Foundation
import Synchronization
import Testing

/// formbench reads a different input in each timed sample: how many (K), in which order, what a
/// user's sample's other inputs are, that every contender of a payload size reads the same
/// ones in the same order and each decoder's result is checked against its own input, that the
/// results record the input mode, and that the gate judges no time ratio of a baseline read the
/// other way.
@Suite("formbench distinct inputs", .serialized)
struct DistinctInputsTests {
    // MARK: K and the order of the inputs

    @Test("K inputs total past the target, from 2 up to the most samples a measurement takes; one input when repeated")
    func inputCount() {
        let plan = InputPlan(mode: .distinct, l2CacheBytes: 1 << 20, maximumInputs: 1_000)
        #expect(plan.targetBytes == 4 << 20)
        #expect(plan.count(inputBytes: 47_006) == 90)  // a catalog of 1,000 leaves
        #expect(plan.count(inputBytes: 4_842) == 867)
        #expect(plan.count(inputBytes: 565) == 1_000)  // the webhook: every sample a new input
        #expect(plan.count(inputBytes: 930_479_832) == 2)  // deep at 10⁶ leaves
        #expect(plan.count(inputBytes: 0) == 1_000)
        // A larger L2 cache raises the target to four times its size.
        #expect(InputPlan(mode: .distinct, l2CacheBytes: 2 << 20, maximumInputs: 1_000).count(inputBytes: 47_006) == 179)
        #expect(InputPlan(mode: .distinct, l2CacheBytes: nil, maximumInputs: 1_000).targetBytes == InputPlan.minimumTargetBytes)
        #expect(InputPlan(mode: .repeated, l2CacheBytes: 1 << 20, maximumInputs: 1_000).count(inputBytes: 565) == 1)
    }

    @Test("the L2 cache's size is read from the processor's caches")
    func l2CacheSize() {
        func identity(_ caches: [String]) -> ProcessorIdentity {
            ProcessorIdentity(vendor: "v", modelName: "m", family: "1", model: "2", stepping: "3", caches: caches)
        }
        #expect(identity(["L1d 48K", "L2 1024K", "L3 32768K"]).l2CacheBytes == 1 << 20)
        #expect(identity(["L2 2M"]).l2CacheBytes == 2 << 20)
        #expect(identity(["L1d 48K", "L3 32768K"]).l2CacheBytes == nil)
    }

    @Test("the warm-up reads input 0, then each round the next in turn; only a round that reaches a new input is checked")
    func roundRobin() {
        #expect((0..<7).map { InputPlan.input(forRound: $0, of: 3) } == [1, 2, 0, 1, 2, 0, 1])
        #expect((0..<3).map { InputPlan.input(forRound: $0, of: 1) } == [0, 0, 0])
        #expect((0..<4).map { InputPlan.readsNewInput(round: $0, of: 3) } == [true, true, false, false])
        #expect(!InputPlan.readsNewInput(round: 0, of: 1))
    }

    @Test("a variant's generator is the seed's for variant 0, and shares no numbers with the seed's or another variant's")
    func generatorVariants() {
        func numbers(_ generator: SplitMix64) -> [UInt64] {
            var generator = generator
            return (0..<64).map { _ in generator.next() }
        }
        let seed: UInt64 = 0xCA7A_1065
        #expect(numbers(SplitMix64(seed: seed, variant: 0)) == numbers(SplitMix64(seed: seed)))
        let streams = (0..<8).map { Set(numbers(SplitMix64(seed: seed, variant: $0))) }
        for (index, stream) in streams.enumerated() {
            for other in streams[(index + 1)...] {
                #expect(stream.isDisjoint(with: other))
            }
        }
    }

    // MARK: A sample's variants

    private static let order = try! SampleReader.json(Array(#"""
        {"customer": {"name": "Ann Lee", "vip": true, "zip": "94105"},
         "items": [{"sku": "A#1", "q": 2, "price": 19.99, "note": null},
                   {"sku": "B/22", "q": 140, "price": 5.5, "note": "gift wrap"}],
         "total": 46.98, "count": -3}
        """#.utf8), file: "order.json")

    /// The sample's structure: its keys, array lengths, leaf types and nulls, without its values.
    private static func shape(_ value: SampleValue) -> String {
        switch value {
        case let .object(members): "{" + members.map { "\($0.key):\(shape($0.value))" }.joined(separator: ",") + "}"
        case let .array(elements): "[" + elements.map(shape).joined(separator: ",") + "]"
        case .string: "s"
        case .int: "i"
        case .double: "d"
        case .bool: "b"
        case .null: "null"
        }
    }

    /// The sample's string leaves by the key they are under, in order.
    private static func strings(_ value: SampleValue, under key: String = "") -> [String: [String]] {
        switch value {
        case let .object(members):
            members.reduce(into: [:]) { all, member in all.merge(strings(member.value, under: member.key), uniquingKeysWith: +) }
        case let .array(elements):
            elements.reduce(into: [:]) { all, element in all.merge(strings(element, under: key), uniquingKeysWith: +) }
        case let .string(text): [key: [text]]
        default: [:]
        }
    }

    @Test("variant 0 is the sample; the others differ from it and from each other, the same for the same number")
    func sampleVariantsDiffer() {
        #expect(Self.order.variant(0) == Self.order)
        let variants = (0..<12).map(Self.order.variant)
        for (index, variant) in variants.enumerated() {
            #expect(!variants[(index + 1)...].contains(variant), "variant \(index) repeats")
        }
        #expect(Self.order.variant(5) == Self.order.variant(5))
    }

    @Test("a sample's variants keep its keys, array lengths, types and nulls, and its strings' lengths")
    func sampleVariantsKeepTheShape() {
        let strings = Self.strings(Self.order)
        for number in 1...12 {
            let variant = Self.order.variant(number)
            #expect(Self.shape(variant) == Self.shape(Self.order))
            let texts = Self.strings(variant)
            // A key's strings are shuffled among its places (sku, note: the null is no string), or
            // a lone string's characters: the same characters in every case.
            for (key, original) in strings {
                #expect(texts[key].map { $0.map { $0.sorted() }.sorted { $0.lexicographicallyPrecedes($1) } }
                    == original.map { $0.sorted() }.sorted { $0.lexicographicallyPrecedes($1) }, "\(key)")
            }
        }
    }

    @Test("a variant's numbers keep their digits, decimals and sign, and its Booleans are flipped at random")
    func sampleVariantsPerturbNumbers() {
        func leaves(_ value: SampleValue) -> [SampleValue] {
            switch value {
            case let .object(members): members.flatMap { leaves($0.value) }
            case let .array(elements): elements.flatMap(leaves)
            default: [value]
            }
        }
        var flipped = 0
        for number in 1...20 {
            for (original, varied) in zip(leaves(Self.order), leaves(Self.order.variant(number))) {
                switch (original, varied) {
                case let (.int(a), .int(b)):
                    #expect(String(a.magnitude).count == String(b.magnitude).count && (a < 0) == (b < 0), "\(a) → \(b)")
                case let (.double(a), .double(b)):
                    #expect(b >= a * 0.5 - 0.01 && b <= a * 1.5 + 0.01, "\(a) → \(b)")
                    #expect(b.description.split(separator: ".").last!.count <= a.description.split(separator: ".").last!.count)
                case let (.bool(a), .bool(b)):
                    flipped += a == b ? 0 : 1
                default: break
                }
            }
        }
        #expect(flipped > 0 && flipped < 20)
    }

    // MARK: A run's inputs, end to end

    /// A generated payload whose values say which variant they are, and which logs the variant
    /// each contender of interest reads: the walk floor when it encodes one, the decoder when it
    /// reads one back (no other contender is selected, and making the inputs does not decode).
    struct Probe: Codable, Equatable, Sendable {
        let variant: Int
        let words: [String]

        private enum CodingKeys: String, CodingKey {
            case variant, words
        }

        /// The variants read: by the walk floor, and by the decoder.
        static let log = Mutex((walkFloor: [Int](), decoder: [Int]()))

        init(leaves: Int, variant: Int) {
            self.variant = variant
            words = (0..<leaves - 1).map { "w\($0) v\(variant)" }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            variant = try container.decode(Int.self, forKey: .variant)
            words = try container.decode([String].self, forKey: .words)
            Self.log.withLock { $0.decoder.append(variant) }
        }

        func encode(to encoder: any Encoder) throws {
            if encoder is WalkFloorEncoder {
                Self.log.withLock { $0.walkFloor.append(variant) }
            }
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(variant, forKey: .variant)
            try container.encode(words, forKey: .words)
        }
    }

    private static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("formbench-inputs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Runs the walk floor and the decoder on the probe at 20 leaves, with `extra` arguments;
    /// returns the exit status, the variants each read, and `latest.json`.
    private static func probeRun(_ extra: [String]) throws -> (status: Int32, walkFloor: [Int], decoder: [Int], latest: [String: Any]) {
        let output = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        var suite = FormBenchSuite()
        suite.register("probe", generatedBy: { Probe(leaves: $0, variant: $1) })
        Probe.log.withLock { $0 = ([], []) }
        let status = suite.run(arguments: ["--quick", "--sizes", "20", "--filter", "scaling/walk-floor/probe,decoding/decoder/probe",
                                           "--output", output.path] + extra)
        let log = Probe.log.withLock { $0 }
        let latest = try JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent("latest.json"))) as? [String: Any]
        return (status, log.walkFloor, log.decoder, latest ?? [:])
    }

    @Test("every contender of a payload size reads the same distinct inputs in the same order, each decoded value checked against its own")
    func contendersReadTheSameInputs() throws {
        let run = try Self.probeRun([])
        // Status 0: every input's decoded value equalled the value that input was written from.
        #expect(run.status == 0)
        let rows = try #require(run.latest["scaling"] as? [[String: Any]])
        let inputs = try #require(rows.first?["inputs"] as? Int)
        #expect(rows.count == 2 && rows.allSatisfy { $0["inputs"] as? Int == inputs })
        #expect(inputs > 2)
        // The warm-up reads input 0, then the rounds take the inputs in turn.
        let expected = (0..<max(run.walkFloor.count, run.decoder.count)).map { $0 == 0 ? 0 : InputPlan.input(forRound: $0 - 1, of: inputs) }
        #expect(run.walkFloor == Array(expected.prefix(run.walkFloor.count)))
        #expect(run.decoder == Array(expected.prefix(run.decoder.count)))
        #expect(Set(run.decoder).count > 10 && Set(run.walkFloor).count > 10)
        let configuration = try #require(run.latest["configuration"] as? [String: Any])
        #expect(configuration["inputMode"] as? String == "distinct")
        #expect(configuration["distinctInputBytes"] as? Int ?? 0 >= InputPlan.minimumTargetBytes)
    }

    @Test("--repeated-input reads one input in every sample, and the results say so")
    func repeatedInputReadsOne() throws {
        let run = try Self.probeRun(["--repeated-input"])
        #expect(run.status == 0)
        #expect(!run.walkFloor.isEmpty && Set(run.walkFloor) == [0])
        #expect(!run.decoder.isEmpty && Set(run.decoder) == [0])
        #expect((run.latest["scaling"] as? [[String: Any]])?.allSatisfy { $0["inputs"] as? Int == 1 } == true)
        #expect((run.latest["configuration"] as? [String: Any])?["inputMode"] as? String == "repeated")
    }

    // MARK: The gate across input modes

    /// A small generated payload for the gate runs (the probe's log belongs to the tests above).
    struct Order: Codable, Equatable, Sendable {
        let lines: [String]
    }

    /// Writes `baseline` with its time ratios set to a millionth of the code's (any judged one
    /// regresses) and its allocation counts to `allocations`.
    private static func rewrite(_ baseline: URL, allocations: Double) throws {
        var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: baseline)) as? [String: Any])
        let metrics = try #require(document["gateMetrics"] as? [[String: Any]])
        #expect(Set(metrics.compactMap { $0["kind"] as? String }) == ["timeRatio", "allocations"])
        document["gateMetrics"] = metrics.map { metric in
            var metric = metric
            metric["value"] = metric["kind"] as? String == "timeRatio" ? 1e-6 : allocations
            return metric
        }
        try JSONSerialization.data(withJSONObject: document).write(to: baseline)
    }

    @Test("a baseline read with the other input mode has its time ratios left unjudged, its allocations judged",
          .enabled(if: MallocCounter().isActive, "allocation counting is compiled out (a sanitizer build)"))
    func otherInputModeIsNotJudgedOnTime() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var suite = FormBenchSuite(countingAllocationsWith: MallocCounter())
        suite.register("order", generatedBy: { leaves, variant in Order(lines: (0..<leaves).map { "line \($0) of order \(variant)" }) })
        let common = ["--quick", "--sizes", "20", "--filter", "scaling/optimized/order,scaling/walk-floor/order"]
        #expect(suite.run(arguments: common + ["--repeated-input", "--write-baseline", "--output", directory.path]) == 0)
        let baseline = directory.appendingPathComponent("baseline.json")
        let recorded = try JSONSerialization.jsonObject(with: Data(contentsOf: baseline)) as? [String: Any]
        #expect((recorded?["configuration"] as? [String: Any])?["inputMode"] as? String == "repeated")
        let compare = common + ["--compare", baseline.path, "--output", directory.appendingPathComponent("run").path]

        // Distinct inputs against a repeated-input baseline: its impossible time ratios are not
        // judged, so the run passes on allocations ...
        try Self.rewrite(baseline, allocations: 1e12)
        #expect(suite.run(arguments: compare) == 0)
        // ... which are still judged: none allowed, the encoder's fail.
        try Self.rewrite(baseline, allocations: 0)
        #expect(suite.run(arguments: compare) == 1)
        // In the baseline's own mode, on its processor, the time ratios are judged, and fail.
        try Self.rewrite(baseline, allocations: 1e12)
        if (recorded?["environment"] as? [String: Any])?["processor"] != nil {
            #expect(suite.run(arguments: compare + ["--repeated-input"]) == 1)
        }
    }

    @Test("the gate names a baseline's other input mode as a reason not to judge its time ratios")
    func inputModeMismatch() {
        let processor = ProcessorIdentity(vendor: "v", modelName: "m", family: "1", model: "2", stepping: "3", caches: ["L2 1024K"])
        #expect(TimeRatioMismatch.between(baselineProcessor: processor, baselineInputs: .repeated,
                                          currentProcessor: processor, currentInputs: .distinct)
            == [.otherInputMode(baseline: .repeated, current: .distinct)])
        #expect(TimeRatioMismatch.between(baselineProcessor: processor, baselineInputs: .distinct,
                                          currentProcessor: processor, currentInputs: .distinct).isEmpty)
        #expect(TimeRatioMismatch.between(baselineProcessor: nil, baselineInputs: .distinct,
                                          currentProcessor: processor, currentInputs: .repeated)
            == [.otherProcessor(nil), .otherInputMode(baseline: .distinct, current: .repeated)])
        #expect(TimeRatioMismatch.between(baselineProcessor: processor, baselineInputs: .distinct,
                                          currentProcessor: nil, currentInputs: .distinct) == [.otherProcessor(processor)])
    }
}
