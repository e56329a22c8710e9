import Foundation
import FormBenchAllocationCounting
import FormBenchKit
import Testing

/// The README's FormBenchKit example ("Benchmarking your own forms", also the DocC article of
/// that name) compiles and runs as shown, and `--payload` reads a JSON and a form sample into
/// the full report: results files, the payloads' rows and the strategy table's recommendation.
@Suite("FormBenchKit: benchmarking your own forms")
struct FormBenchKitExampleTests {
    // The README's example, but for `exit`: a test cannot end the process.
    struct Signup: Codable, Equatable, Sendable {
        let email: String
        let topics: [String]
        let newsletter: Bool
    }

    private static func exampleSuite(countingAllocationsWith counter: (any AllocationCounter)? = nil) -> FormBenchSuite {
        var suite = FormBenchSuite(countingAllocationsWith: counter)
        suite.register("signup", sample: Signup(email: "ann@example.com", topics: ["swift", "nio"], newsletter: true))
        suite.register("search", parameters: ["q": "café au lait", "page": 2, "filters": ["in_stock": true]])
        return suite
    }

    /// The README's lines, which `exampleSuite` repeats.
    private static let exampleLines = [
        "struct Signup: Codable, Equatable, Sendable {",
        #"suite.register("signup", sample: Signup(email: "ann@example.com", topics: ["swift", "nio"], newsletter: true))"#,
        #"suite.register("search", parameters: ["q": "café au lait", "page": 2, "filters": ["in_stock": true]])"#,
        "exit(suite.run())",
    ]

