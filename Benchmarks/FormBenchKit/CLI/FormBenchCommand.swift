import Foundation
import FormBenchCore

/// The formbench program: parses the command line, runs the selected suites, prints and writes
/// the reports, and gates against a baseline.
enum FormBenchCommand {
    /// Every contender, in report order; output checks compare with the first of the same
    /// dialect that ran.
    static let contenders: [any Contender] = [ReferenceContender(), OptimizedContender(), WalkFloorContender(),
                                              HandWrittenContender(), FreshEncoderContender(),
                                              AFNetworkingReferenceContender(), AFNetworkingOptimizedContender(),
                                              DecoderContender(), ParametersDecodingContender(), DecodeFloorContender(),
                                              HandWrittenDecodingContender(), JSONDecoderContender()]

    /// Runs with the arguments after the program name on the payloads `registered` holds and
    /// the samples of `--payload` (with neither, on the built-in suite); returns the exit status.
    /// `invalid` are the registrations that could not be made.
    static func run(_ arguments: [String], registered: FormBenchSuite, invalid: [String] = []) -> Int32 {
        let parsed: Arguments
        do {
            parsed = try Arguments.parse(arguments)
        } catch {
            return usageError("\(error)\nRun 'formbench --help' for usage.")
        }
        if parsed.help {
            print(Usage.text)
            return 0
        }
        if let problem = invalid.first {
            return usageError(problem)
        }
        var sources = registered.sources
        do {
            sources += try SampleLoader.sources(parsed.payloads, taken: Set(sources.map(\.kind.rawValue)))
        } catch {
            return usageError("--payload \(error)")
        }
        if sources.isEmpty {
            guard parsed.replicate == nil else {
                return usageError("--replicate copies samples: give one with --payload FILE (or register one with FormBenchKit)")
            }
            sources = FormBenchSuite.builtIn.sources
        }
        var baseline: BaselineFile?
        if let path = parsed.baselinePath {
            do {
                baseline = try BaselineFile.load(path)
            } catch {
                return usageError(error.description)
            }
            if let baseline, baseline.configuration.quick != parsed.quick {
                let recorded = baseline.configuration.quick ? "a --quick run" : "a full run"
                return usageError("\(path) was recorded by \(recorded): compare runs of one mode (record a "
                    + "--quick baseline with --quick --write-baseline)")
            }
        }
        var settings = parsed.quick ? RunSettings.quick : RunSettings.full
        settings.sizes = parsed.sizes ?? settings.sizes
        settings.budgetSeconds = parsed.budgetSeconds ?? settings.budgetSeconds
        settings.copies = RunSettings.copies(upTo: parsed.replicate ?? 1)
        settings.allocationCounting = AllocationCounting(registered.allocationCounter)
        settings.inputMode = parsed.repeatedInput ? .repeated : .distinct
        settings.l2CacheBytes = RunEnvironment.currentProcessor()?.l2CacheBytes
        let filter = MeasurementFilter(substrings: parsed.filters)
        let writer = ResultsWriter(directory: URL(fileURLWithPath: parsed.outputDirectory, isDirectory: true))
        do {
            // Before the run, so that a bad --output fails in a second, not after minutes.
            try writer.prepare()
        } catch {
            return usageError("cannot use output directory \(parsed.outputDirectory): \(error.localizedDescription)")
        }

        let scaling = ScalingSuite(contenders: contenders, sources: sources, settings: settings, filter: filter)
        guard let document = measure(sources, scaling: scaling, settings: settings, filter: filter, quick: parsed.quick) else {
            return usageError("--filter \(parsed.filters.joined(separator: ",")) selects no measurement; see --help for the ids")
        }
        print(ConsoleReport.render(document))
        do {
            // A quick run that records the baseline leaves the full run's reports in place.
            let paths = try writer.write(document, contenders: contenders.map(\.key),
                                         reports: !(parsed.quick && parsed.writeBaseline),
                                         baseline: parsed.writeBaseline)
            paths.forEach { log("wrote \($0)") }
        } catch {
            return usageError("cannot write results to \(parsed.outputDirectory): \(error.localizedDescription)")
        }

        var status: Int32 = document.problems.isEmpty ? 0 : 1
        if let baseline, let path = parsed.baselinePath {
            let mismatches = TimeRatioMismatch.between(baselineProcessor: baseline.environment.processor,
                                                       baselineInputs: baseline.configuration.inputs,
                                                       currentProcessor: document.environment.processor,
                                                       currentInputs: settings.inputMode)
            let verdict = judge(document, against: baseline, gate: RegressionGate(thresholdPercent: parsed.thresholdPercent),
                                timeRatiosComparable: mismatches.isEmpty, remeasuringWith: scaling)
            print(RegressionReport.render(verdict, baselinePath: path, mismatches: mismatches))
            status = verdict.passed ? status : 1
        }
        if !document.problems.isEmpty {
            log("formbench: \(document.problems.count) PROBLEM(S) — output mismatch, encoder or decoder failure, or a decoded value that differs; see PROBLEMS above")
        }
        return status
    }

