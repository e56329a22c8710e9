import Foundation
import URLEncodedForm

/// Measures operations per second of 1 and 2 threads sharing one coder: one optimized encoder
/// encoding the catalog, and one `URLEncodedFormDecoder` decoding the webhook and the catalog
/// (from the forms the decoding side reads), at each of the run's parallel sizes
/// (`RunSettings.parallelSizes`; the webhook at its one size). Each thread reads the run's
/// inputs of the payload in turn (`PayloadInputs`), and its first result is checked after the
/// clock stops: an encoder thread's output must equal a serial encode's, a decoder thread's
/// value must equal the value written (as the decoding side checks it) and, written again as a
/// form, a serial decode's.
///
/// The thread counts of a group take turns, in rounds (`RunSettings.parallelRounds`): 1 thread,
/// then 2, then 1 again. A shared machine's load moves within minutes, and a speed-up is then
/// read from each round's two measurements, made seconds apart, rather than from two made
/// in different minutes. Before each round, the time a cache line takes between two processors
/// is measured (`CoreToCoreLatency`): what the threads' shared lines cost then.
struct ParallelSuite {
    static let threadCounts = [1, 2]

    /// The run's payloads: the threads share the built-in catalog and webhook, when present.
    let sources: [PayloadSource]
    let settings: RunSettings
    let filter: MeasurementFilter

    /// One group of rows: a side, a payload and a size, measured at each selected thread count.
    struct Group: Equatable {
        let side: ContenderSide
        let payload: PayloadKind
        let leaves: Int

        /// The contender the threads share: the optimized encoder, or the decoder.
        var contender: String {
            side == .encoding ? OptimizedContender.name : DecoderContender.name
        }

        /// What the progress lines and failures call the group.
        var label: String {
            "\(side.rawValue) \(payload.rawValue) N=\(Format.grouped(leaves))"
        }
    }

    /// The measurement id `--filter` matches: `parallel/optimized/catalog/N=100/2 threads`,
    /// `parallel/decoder/webhook/N=20/1 threads`.
    static func id(_ group: Group, threads: Int) -> String {
        "parallel/\(group.contender)/\(group.payload.rawValue)/N=\(group.leaves)/\(threads) threads"
    }

    /// The built-in source of `kind`, when the run has it.
    private func builtIn(_ kind: PayloadKind) -> PayloadSource? {
        sources.first { $0.kind == kind && !$0.isUsers }
    }

    /// Every group the run's payloads allow, in report order: the encoder on the catalog, then
    /// the decoder on the webhook and on the catalog; sizes increasing.
    private var groups: [Group] {
        let catalog = builtIn(.catalog) == nil ? [] : settings.parallelSizes
        let webhook = builtIn(.webhook).map { $0.sizes(settings) } ?? []
        return catalog.map { Group(side: .encoding, payload: .catalog, leaves: $0) }
            + webhook.map { Group(side: .decoding, payload: .webhook, leaves: $0) }
            + catalog.map { Group(side: .decoding, payload: .catalog, leaves: $0) }
    }

    /// The groups with the thread counts the filter selects; groups with none are left out.
    private var selected: [(group: Group, threads: [Int])] {
        groups.compactMap { group in
            let threads = Self.threadCounts.filter { filter.includes(Self.id(group, threads: $0)) }
            return threads.isEmpty ? nil : (group, threads)
        }
    }

    /// The number of progress steps this suite reports: one a group.
    var plannedSteps: Int {
        selected.count
    }

    func run(progress: ProgressReporter) -> [ParallelRecord] {
        let chosen = selected
        // Each payload size's inputs are made once, with the decoders' forms when a decoding
        // group reads them, and shared by its groups.
        var inputs: [String: PayloadInputs] = [:]
        var records: [ParallelRecord] = []
        for (group, threadCounts) in chosen {
            guard let source = builtIn(group.payload) else { continue }
            let key = "\(group.payload.rawValue) \(group.leaves)"
            let forDecoders = chosen.contains { $0.group.payload == group.payload && $0.group.leaves == group.leaves
                && $0.group.side == .decoding }
            let payloadInputs = inputs[key] ?? PayloadInputs(source, size: group.leaves, plan: settings.inputs,
                                                             forDecoders: forDecoders)
            inputs[key] = payloadInputs
            let count = payloadInputs.inputs.count
            let workload: Workload
            do {
                workload = try group.side == .encoding ? .encoding(payloadInputs) : .decoding(payloadInputs)
            } catch {
                progress.note("failed: \(error)")
                records += threadCounts.map {
                    ParallelRecord(group, threads: $0, inputs: count,
                                   rounds: [ParallelRound(operations: 0, seconds: 0, cpuSeconds: 0, coreToCoreNanoseconds: nil,
                                                          failures: ["\(error)"])])
                }
                continue
            }
            let rounds = max(1, settings.parallelRounds)
            let roundSeconds = settings.parallelSeconds / Double(rounds)
            progress.step("parallel \(group.label), \(Format.inputs(count)): "
                + threadCounts.map { "\($0) thread\($0 == 1 ? "" : "s")" }.joined(separator: ", ")
                + " in turn, \(rounds) round\(rounds == 1 ? "" : "s") of \(Format.duration(roundSeconds)) each")
            var measured = [[ParallelRound]](repeating: [], count: threadCounts.count)
            for _ in 0..<rounds {
                let latency = CoreToCoreLatency.measure()
                for (place, threads) in threadCounts.enumerated() {
                    measured[place].append(settings.allocationCounting.withCountingPaused {
                        measure(threads: threads, for: roundSeconds, workload: workload, coreToCoreNanoseconds: latency)
                    })
                }
            }
            for (threads, rounds) in zip(threadCounts, measured) {
                let record = ParallelRecord(group, threads: threads, inputs: count, rounds: rounds)
                record.failures.forEach { progress.note("failed: \($0)") }
                records.append(record)
            }
        }
        return records
    }

