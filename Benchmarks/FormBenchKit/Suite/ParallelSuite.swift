import Foundation
import Synchronization
import URLEncodedForm

/// Measures encodes per second of 1 and 2 threads sharing one optimized encoder on the catalog
/// payload, each thread encoding the run's inputs of it in turn (`PayloadInputs`), and checks
/// that every thread's first output equals a serial encode's.
struct ParallelSuite {
    static let threadCounts = [1, 2]

    /// The run's payloads: the threads share the built-in catalog, when present.
    let sources: [PayloadSource]
    let settings: RunSettings
    let filter: MeasurementFilter

    /// The measurement id `--filter` matches.
    static func id(threads: Int) -> String {
        "parallel/\(OptimizedContender.name)/\(PayloadKind.catalog.rawValue)/\(threads) threads"
    }

    private var selected: [Int] {
        guard sources.contains(where: { $0.kind == .catalog && !$0.isUsers }) else { return [] }
        return Self.threadCounts.filter { filter.includes(Self.id(threads: $0)) }
    }

    /// The number of measurements this suite makes.
    var plannedSteps: Int {
        selected.count
    }

    func run(progress: ProgressReporter) -> [ParallelRecord] {
        let threadCounts = selected
        guard !threadCounts.isEmpty else { return [] }
        guard let source = sources.first(where: { $0.kind == .catalog && !$0.isUsers }) else { return [] }
        let leaves = settings.parallelLeaves
        let payloads = PayloadInputs(source, size: leaves, plan: settings.inputs).inputs.compactMap { input in
            if case let .encodable(catalog as CatalogPayload) = input.value { catalog } else { nil }
        }
        guard !payloads.isEmpty else { return [] }
        let encoder = URLEncodedFormEncoder()
        let expected: [UInt8]
        do {
            expected = try encoder.encode(payloads[0])
        } catch {
            progress.note("failed: \(error)")
            return threadCounts.map {
                ParallelRecord(threads: $0, leaves: leaves, inputs: payloads.count, encodes: 0, seconds: 0, cpuSeconds: 0,
                               failures: ["\(error)"])
            }
        }
        return threadCounts.map { threads in
            progress.step("parallel catalog N=\(leaves), \(Format.inputs(payloads.count)): \(threads) thread\(threads == 1 ? "" : "s") "
                + "for \(Format.duration(settings.parallelSeconds))")
            return settings.allocationCounting.withCountingPaused {
                measure(threads: threads, encoder: encoder, payloads: payloads, leaves: leaves, expected: expected)
            }
        }
    }

    /// Runs `threads` threads encoding `payloads` in turn, in a loop until the time is up;
    /// `expected` is the first one's form.
    private func measure(threads: Int, encoder: URLEncodedFormEncoder, payloads: [CatalogPayload], leaves: Int,
                         expected: [UInt8]) -> ParallelRecord {
        let tally = Mutex((encodes: 0, failures: [String]()))
        let clock = ContinuousClock()
        let cpuStart = CPUClock.process()
        let start = clock.now
        let deadline = start.advanced(by: .seconds(settings.parallelSeconds))
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            var encodes = 0
            var failure: String?
            repeat {
                do {
                    let output: [UInt8] = try encoder.encode(payloads[encodes % payloads.count])
                    // Comparing every output would measure the comparison; the first tells.
                    if encodes == 0 && output != expected {
                        failure = "thread \(thread): output differs from a serial encode's"
                    }
                    encodes += 1
                } catch {
                    failure = "thread \(thread): \(error)"
                }
            } while failure == nil && clock.now < deadline
            tally.withLock { tally in
                tally.encodes += encodes
                tally.failures += failure.map { [$0] } ?? []
            }
        }
        let seconds = start.duration(to: clock.now).seconds
        let cpuSeconds = CPUClock.process() - cpuStart
        return tally.withLock { tally in
            ParallelRecord(threads: threads, leaves: leaves, inputs: payloads.count, encodes: tally.encodes, seconds: seconds,
                           cpuSeconds: cpuSeconds, failures: tally.failures)
        }
    }
}