    /// How many times the gate measures again the time ratios beyond its threshold before it
    /// calls them regressions.
    static let remeasurements = 2

    /// The gate's verdict on `document`. Time ratios beyond the threshold are measured again, up
    /// to ``remeasurements`` times while any stays beyond, and judged on their lowest value
    /// (see `RegressionGate.evaluate(baseline:current:remeasured:timeRatiosComparable:)`); the document keeps the
    /// run's first figures.
    private static func judge(_ document: ResultsDocument, against baseline: BaselineFile, gate: RegressionGate,
                              timeRatiosComparable: Bool, remeasuringWith scaling: ScalingSuite) -> RegressionVerdict {
        var remeasured: [[GateMetric]] = []
        var verdict = gate.evaluate(baseline: baseline.gateMetrics, current: document.gateMetrics,
                                    timeRatiosComparable: timeRatiosComparable)
        while remeasured.count < remeasurements {
            let slow = verdict.regressions.filter { $0.kind == .timeRatio }.map(\.id)
            let cells = GateMetricsBuilder.cells(measuring: Set(slow), in: document.scaling)
            guard !cells.isEmpty else { break }
            log("formbench: \(slow.count) time ratio(s) beyond the threshold; measuring again (\(remeasured.count + 1) of "
                + "\(remeasurements)): \(slow.joined(separator: "; "))")
            let records = scaling.remeasure(cells, progress: ProgressReporter(totalSteps: cells.count))
            remeasured.append(GateMetricsBuilder.metrics(from: records).filter { slow.contains($0.id) })
            verdict = gate.evaluate(baseline: baseline.gateMetrics, current: document.gateMetrics, remeasured: remeasured,
                                    timeRatiosComparable: timeRatiosComparable)
        }
        return verdict
    }

    /// Runs the suites; `nil` when the filter selects nothing.
    private static func measure(_ sources: [PayloadSource], scaling: ScalingSuite, settings: RunSettings,
                                filter: MeasurementFilter, quick: Bool) -> ResultsDocument? {
        let strategies = StrategySuite(sources: sources, settings: settings, filter: filter)
        let requests = RequestSuite(sources: sources, settings: settings, filter: filter)
        let parallel = ParallelSuite(sources: sources, settings: settings, filter: filter)
        let steps = scaling.plannedSteps + strategies.plannedSteps + requests.plannedSteps + parallel.plannedSteps
        guard steps > 0 else { return nil }

        let environment = RunEnvironment.current()
        log("formbench: \(steps) measurements · allocation counting \(settings.allocationCounting.summary)")
        let progress = ProgressReporter(totalSteps: steps)
        let scalingResults = scaling.run(progress: progress)
        let users = sources.filter(\.isUsers)
        let approximations = Dictionary(uniqueKeysWithValues: users.filter { !$0.approximations.isEmpty }
            .map { ($0.kind.rawValue, $0.approximations) })
        return ResultsDocument(environment: environment,
                               configuration: RunConfiguration(settings: settings, quick: quick, filter: filter),
                               payloads: Dictionary(uniqueKeysWithValues: sources.map { ($0.kind.rawValue, $0.summary) }),
                               scaling: scalingResults.records,
                               outputChecks: scalingResults.checks,
                               strategies: strategies.run(progress: progress),
                               requests: requests.run(progress: progress),
                               parallel: parallel.run(progress: progress),
                               processPeakResidentBytes: ResidentMemory.peakBytes(),
                               gateMetrics: GateMetricsBuilder.metrics(from: scalingResults.records),
                               payloadOrder: users.isEmpty ? nil : sources.map(\.kind.rawValue),
                               approximations: approximations.isEmpty ? nil : approximations,
                               userPayloads: users.isEmpty ? nil : users.map(\.kind.rawValue))
    }

    private static func usageError(_ message: String) -> Int32 {
        log("formbench: error: \(message)")
        return 2
    }

    private static func log(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
