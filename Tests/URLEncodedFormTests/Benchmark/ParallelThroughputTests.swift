import FormBenchAllocationCounting
import FormBenchCore
import FormBenchKit
import Foundation
import Testing

/// formbench's parallel throughput: 1 and 2 threads sharing one optimized encoder on the
/// catalog, and one decoder on the webhook and the catalog, at the run's parallel sizes, the
/// thread counts taking turns in rounds; each row's figures in `latest.json` and in one table
/// of `summary.md`, selected by its id; and the gate still reads a baseline written before the
/// decoder rows.
@Suite("formbench parallel throughput", .serialized)
struct ParallelThroughputTests {
    private static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("formbench-parallel-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// A quick run of the built-in suite with `filter`; returns the exit status, `latest.json`'s
    /// parallel rows and configuration, and `summary.md`.
    private static func run(filter: String) throws
        -> (status: Int32, rows: [[String: Any]], configuration: [String: Any], summary: String) {
        let output = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let status = FormBenchSuite().run(arguments: ["--quick", "--filter", filter, "--output", output.path])
        let latest = try JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent("latest.json"))) as? [String: Any]
        let summary = try String(contentsOf: output.appendingPathComponent("summary.md"), encoding: .utf8)
        return (status, latest?["parallel"] as? [[String: Any]] ?? [], latest?["configuration"] as? [String: Any] ?? [:], summary)
    }

    /// A row's side, payload, size and thread count, as `latest.json` holds them.
    private static func key(_ row: [String: Any]) -> String {
        "\(row["side"] ?? "") \(row["payload"] ?? "") \(row["leaves"] ?? "") \(row["threads"] ?? "")"
    }

    @Test("the encoder on the catalog and the decoder on the webhook and the catalog run at 1 and 2 threads, every thread's first result checked")
    func everyRowRuns() throws {
        let run = try Self.run(filter: "parallel/")
        // Status 0: no thread failed, and each thread's first output or value equalled the serial one's.
        #expect(run.status == 0)
        #expect(run.configuration["parallelSizes"] as? [Int] == [100, 1_000])
        let groups = ["encoding catalog 100", "encoding catalog 1000", "decoding webhook 20", "decoding catalog 100",
                      "decoding catalog 1000"]
        #expect(run.rows.map(Self.key) == groups.flatMap { ["\($0) 1", "\($0) 2"] })
        for row in run.rows {
            #expect(row["operations"] as? Int ?? 0 > 0, "\(Self.key(row))")
            #expect(row["inputs"] as? Int ?? 0 > 1, "\(Self.key(row)): distinct inputs read in turn")
            #expect(row["seconds"] as? Double ?? 0 > 0 && row["cpuSeconds"] as? Double ?? 0 > 0, "\(Self.key(row))")
            #expect((row["failures"] as? [String])?.isEmpty == true, "\(Self.key(row))")
        }
    }

    @Test("each row keeps its rounds, taken in turn with the other thread count's: the row's figures are their sums, and each round records the core-to-core round trip measured before it")
    func everyRowKeepsItsRounds() throws {
        let run = try Self.run(filter: "parallel/optimized/catalog/N=100/,parallel/decoder/webhook/")
        #expect(run.status == 0)
        #expect(run.configuration["parallelRounds"] as? Int == 2)
        #expect(run.rows.count == 4)
        for row in run.rows {
            let rounds = try #require(row["rounds"] as? [[String: Any]], "\(Self.key(row))")
            #expect(rounds.count == 2, "\(Self.key(row))")
            #expect(rounds.allSatisfy { $0["operations"] as? Int ?? 0 > 0 && $0["seconds"] as? Double ?? 0 > 0 }, "\(Self.key(row))")
            #expect(rounds.reduce(0) { $0 + ($1["operations"] as? Int ?? 0) } == row["operations"] as? Int, "\(Self.key(row))")
            let seconds = rounds.reduce(0.0) { $0 + ($1["seconds"] as? Double ?? 0) }
            #expect(abs(seconds - (row["seconds"] as? Double ?? 0)) < 1e-9, "\(Self.key(row))")
            // A round trip of a cache line takes tens to hundreds of nanoseconds; where two
            // processors cannot be held, none is recorded.
            for latency in rounds.compactMap({ $0["coreToCoreNanoseconds"] as? Double }) {
                #expect(latency > 1 && latency < 100_000, "\(Self.key(row)): \(latency) ns")
            }
        }
        // The two thread counts of a group measured the same rounds' latencies: one measurement
        // before each round, for both.
        for (one, two) in zip(run.rows.filter { $0["threads"] as? Int == 1 }, run.rows.filter { $0["threads"] as? Int == 2 }) {
            let latencies = { (row: [String: Any]) in ((row["rounds"] as? [[String: Any]]) ?? []).map { $0["coreToCoreNanoseconds"] as? Double } }
            #expect(latencies(one) == latencies(two), "\(Self.key(one))")
        }
    }

    @Test("summary.md shows every row in one table grouped by side, payload and N, each speed-up the median of its rounds' over its group's 1 thread, ops/s from latest.json's figures")
    func summaryRendersEveryRow() throws {
        let run = try Self.run(filter: "parallel/decoder/,parallel/optimized/catalog/N=100/")
        #expect(run.status == 0)
        let header = "| side | payload | N | inputs | threads | operations | ops/s | speed-up | rounds' speed-ups | core to core | cores used | result |"
        #expect(run.summary.components(separatedBy: header).count == 2, "one parallel table")
        let lines = run.summary.split(separator: "\n").map(String.init)
        let table = Array(lines.drop { $0 != header }.dropFirst(2).prefix { $0.hasPrefix("|") })
        #expect(table.count == run.rows.count)
        let groups = ["encoding catalog 100", "decoding webhook 20", "decoding catalog 100", "decoding catalog 1,000"]
        #expect(table.map { line -> String in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            return "\(cells[0]) \(cells[1]) \(cells[2]) \(cells[4])"
        } == groups.flatMap { ["\($0) 1", "\($0) 2"] })
        for (line, row) in zip(table, run.rows) {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let operations = try #require(row["operations"] as? Int), seconds = try #require(row["seconds"] as? Double)
            // Counts are grouped by thousands: 1,234.
            #expect(Int(cells[5].replacingOccurrences(of: ",", with: "")) == operations)
            #expect(Int(cells[6].replacingOccurrences(of: ",", with: "")) == Int((Double(operations) / seconds).rounded()))
            #expect(cells[11] == "ok")
            guard row["threads"] as? Int == 2 else {
                #expect(cells[7] == "×1.00" && cells[8] == "–" && cells[9] == "–")
                continue
            }
            // The speed-up: the median of the two rounds' quotients, each over the 1-thread
            // round taken just before it; their range beside it.
            let single = try #require(run.rows.first { Self.key($0) == String(Self.key(row).dropLast()) + "1" })
            let perSecond = { (round: [String: Any]) in Double(round["operations"] as? Int ?? 0) / (round["seconds"] as? Double ?? 1) }
            let quotients = zip(try #require(row["rounds"] as? [[String: Any]]), try #require(single["rounds"] as? [[String: Any]]))
                .map { perSecond($0) / perSecond($1) }
            // Ratios are written to three significant digits: `×1.87`.
            let shown = { (cell: Substring) in Double(cell.dropFirst()) ?? .nan }
            let agrees = { (cell: Substring, value: Double) in abs(shown(cell) - value) <= 0.006 * value }
            #expect(agrees(Substring(cells[7]), (quotients[0] + quotients[1]) / 2), "\(Self.key(row)): \(cells[7]) for \(quotients)")
            let range = cells[8].split(separator: "–")
            #expect(range.count == 2 && agrees(range[0], quotients.min()!) && agrees(range[1], quotients.max()!),
                    "\(Self.key(row)): \(cells[8]) for \(quotients)")
            #expect(cells[9] == "n/a" || cells[9].hasSuffix(" ns"), "\(Self.key(row)): \(cells[9])")
        }
    }

    @Test("a round's speed-up is its rate over the baseline's rate in the same round, not the whole rows' quotient")
    func speedUpsAreReadRoundByRound() throws {
        // Three rounds of 1 s, the baseline steady at 100 a second: one quotient a round.
        let baseline = [(operations: 100, seconds: 1.0), (100, 1.0), (100, 1.0)]
        #expect(RoundSpeedUp.quotients(of: [(150, 1.0), (50, 1.0), (250, 1.0)], over: baseline) == [1.5, 0.5, 2.5])
        // A slow stretch that slows both thread counts' second round reads as no change there
        // (×2 as in the others; the whole rows' quotient, 500 over 225, would read ×2.22).
        #expect(RoundSpeedUp.quotients(of: [(200, 1.0), (50, 1.0), (250, 1.0)], over: [(100, 1.0), (25, 1.0), (100, 1.0)]) == [2, 2, 2.5])
        // Rates, not counts: 150 in 2 s is 75 a second.
        #expect(RoundSpeedUp.quotients(of: [(150, 2.0)], over: [(100, 1.0)]) == [0.75])
        // Nothing to compare: different numbers of rounds, a round without time, a baseline
        // round that finished nothing.
        #expect(RoundSpeedUp.quotients(of: [(150, 1.0)], over: baseline).isEmpty)
        #expect(RoundSpeedUp.quotients(of: [(150, 0.0)], over: [(100, 1.0)]).isEmpty)
        #expect(RoundSpeedUp.quotients(of: [(150, 1.0)], over: [(0, 1.0)]).isEmpty)
    }

    @Test("--filter selects parallel rows by contender, payload, size and thread count")
    func filterSelectsRows() throws {
        let run = try Self.run(filter: "parallel/decoder/webhook/N=20/2 threads,parallel/optimized/catalog/N=1000/1 threads")
        #expect(run.status == 0)
        #expect(run.rows.map(Self.key) == ["encoding catalog 1000 1", "decoding webhook 20 2"])
    }

    @Test("the gate reads a baseline whose parallel rows and configuration have the shape from before the decoder rows",
          .enabled(if: MallocCounter().isActive, "allocation counting is compiled out (a sanitizer build)"))
    func gateReadsAnOlderBaseline() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var suite = FormBenchSuite(countingAllocationsWith: MallocCounter())
        suite.register("order", generatedBy: { leaves, variant in
            DistinctInputsTests.Order(lines: (0..<leaves).map { "line \($0) of order \(variant)" })
        })
        let common = ["--quick", "--sizes", "20", "--filter", "scaling/optimized/order,scaling/walk-floor/order"]
        #expect(suite.run(arguments: common + ["--write-baseline", "--output", directory.path]) == 0)
        // The older shape: one size, encoder rows without side and payload counting `encodes`.
        // Every gate metric is made unreachable, so that only reading the file can fail the run.
        let baseline = directory.appendingPathComponent("baseline.json")
        var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: baseline)) as? [String: Any])
        var configuration = try #require(document["configuration"] as? [String: Any])
        configuration["parallelSizes"] = nil
        configuration["parallelLeaves"] = 1_000
        document["configuration"] = configuration
        document["parallel"] = [[
            "threads": 2, "leaves": 1_000, "inputs": 90, "encodes": 3_760, "seconds": 0.25, "cpuSeconds": 0.5, "failures": [String](),
        ]]
        document["gateMetrics"] = try #require(document["gateMetrics"] as? [[String: Any]]).map { metric in
            var metric = metric
            metric["value"] = 1e12
            return metric
        }
        try JSONSerialization.data(withJSONObject: document).write(to: baseline)
        #expect(suite.run(arguments: common + ["--compare", baseline.path, "--output", directory.appendingPathComponent("run").path]) == 0)
    }
}