    private static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("formbenchkit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test("the README and the DocC article show the example this test runs")
    func documentsShowTheExample() throws {
        for document in ["README.md", "Benchmarks/FormBenchKit/FormBenchKit.docc/BenchmarkingYourOwnForms.md"] {
            let text = try String(contentsOf: Self.packageRoot.appendingPathComponent(document), encoding: .utf8)
            for line in Self.exampleLines {
                #expect(text.contains(line), "\(document) lacks: \(line)")
            }
        }
    }

    @Test("the example's suite runs its payloads and writes the reports")
    func exampleRuns() throws {
        let output = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let status = Self.exampleSuite().run(arguments: ["--quick", "--filter", "scaling/optimized/,decoding/decoder/",
                                                         "--output", output.path])
        #expect(status == 0)
        let summary = try String(contentsOf: output.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("## signup — your Signup"))
        #expect(summary.contains("## search — your [String: Any] parameters"))
        let latest = try JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent("latest.json"))) as? [String: Any]
        let rows = (latest?["scaling"] as? [[String: Any]] ?? []).map { "\($0["contender"] ?? "") \($0["payload"] ?? "")" }
        #expect(rows == ["optimized signup", "decoder signup", "optimized search"])
    }

    /// Runs `suite` on the optimized encoder and `signup` alone; returns `latest.json`'s
    /// configuration and scaling rows, and `summary.md`.
    private static func signupRun(_ suite: FormBenchSuite) throws -> (configuration: [String: Any], rows: [[String: Any]], summary: String) {
        let output = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        #expect(suite.run(arguments: ["--quick", "--filter", "scaling/optimized/signup", "--output", output.path]) == 0)
        let latest = try JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent("latest.json"))) as? [String: Any]
        let summary = try String(contentsOf: output.appendingPathComponent("summary.md"), encoding: .utf8)
        return (latest?["configuration"] as? [String: Any] ?? [:], latest?["scaling"] as? [[String: Any]] ?? [], summary)
    }

    @Test("a suite given no allocation counter counts none, and its report says it was not asked to")
    func noCounterCountsNoAllocations() throws {
        let run = try Self.signupRun(Self.exampleSuite())
        #expect(run.configuration["allocationCounting"] as? Bool == false)
        #expect(run.configuration["allocationCountingAbsence"] as? String == "notRequested")
        #expect(!run.rows.isEmpty)
        #expect(run.rows.allSatisfy { $0["allocationsPerEncode"] == nil })
        #expect(run.summary.contains("allocation counting off (not requested"))
    }

    @Test("a suite given MallocCounter counts allocations wherever the counter is compiled in")
    func mallocCounterCountsAllocations() throws {
        let run = try Self.signupRun(Self.exampleSuite(countingAllocationsWith: MallocCounter()))
        // Under a sanitizer the counter is compiled out, and the report says so.
        let active = MallocCounter().isActive
        #expect(run.configuration["allocationCounting"] as? Bool == active)
        #expect(run.configuration["allocationCountingAbsence"] as? String == (active ? nil : "unavailable"))
        #expect(!run.rows.isEmpty)
        #expect(run.rows.allSatisfy { ($0["allocationsPerEncode"] != nil) == active })
        #expect(run.summary.contains(active ? "allocation counting on" : "allocation counting unavailable"))
    }

    @Test("a time ratio beyond the gate's threshold in every measurement fails the run, measured again or not")
    func gateFailsARatioBeyondItsThresholdEveryTime() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let filter = ["--filter", "scaling/optimized/signup,scaling/walk-floor/signup"]
        #expect(Self.exampleSuite().run(arguments: ["--quick", "--write-baseline", "--output", directory.path] + filter) == 0)
        // The baseline's time ratios made four times better than the code can do: every
        // measurement, the first and each repeated one, stays beyond the threshold.
        let baseline = directory.appendingPathComponent("baseline.json")
        var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: baseline)) as? [String: Any])
        var metrics = try #require(document["gateMetrics"] as? [[String: Any]])
        #expect(metrics.contains { $0["kind"] as? String == "timeRatio" })
        metrics = metrics.map { metric in
            var metric = metric
            if metric["kind"] as? String == "timeRatio", let value = metric["value"] as? Double { metric["value"] = value / 4 }
            return metric
        }
        document["gateMetrics"] = metrics
        try JSONSerialization.data(withJSONObject: document).write(to: baseline)
        let compared = ["--quick", "--compare", baseline.path, "--threshold", "50",
                        "--output", directory.appendingPathComponent("run").path] + filter
        #expect(Self.exampleSuite().run(arguments: compared) == 1)
    }

    @Test("a registration with a bad name makes the run a usage error")
    func badName() {
        var suite = FormBenchSuite()
        suite.register("my form", sample: Signup(email: "", topics: [], newsletter: false))
        #expect(suite.run(arguments: ["--quick"]) == 2)
    }

    @Test("--payload reads a JSON and a form sample into the full report, with the recommendation")
    func payloadSamples() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let json = directory.appendingPathComponent("order.json"), form = directory.appendingPathComponent("hook.form")
        try Data(#"{"customer": {"name": "Ann", "vip": true}, "items": [{"sku": "A#1", "q": 2, "note": null}], "total": 9.5}"#.utf8).write(to: json)
        try Data("From=%2B14155551234&Body=Hi+there&NumMedia=0&tags[]=a\n".utf8).write(to: form)
        let output = directory.appendingPathComponent("out")
        let status = FormBenchSuite().run(arguments: [
            "--quick", "--payload", json.path, "--payload", form.path, "--replicate", "10", "--output", output.path,
            "--filter", "scaling/reference/,scaling/optimized/,decoding/decoder/,strategies/optimized/order/sorting,strategies/optimized/hook/the same data",
        ])
        #expect(status == 0)
        let summary = try String(contentsOf: output.appendingPathComponent("summary.md"), encoding: .utf8)
        for expected in ["## order — JSON sample", "## order-parameters — JSON sample", "## hook — form sample",
                         "## option strategies — optimized encoder, order N=", "Recommendation for order",
                         "Recommendation for hook", "## What the figures of order approximate",
                         "optimized takes ×"] {
            #expect(summary.contains(expected), "summary.md lacks \(expected)")
        }
        let latest = try JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent("latest.json"))) as? [String: Any]
        let leaves = Set((latest?["scaling"] as? [[String: Any]] ?? []).filter { $0["payload"] as? String == "order" }.compactMap { $0["leaves"] as? Int })
        #expect(leaves == [5, 23])  // customer 2, one item 2 (the null left out), total; then 10 items
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("time-vs-n.svg").path))
    }

    @Test("a sample that cannot be read is a usage error naming the file")
    func unreadableSample() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let json = directory.appendingPathComponent("broken.json")
        try Data(#"{"a": }"#.utf8).write(to: json)
        #expect(FormBenchSuite().run(arguments: ["--quick", "--payload", json.path, "--output", directory.path]) == 2)
        #expect(FormBenchSuite().run(arguments: ["--quick", "--replicate", "3", "--output", directory.path]) == 2)
    }
}
