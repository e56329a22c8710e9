import Foundation
import FormBenchCore
import URLEncodedForm

/// The contenders of the decoding side: each reads a payload back, from the form
/// `DecodingInput` wrote (or the same value as JSON). Their "output" is the value read,
/// written again as a form after the clock stops, which the output check compares between
/// them; the typed decoders also check their value against the original on the warm-up.
protocol DecodingContender: Contender {}

extension DecodingContender {
    static var dialect: OutputDialect { .decoded }

    func supports(_ kind: PayloadKind) -> Bool {
        kind.isDecodable
    }
}

/// The names of the decoding side's contenders; their floor is the decode floor.
enum DecodingSide {
    static let contenders: Set<String> = [DecoderContender.name, ParametersDecodingContender.name,
                                          DecodeFloorContender.name, JSONDecoderContender.name]
}

/// `URLEncodedFormDecoder`, typed, one decoder reused.
struct DecoderContender: DecodingContender {
    static let name = "decoder"
    private let decoder = URLEncodedFormDecoder(limits: DecodingInput.limits)

    func encode(_ payload: Payload) throws -> EncodedOutput {
        let input = try DecodingInput.of(payload)
        return .decoded(try input.decodeForm(decoder, input.form), check: input.check)
    }
}

/// `URLEncodedFormDecoder.parameters(from:)`: the untyped tree, Rack's view.
struct ParametersDecodingContender: DecodingContender {
    static let name = "parameters"
    private let decoder = URLEncodedFormDecoder(limits: DecodingInput.limits)

    func encode(_ payload: Payload) throws -> EncodedOutput {
        let input = try DecodingInput.of(payload)
        let parameters = try decoder.parameters(from: input.form)
        // Every pair arrived: a tree with fewer leaves lost some (index hashes keep every key).
        guard Self.leafCount(parameters) == input.pairs else {
            throw DecodedValueDiffers(contender: Self.name, kind: payload.kind)
        }
        return .nothing
    }

    /// The leaves of a tree, counted with a stack of its own (the deep payload is 256 levels).
    private static func leafCount(_ parameters: Parameters) -> Int {
        var pending: [any Sendable] = [parameters]
        var leaves = 0
        while let next = pending.popLast() {
            switch next {
            case let hash as [String: any Sendable]: pending += hash.values
            case let array as [any Sendable]: pending += array
            default: leaves += 1
            }
        }
        return leaves
    }
}

/// The decode floor: the payload's type decoded through `DecodeFloorDecoder`, which reads no
/// input — the cost of `Decodable` alone.
struct DecodeFloorContender: DecodingContender {
    static let name = "decode-floor"

    func encode(_ payload: Payload) throws -> EncodedOutput {
        let input = try DecodingInput.of(payload)
        try input.decodeFloor(input.shape)
        return .nothing
    }
}

/// Foundation's `JSONDecoder` on the same value as JSON.
struct JSONDecoderContender: DecodingContender {
    static let name = "JSONDecoder"
    private let decoder = JSONDecoder()

    func encode(_ payload: Payload) throws -> EncodedOutput {
        let input = try DecodingInput.of(payload)
        return .decoded(try input.decodeJSON(decoder, input.json), check: input.check)
    }
}
