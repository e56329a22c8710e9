import Foundation
import URLEncodedForm

/// A formbench run over your own payloads: register the values your code encodes (your real
/// `Codable` types) and the `[String: Any]` parameters it passes to `URLEncoding`, then
/// ``run(arguments:)`` with formbench's command line. The run measures on each of them what
/// formbench measures on its own payloads — the Alamofire reference port against the optimized
/// encoder (reused and made anew), the walk floor, the cost of every encoder option relative to
/// the defaults, the `[String: Any]` route, the decoder reading the form back — and writes the
/// same tables, `latest.json`, `summary.md` and chart, and gates against a baseline with
/// `--compare`.
///
/// ```swift
/// var suite = FormBenchSuite()
/// suite.register("signup", sample: Signup(email: "ann@example.com", topics: ["swift", "nio"], newsletter: true))
/// suite.register("search", parameters: ["q": "café au lait", "page": 2])
/// exit(suite.run())
/// ```
///
/// A registered `sample` is measured as it is, and with `--replicate N` also as `records[]` of
/// up to `N` copies of it, to show how the costs grow; a generator (`generatedBy:`) makes a
/// value of about as many leaves as each of the run's sizes. formbench reads a different input
/// in each timed sample (K values of the payload's shape, in turn), as a server meets a
/// different form every time, unless `--repeated-input` asks for one input read over and over:
/// a generator that also takes a variant number (`generatedBy: { leaves, variant in … }`) gives
/// those values. A sample, and a generator of leaves alone, give one value, which every sample
/// reads, whatever the mode (the report says so). Registering nothing runs
/// formbench's own payloads, and `--payload FILE` adds samples read from JSON or form files.
/// <doc:BenchmarkingYourOwnForms> shows a whole benchmark.
///
/// Allocations and peak heap are counted only by a suite given an ``AllocationCounter``
/// (`MallocCounter`, from the `FormBenchAllocationCounting` product, which replaces `malloc`
/// for the whole process); without one, those figures read `n/a`.
public struct FormBenchSuite: Sendable {
    /// The registered payloads, in registration order.
    var sources: [PayloadSource] = []
    /// Registrations that cannot run (an empty name, one given twice), reported by `run`.
    private var invalid: [String] = []
    /// What counts the run's allocations; `nil`: nothing does.
    let allocationCounter: (any AllocationCounter)?

    /// A suite with no payload registered.
    ///
    /// - Parameter counter: what counts the run's heap allocations, for the allocation and
    ///   peak heap figures and the gate's allocation metrics: `MallocCounter()` from the
    ///   `FormBenchAllocationCounting` product, which `formbench` passes. By default nothing
    ///   counts them, and they read `n/a`.
    public init(countingAllocationsWith counter: (any AllocationCounter)? = nil) {
        allocationCounter = counter
    }

    /// Registers `sample`, a value of one of your `Encodable` types, under `name`; without
    /// `Decodable` and `Equatable`, the decoders do not read it back.
    ///
    /// - Parameters:
    ///   - name: what the reports, `--filter` and the gate call it; letters, digits and `-._`.
    ///   - summary: one line saying what it is, for the reports.
    ///   - sample: the value, as your code encodes it.
    public mutating func register<Value: Encodable & Sendable>(_ name: String, summary: String = "", sample: Value) {
        add(sampleSource(name, summary: summary, sample: sample))
    }

    /// Registers `sample`, a value of one of your `Codable` types, under `name`; the decoders
    /// read its form back into `Value` and check that it equals `sample`.
    ///
    /// - Parameters:
    ///   - name: what the reports, `--filter` and the gate call it; letters, digits and `-._`.
    ///   - summary: one line saying what it is, for the reports.
    ///   - sample: the value, as your code encodes it.
    public mutating func register<Value: Codable & Equatable & Sendable>(_ name: String, summary: String = "", sample: Value) {
        var source = sampleSource(name, summary: summary, sample: sample)
        let kind = source.kind
        source.decodingInput = { value in
            switch value {
            case let .encodable(value as Value): return try DecodingInput(value, kind: kind)
            case let .encodable(copies as Copies<Value>): return try DecodingInput(copies, kind: kind)
            default: throw UnsupportedPayload(contender: "the decoders", kind: kind)
            }
        }
        add(source)
    }

    /// Registers a generated `Encodable` payload under `name`: `make(leaves)` returns a value of
    /// about `leaves` key–value pairs, for each of the run's sizes (`--sizes`). Every sample
    /// reads that one value: register a generator of variants for distinct inputs.
    ///
    /// - Parameters:
    ///   - name: what the reports, `--filter` and the gate call it; letters, digits and `-._`.
    ///   - summary: one line saying what it is, for the reports.
    ///   - make: the value of about the given number of leaves; the same for the same number.
    public mutating func register<Value: Encodable & Sendable>(_ name: String, summary: String = "",
                                                               generatedBy make: @escaping @Sendable (_ leaves: Int) -> Value) {
        add(generatedSource(name, summary: summary, hasVariants: false) { leaves, _ in make(leaves) })
    }

