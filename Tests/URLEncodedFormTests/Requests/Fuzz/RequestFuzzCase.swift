import FormBenchCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One generated request-layer case — a request, and `[String: Any]` parameters for
/// `URLEncoding` or an `Encodable` value for `URLEncodedFormParameterEncoder` with their options
/// — as a pure function of its seed.
struct RequestFuzzCase: CustomStringConvertible {
    /// The encoding a case makes, with its arguments.
    enum Call {
        /// `URLEncoding(options).encode(request, with: parameters)`.
        case urlEncoding(parameters: [String: FuzzParameter]?, options: FuzzURLEncodingOptions)
        /// `URLEncodedFormParameterEncoder(encoder: options, destination:).encode(value, into: request)`.
        case parameterEncoder(value: FuzzValue?, options: FuzzOptions, destination: RequestDestination)
        /// `AFHTTPRequestSerializer(options).request(bySerializingRequest: request, withParameters: parameters)`.
        case afSerializer(parameters: FuzzParameter?, options: FuzzAFSerializerOptions)
    }

    let seed: UInt64
    let request: FuzzRequest
    let call: Call

    init(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        self.seed = seed
        request = FuzzRequest.random(using: &rng)
        let dialect = rng.next() % 100
        if dialect < 25 {
            let options = FuzzAFSerializerOptions.random(using: &rng)
            call = .afSerializer(parameters: FuzzParameter.randomAFParameters(using: &rng), options: options)
        } else if dialect < 60 {
            let options = FuzzURLEncodingOptions.random(using: &rng)
            // Keys `<` cannot order only with a depth limit that lets every top-level key
            // through: at 0 each module throws for the first key in its order, and the
            // reference's depth check sorts the caller's dictionary, not the copy it writes.
            let parameters = rng.chance(0.08) ? nil : FuzzParameter.randomParameters(
                withUnorderedKeys: options.options.maximumDepth != 0, using: &rng)
            call = .urlEncoding(parameters: parameters, options: options)
        } else {
            // The encoder fuzz's options and values: mostly keyed roots, sometimes not.
            let options = FuzzOptions.random(using: &rng)
            let destination = rng.pick([RequestDestination.methodDependent, .queryString, .httpBody])
            call = .parameterEncoder(value: rng.chance(0.08) ? nil : FuzzValue.randomRoot(using: &rng).describable,
                                     options: options, destination: destination)
        }
    }

    /// Whether the case writes some keys in the order a copy of its parameters iterates them,
    /// which only `SWIFT_DETERMINISTIC_HASHING` makes the same from copy to copy
    /// (`ConvertedParameterOrder`): top-level keys `URLEncoding`'s `<` cannot order, or keys
    /// AFNetworking's `compare(_:)` cannot order.
    var ordersKeysAsACopyIterates: Bool {
        hasUnorderedTopLevelKeys || hasKeysAFNetworkingCannotOrder
    }

    /// Whether the call is AFNetworking's with two keys of one dictionary, or two elements of
    /// one set, that Foundation's `compare(_:)` orders neither way. On Linux some strings do
    /// not compare as each other's reverse: `"aZ\u{351}\u{36B}\u{343}\u{36A}"` and
    /// `"\u{1EA1}\u{301}"` each compare as descending from the other, so neither sorts first,
    /// and AFNetworking's sort leaves them in the order its container iterates them — the
    /// reference's bridged copy of the dictionary, the optimized module's dictionary itself.
    /// (Found by a run of 300,000 cases without `SWIFT_DETERMINISTIC_HASHING`:
    /// `FUZZ_SEED=0xE972BDC5D23F` put those two keys in either order from run to run.)
    var hasKeysAFNetworkingCannotOrder: Bool {
        guard case let .afSerializer(parameters?, _) = call else { return false }
        return parameters.holdsKeysAFNetworkingCannotOrder
    }

    /// Whether the call is `URLEncoding`'s with two top-level keys that Swift's `<` cannot order,
    /// whose order is that of a copy of the parameters (`ConvertedParameterOrder`).
    var hasUnorderedTopLevelKeys: Bool {
        guard case let .urlEncoding(parameters?, _) = call else { return false }
        let keys = Array(parameters.keys)
        return keys.indices.contains { index in !FuzzParameter.isOrdered(keys[index], among: keys[..<index]) }
    }

