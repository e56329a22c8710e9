import Foundation
import FormBenchCore
import URLEncodedForm

/// The contenders of the decoding side: each reads a payload back, from the form
/// `DecodingInput` wrote (or the same value as JSON). Each returns the value it read, and the
/// warm-up's is checked after the clock stops (`DecodingInput`'s `verify…`): the typed values
/// must equal the original, the tree must hold the form's pairs, the floor's value must have
/// the original's shape. A value that fails its check fails the contender. Their floor is the
/// decode floor.
protocol DecodingContender: Contender {}

extension DecodingContender {
    static var dialect: OutputDialect { .decoded }

    static var side: ContenderSide { .decoding }

    func supports(_ source: PayloadSource) -> Bool {
        source.isDecodable
    }
}

/// `URLEncodedFormDecoder`, typed, one decoder reused.
struct DecoderContender: DecodingContender {
    static let name = "decoder"
    /// What the decoder is held to: the cost of `Decodable` alone (the decode floor) plus that
    /// of reading the form by hand (a parser written for the payload's one shape). A `Codable`
    /// decoder pays the first whatever it does, and its reading has no cheaper yardstick than
    /// the second: decoder ÷ (decode-floor + hand-written) at most 1 says it costs no more than
    /// both together. That target replaces ×1.5 the floor, which the typed reading alone
    /// exceeds (the floor answers constants).
    static let limit = [DecodeFloorContender.name, HandWrittenDecodingContender.name]
    private let decoder = URLEncodedFormDecoder(limits: DecodingInput.limits)

    func encode(_ payload: Payload) throws -> EncodedOutput {
        let input = try payload.decodingInput()
        return .decoded(try input.decodeForm(decoder, input.form), verify: input.verifyTyped)
    }
}

/// `URLEncodedFormDecoder.parameters(from:)`: the untyped tree, Rack's view.
struct ParametersDecodingContender: DecodingContender {
    static let name = "parameters"
    private let decoder = URLEncodedFormDecoder(limits: DecodingInput.limits)

    func encode(_ payload: Payload) throws -> EncodedOutput {
        let input = try payload.decodingInput()
        return .decoded(try decoder.parameters(from: input.form), verify: input.verifyTree)
    }
}

/// The decode floor: the payload's type decoded through `DecodeFloorDecoder`, which reads no
/// input — the cost of `Decodable` alone. Its value has the payload's shape and constant
/// leaves, which the check compares (`DecodeFloorShape`).
struct DecodeFloorContender: DecodingContender {
    static let name = "decode-floor"

    func encode(_ payload: Payload) throws -> EncodedOutput {
        let input = try payload.decodingInput()
        return .decoded(try input.decodeFloor(input.shape), verify: input.verifyFloor)
    }
}

/// Foundation's `JSONDecoder` on the same value as JSON (written once, outside the clock).
struct JSONDecoderContender: DecodingContender {
    static let name = "JSONDecoder"
    private let decoder = JSONDecoder()

    func encode(_ payload: Payload) throws -> EncodedOutput {
        let input = try payload.decodingInput()
        return .decoded(try input.decodeJSON(decoder, input.json), verify: input.verifyTyped)
    }
}
