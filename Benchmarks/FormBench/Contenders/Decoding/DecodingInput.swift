import Foundation
import FormBenchCore
import Synchronization
import URLEncodedForm

/// What the decoders of one payload read, made once per payload kind and size before any is
/// timed: the value written as a form (with indices, which every decoder option reads back in
/// order), the same value as JSON, the array lengths the decode floor walks, and a typed
/// decoding through each decoder that checks its value against the original.
struct DecodingInput: @unchecked Sendable {
    /// The form, as `URLEncodedFormEncoder(arrayEncoding: .indexInBrackets)` writes it.
    let form: [UInt8]
    /// The value as `JSONEncoder` writes it.
    let json: Data
    /// The number of pairs the form holds (what `parameters(from:)` must read).
    let pairs: Int
    /// For the decode floor.
    let shape: DecodeFloorShape
    /// Decodes the form with a decoder, or the JSON; returns the value as an `Encodable`, after
    /// checking it equals the original (outside the clock: `check` is called on the warm-up).
    let decodeForm: (URLEncodedFormDecoder, [UInt8]) throws -> any Encodable & Sendable
    let decodeJSON: (JSONDecoder, Data) throws -> any Encodable & Sendable
    let check: (any Encodable & Sendable) -> Bool
    let decodeFloor: (DecodeFloorShape) throws -> Void

    /// The writer of every form the decoders read.
    static let encoder = URLEncodedFormEncoder(arrayEncoding: .indexInBrackets)

    /// Limits that let every payload through: deep chains are 256 keys deep, and the largest
    /// forms are far past the default 4 MiB and 10,000 pairs.
    static let limits = URLEncodedFormDecoder.Limits(maximumDepth: 512, maximumParameterCount: .max, maximumInputLength: nil)

    private init<Value: Codable & Equatable & Sendable>(_ value: Value) throws {
        form = try Self.encoder.encode(value)
        json = try JSONEncoder().encode(value)
        pairs = form.isEmpty ? 0 : form.reduce(1) { $0 + ($1 == UInt8(ascii: "&") ? 1 : 0) }
        shape = try DecodeFloorShape(of: value)
        decodeForm = { decoder, form in try decoder.decode(Value.self, from: form) }
        decodeJSON = { decoder, json in try decoder.decode(Value.self, from: json) }
        check = { ($0 as? Value) == value }
        decodeFloor = { shape in _ = try Value(from: DecodeFloorDecoder(shape: shape)) }
    }

    private static let cache = Mutex<[String: DecodingInput]>([:])

    /// The input for `payload`, made on first use.
    static func of(_ payload: Payload) throws -> DecodingInput {
        let key = "\(payload.kind.rawValue) \(payload.leaves)"
        if let input = cache.withLock({ $0[key] }) { return input }
        let input: DecodingInput
        switch payload.kind {
        case .catalog: input = try DecodingInput(CatalogPayload(leaves: payload.leaves))
        case .wide:
            // Keys of the word pool may hold brackets, which read back as paths: here they are
            // parentheses (the README lists the ambiguity).
            let wide = WidePayload.make(leaves: payload.leaves)
            input = try DecodingInput(Dictionary(uniqueKeysWithValues: wide.map { key, value in
                (String(key.map { $0 == "[" ? "(" : $0 == "]" ? ")" : $0 }), value)
            }))
        case .deep: input = try DecodingInput(DeepPayload(leaves: payload.leaves))
        case .strings: input = try DecodingInput(StringsPayload(leaves: payload.leaves))
        case .webhook: input = try DecodingInput(WebhookPayload.sample)
        case .parameters: throw UnsupportedPayload(contender: "the decoders", kind: payload.kind)
        }
        // One size at a time: the inputs of the largest payloads are hundreds of megabytes.
        cache.withLock { $0 = [key: input] }
        return input
    }
}

/// A decoded value that differs from the one written.
struct DecodedValueDiffers: Error, CustomStringConvertible {
    let contender: String
    let kind: PayloadKind
    var description: String { "\(contender) read back a \(kind.rawValue) value that differs from the one written" }
}