    /// One group's timed operation and the check of its results.
    private struct Workload: Sendable {
        /// The number of inputs the threads read in turn.
        let inputs: Int
        /// Encodes or decodes input `index` (from 0, below `inputs`) of thread `thread`'s own
        /// copy of the inputs with the shared coder; the timed call.
        let operate: @Sendable (_ thread: Int, _ index: Int) throws -> any Sendable
        /// Checks a thread's first result (of input 0) against the serial one's, after the
        /// clock stops.
        let check: @Sendable (any Sendable) throws -> Void

        /// The most threads a workload has inputs for.
        static let threads = ParallelSuite.threadCounts.max() ?? 1

        /// One optimized encoder, shared, encoding the catalog's inputs; a thread's first output
        /// must equal a serial encode's.
        ///
        /// Each thread encodes copies of its own, read back from JSON: the threads of a server
        /// encode different values, and two threads reading the same `String`s would contend
        /// for their reference counts, a cost of the benchmark, not of the encoder.
        static func encoding(_ payloadInputs: PayloadInputs) throws -> Workload {
            let payloads = payloadInputs.inputs.compactMap { input in
                if case let .encodable(catalog as CatalogPayload) = input.value { catalog } else { nil }
            }
            guard !payloads.isEmpty else {
                throw UnsupportedPayload(contender: OptimizedContender.name, kind: payloadInputs.kind)
            }
            let copies = try (0..<threads).map { _ in
                try payloads.map { try JSONDecoder().decode(CatalogPayload.self, from: JSONEncoder().encode($0)) }
            }
            let encoder = URLEncodedFormEncoder()
            let expected: [UInt8] = try encoder.encode(payloads[0])
            return Workload(inputs: payloads.count,
                            operate: { thread, index in try encoder.encode(copies[thread][index]) as [UInt8] },
                            check: { output in
                                guard let output = output as? [UInt8], output == expected else {
                                    throw ParallelResultDiffers(what: "output differs from a serial encode's")
                                }
                            })
        }

        /// One decoder, shared, decoding the forms the decoding side reads, each thread its own
        /// copies of them; a thread's first value must equal the value written
        /// (`DecodingInput.verifyTyped`) and, written again as a form, a serial decode's.
        static func decoding(_ payloadInputs: PayloadInputs) throws -> Workload {
            let forms = try payloadInputs.inputs.map { try $0.decodingInput() }
            let copies = (0..<threads).map { _ in forms.map { $0.form.withUnsafeBufferPointer { Array($0) } } }
            let decoder = URLEncodedFormDecoder(limits: DecodingInput.limits)
            let first = forms[0]
            let expected = try first.verifyTyped(try first.decodeForm(decoder, first.form))
            return Workload(inputs: forms.count,
                            operate: { thread, index in try forms[index].decodeForm(decoder, copies[thread][index]) },
                            check: { value in
                                guard try first.verifyTyped(value) == expected else {
                                    throw ParallelResultDiffers(what: "decoded value differs from a serial decode's")
                                }
                            })
        }
    }

    /// Runs `threads` threads calling `workload`'s operation on its inputs in turn, from input
    /// 0, in a loop for `duration` seconds, then checks each thread's first result; the round
    /// records `coreToCoreNanoseconds`, measured before the round's thread counts ran.
    private func measure(threads: Int, for duration: Double, workload: Workload, coreToCoreNanoseconds: Double?) -> ParallelRound {
        let tally = Tally()
        let clock = ContinuousClock()
        let cpuStart = CPUClock.process()
        let start = clock.now
        let deadline = start.advanced(by: .seconds(duration))
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            var operations = 0
            var first: (any Sendable)?
            var failure: String?
            repeat {
                do {
                    let result = try workload.operate(thread, operations % workload.inputs)
                    // Kept until the clock stops and checked then: checking every result would
                    // measure the checks; the first tells.
                    if operations == 0 { first = result }
                    operations += 1
                } catch {
                    failure = "thread \(thread): \(error)"
                }
            } while failure == nil && clock.now < deadline
            tally.withLock { tally in
                tally.operations += operations
                if let first { tally.firsts.append((thread, first)) }
                tally.failures += failure.map { [$0] } ?? []
            }
        }
        let seconds = start.duration(to: clock.now).seconds
        let cpuSeconds = CPUClock.process() - cpuStart
        return tally.withLock { tally in
            let wrong = tally.firsts.sorted { $0.thread < $1.thread }.compactMap { thread, result -> String? in
                do {
                    try workload.check(result)
                    return nil
                } catch {
                    return "thread \(thread): \(error)"
                }
            }
            return ParallelRound(operations: tally.operations, seconds: seconds, cpuSeconds: cpuSeconds,
                                 coreToCoreNanoseconds: coreToCoreNanoseconds, failures: tally.failures + wrong)
        }
    }
}

/// What the threads of one measurement tally: their operations, each one's first result, their
/// failures. Behind an `NSLock`, a pthread mutex whose hand-over ThreadSanitizer sees: on Linux
/// `Synchronization.Mutex` locks with futexes it does not see, and CI's TSan run reported the
/// tally's two updates as a race (as it had the library's spares: `LockedValue`).
private final class Tally: @unchecked Sendable {
    typealias Value = (operations: Int, firsts: [(thread: Int, result: any Sendable)], failures: [String])
    private let lock = NSLock()
    private var value: Value = (0, [], [])

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// A thread's first result that differs from the serial one's.
struct ParallelResultDiffers: Error, CustomStringConvertible {
    let what: String
    var description: String { what }
}