    /// The seed as `FUZZ_SEED` takes it.
    var seedText: String { FuzzCase.text(forSeed: seed) }

    /// What a subject encodes: the request made and the call, for each subject afresh.
    var input: RequestFuzzInput { RequestFuzzInput(request: request.make(), call: call) }

    /// The case for a mismatch report: an `Encodable` value's dump cut after 6,000 characters.
    var description: String { dump(clippingValueAt: 6000) }

    /// The case whole: what the harness's determinism test compares. (A clipped dump would not
    /// do: where the cut falls in a dictionary depends on its per-instance order.)
    var unclippedDescription: String { dump(clippingValueAt: nil) }

    private func dump(clippingValueAt limit: Int?) -> String {
        var lines = ["seed \(seedText)", "request \(request)"]
        switch call {
        case let .urlEncoding(parameters, options):
            lines.append("URLEncoding \(options)")
            // Both modules sort the top level: so does the dump.
            lines.append("parameters " + (parameters.map { parameters in
                FuzzDump.block("[", parameters.sorted { $0.key < $1.key }.map { "\(FuzzStrings.literal($0.key)): \($0.value)" }, "]")
            } ?? "nil"))
        case let .parameterEncoder(value, options, destination):
            lines.append("URLEncodedFormParameterEncoder destination=\(destination.rawValue)")
            lines.append("encoder options \(options)")
            lines.append("value " + (value.map { value in
                limit.map { FuzzMismatch.clipped(value.description, to: $0) } ?? value.description
            } ?? "nil"))
        case let .afSerializer(parameters, options):
            lines.append("AFHTTPRequestSerializer \(options)")
            lines.append("parameters \(parameters.map(\.description) ?? "nil")")
        }
        return lines.joined(separator: "\n")
    }
}

/// What a subject is given to encode: the request and the call, which a planted defect may
/// change before it encodes.
struct RequestFuzzInput {
    var request: URLRequest
    var call: RequestFuzzCase.Call

    /// Encodes with `contender`'s module; the parameters are built here, the value given a fresh
    /// log.
    func run(by contender: RequestContender) -> RequestFuzzResult {
        switch call {
        case let .urlEncoding(parameters, options):
            let outcome = contender.urlEncoding(request, parameters.map(FuzzParameter.parameters), options.options)
            return RequestFuzzResult(outcome: outcome, observations: [])
        case let .parameterEncoder(value, options, destination):
            let log = FuzzLog()
            let outcome = contender.parameterEncoder(request, value.map { SendableFuzzEncodable(value: $0, log: log) },
                                                     encoder: options.formOptions, destination: destination)
            return RequestFuzzResult(outcome: outcome, observations: log.observations)
        case let .afSerializer(parameters, options):
            return RequestFuzzResult(outcome: contender.afSerializer(request, parameters.map(\.value), options.options), observations: [])
        }
    }
}

/// What one module made of one case: the request or error, and what user code observed while
/// the value (if any) was encoded.
struct RequestFuzzResult: Equatable {
    let outcome: RequestOutcome
    let observations: [FuzzObservation]

    /// Outcomes are compared as the requests' parts, and their texts byte for byte (`String`'s
    /// `==` is canonical equivalence).
    static func == (lhs: RequestFuzzResult, rhs: RequestFuzzResult) -> Bool {
        lhs.outcome == rhs.outcome && lhs.outcome.description.utf8.elementsEqual(rhs.outcome.description.utf8)
            && lhs.observations == rhs.observations
    }
}

/// A fuzz value as the request API takes it, `Sendable`: `FuzzEncodable` is not, for its log, a
/// class that its encoding appends to. Each case is encoded on the thread that made it, and its
/// log read there once the encoding returned.
struct SendableFuzzEncodable: Encodable, @unchecked Sendable {
    private let encodable: FuzzEncodable

    init(value: FuzzValue, log: FuzzLog) {
        encodable = FuzzEncodable(value: value, log: log)
    }

    func encode(to encoder: any Encoder) throws {
        try encodable.encode(to: encoder)
    }
}