    /// Registers a generated `Encodable` payload with variants under `name`: `make(leaves,
    /// variant)` returns a value of about `leaves` key–value pairs, for each of the run's sizes
    /// (`--sizes`), and for each variant (0, 1, 2, …) another value of the same shape and size,
    /// so that each timed sample reads a different input.
    ///
    /// - Parameters:
    ///   - name: what the reports, `--filter` and the gate call it; letters, digits and `-._`.
    ///   - summary: one line saying what it is, for the reports.
    ///   - make: the value of about the given number of leaves, of the given variant; the same
    ///     for the same numbers.
    public mutating func register<Value: Encodable & Sendable>(_ name: String, summary: String = "",
                                                               generatedBy make: @escaping @Sendable (_ leaves: Int, _ variant: Int) -> Value) {
        add(generatedSource(name, summary: summary, hasVariants: true, make: make))
    }

    /// Registers a generated `Codable` payload under `name`, which the decoders read back:
    /// `make(leaves)` returns a value of about `leaves` key–value pairs, for each of the run's
    /// sizes (`--sizes`). Every sample reads that one value: register a generator of variants
    /// for distinct inputs.
    ///
    /// - Parameters:
    ///   - name: what the reports, `--filter` and the gate call it; letters, digits and `-._`.
    ///   - summary: one line saying what it is, for the reports.
    ///   - make: the value of about the given number of leaves; the same for the same number.
    public mutating func register<Value: Codable & Equatable & Sendable>(_ name: String, summary: String = "",
                                                                         generatedBy make: @escaping @Sendable (_ leaves: Int) -> Value) {
        add(decodable(generatedSource(name, summary: summary, hasVariants: false) { leaves, _ in make(leaves) }, as: Value.self))
    }

    /// Registers a generated `Codable` payload with variants under `name`, which the decoders
    /// read back: `make(leaves, variant)` returns a value of about `leaves` key–value pairs, for
    /// each of the run's sizes (`--sizes`), and for each variant (0, 1, 2, …) another value of
    /// the same shape and size, so that each timed sample reads a different input.
    ///
    /// - Parameters:
    ///   - name: what the reports, `--filter` and the gate call it; letters, digits and `-._`.
    ///   - summary: one line saying what it is, for the reports.
    ///   - make: the value of about the given number of leaves, of the given variant; the same
    ///     for the same numbers.
    public mutating func register<Value: Codable & Equatable & Sendable>(_ name: String, summary: String = "",
                                                                         generatedBy make: @escaping @Sendable (_ leaves: Int, _ variant: Int) -> Value) {
        add(decodable(generatedSource(name, summary: summary, hasVariants: true, make: make), as: Value.self))
    }

    /// Registers `parameters`, the `[String: Any]` your code passes to `URLEncoding`, under
    /// `name`: measured through `URLEncoding` against Alamofire's, and as it is and with
    /// `--replicate N` as `records[]` of up to `N` copies.
    ///
    /// - Parameters:
    ///   - name: what the reports, `--filter` and the gate call it; letters, digits and `-._`.
    ///   - summary: one line saying what it is, for the reports.
    ///   - parameters: the dictionary, as your code builds it.
    public mutating func register(_ name: String, summary: String = "", parameters: Parameters) {
        var source = PayloadSource(kind: PayloadKind(rawValue: name), summary: summary.isEmpty ? "your [String: Any] parameters" : summary,
                                   origin: .registered, sizesAreLeaves: false, producesParameters: true,
                                   make: { copies, _ in .parameters(copies > 1 ? ["records": Array(repeating: parameters, count: copies)] : parameters) },
                                   hasVariants: false)
        source.approximations = [Self.oneInput]
        add(source)
    }

    /// Registers generated parameters under `name`: `make(leaves)` returns a `[String: Any]` of
    /// about `leaves` key–value pairs, for each of the run's sizes (`--sizes`). Every sample
    /// reads that one dictionary: register a generator of variants for distinct inputs.
    ///
    /// - Parameters:
    ///   - name: what the reports, `--filter` and the gate call it; letters, digits and `-._`.
    ///   - summary: one line saying what it is, for the reports.
    ///   - make: the parameters of about the given number of leaves.
    public mutating func register(_ name: String, summary: String = "", parametersGeneratedBy make: @escaping @Sendable (_ leaves: Int) -> Parameters) {
        add(parametersSource(name, summary: summary, hasVariants: false) { leaves, _ in make(leaves) })
    }

    /// Registers generated parameters with variants under `name`: `make(leaves, variant)`
    /// returns a `[String: Any]` of about `leaves` key–value pairs, for each of the run's sizes
    /// (`--sizes`), and for each variant (0, 1, 2, …) another of the same shape and size, so
    /// that each timed sample reads a different input.
    ///
    /// - Parameters:
    ///   - name: what the reports, `--filter` and the gate call it; letters, digits and `-._`.
    ///   - summary: one line saying what it is, for the reports.
    ///   - make: the parameters of about the given number of leaves, of the given variant.
    public mutating func register(_ name: String, summary: String = "",
                                  parametersGeneratedBy make: @escaping @Sendable (_ leaves: Int, _ variant: Int) -> Parameters) {
        add(parametersSource(name, summary: summary, hasVariants: true, make: make))
    }

    /// Runs formbench with `arguments` (the command line after the program's name: `--quick`,
    /// `--filter`, `--output`, `--compare`, `--replicate`, `--payload`, …; `--help` lists them)
    /// on the registered payloads, and on the samples of `--payload`; with neither, on
    /// formbench's own payloads. Prints the tables, writes the results and returns the exit
    /// status: 0 fine, 1 an output mismatch, a failure or a regression, 2 a bad command line.
    ///
    /// - Parameter arguments: the command line; by default the process's own.
    /// - Returns: the exit status, for `exit(_:)`.
    public func run(arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Int32 {
        FormBenchCommand.run(arguments, registered: self, invalid: invalid)
    }

    /// What the report says of a registered payload that has one value per size.
    private static let oneInput = "inputs: its one value is read by every sample, whatever the input mode, so the branch predictor "
        + "and the caches learn it (register a generator of variants, generatedBy: { leaves, variant in … }, for distinct inputs)"

    private func sampleSource<Value: Encodable & Sendable>(_ name: String, summary: String, sample: Value) -> PayloadSource {
        var source = PayloadSource(kind: PayloadKind(rawValue: name), summary: summary.isEmpty ? "your \(Value.self)" : summary,
                                   origin: .registered, sizesAreLeaves: false, producesParameters: false,
                                   make: { copies, _ in .encodable(copies > 1 ? Copies(records: Array(repeating: sample, count: copies)) as any Encodable & Sendable : sample) },
                                   hasVariants: false)
        source.strategySize = { _ in 1 }
        source.approximations = [Self.oneInput]
        return source
    }

    private func generatedSource<Value: Encodable & Sendable>(_ name: String, summary: String, hasVariants: Bool,
                                                              make: @escaping @Sendable (Int, Int) -> Value) -> PayloadSource {
        var source = PayloadSource(kind: PayloadKind(rawValue: name), summary: summary.isEmpty ? "your generated \(Value.self)" : summary,
                                   origin: .registered, sizesAreLeaves: true, producesParameters: false,
                                   make: { .encodable(make($0, $1)) }, hasVariants: hasVariants)
        source.strategySize = { $0.strategyLeaves }
        source.approximations = hasVariants ? [] : [Self.oneInput]
        return source
    }

    private func parametersSource(_ name: String, summary: String, hasVariants: Bool,
                                  make: @escaping @Sendable (Int, Int) -> Parameters) -> PayloadSource {
        var source = PayloadSource(kind: PayloadKind(rawValue: name), summary: summary.isEmpty ? "your generated [String: Any] parameters" : summary,
                                   origin: .registered, sizesAreLeaves: true, producesParameters: true,
                                   make: { .parameters(make($0, $1)) }, hasVariants: hasVariants)
        source.approximations = hasVariants ? [] : [Self.oneInput]
        return source
    }

    /// `source`, read back by the decoders as `Value`.
    private func decodable<Value: Codable & Equatable & Sendable>(_ source: PayloadSource, as _: Value.Type) -> PayloadSource {
        var source = source
        let kind = source.kind
        source.decodingInput = { value in
            guard case let .encodable(value as Value) = value else { throw UnsupportedPayload(contender: "the decoders", kind: kind) }
            return try DecodingInput(value, kind: kind)
        }
        return source
    }

    /// Adds `source`, or notes why it cannot run.
    mutating func add(_ source: PayloadSource) {
        let name = source.kind.rawValue
        if let problem = Self.problem(withName: name) {
            invalid.append(problem)
        } else if sources.contains(where: { $0.kind == source.kind }) {
            invalid.append("the payload name '\(name)' is registered twice")
        } else {
            sources.append(source)
        }
    }

    /// Why `name` cannot name a payload, or `nil`.
    static func problem(withName name: String) -> String? {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._")
        guard !name.isEmpty, name.allSatisfy(allowed.contains) else {
            return "the payload name '\(name)' must be non-empty and made of letters, digits and -._"
        }
        return nil
    }
}

/// `copies` of a registered sample, for `--replicate`: `records[]` of them.
struct Copies<Value: Encodable & Sendable>: Encodable, Sendable {
    let records: [Value]
}

extension Copies: Decodable where Value: Decodable {}
extension Copies: Equatable where Value: Equatable {}
