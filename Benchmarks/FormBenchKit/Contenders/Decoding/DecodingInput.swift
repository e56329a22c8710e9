import Foundation
import FormBenchCore
import URLEncodedForm

/// What the decoders of one payload read, made with the payload before any of them is timed
/// (`Payload.decodingInput()`): the value written as a form (with indices, which the decoder
/// reads back in order), the same value as JSON, the shape the decode floor walks, and for each
/// contender the typed call it times and the check of its result, run after the clock stops.
final class DecodingInput: @unchecked Sendable {
    /// The form, as `URLEncodedFormEncoder(arrayEncoding: .indexInBrackets)` writes it.
    let form: [UInt8]
    /// The value as `JSONEncoder` writes it.
    let json: Data
    /// For the decode floor.
    let shape: DecodeFloorShape
    /// Decodes the form with a decoder, or the JSON, or walks the floor: the timed calls. Each
    /// returns the value read, kept until the clock stops so that freeing it is not timed.
    let decodeForm: @Sendable (URLEncodedFormDecoder, [UInt8]) throws -> any Sendable
    let decodeJSON: @Sendable (JSONDecoder, Data) throws -> any Sendable
    let decodeFloor: @Sendable (DecodeFloorShape) throws -> any Sendable
    /// The checks, after the clock: a typed value must equal the original (it returns the value
    /// written again as a form, which the output check compares between the typed decoders);
    /// the floor's value must have the original's shape.
    let verifyTyped: @Sendable (any Sendable) throws -> [UInt8]?
    let verifyFloor: @Sendable (any Sendable) throws -> [UInt8]?
    /// The check of `parameters(from:)`'s tree: its leaves, each with its key path, must be the
    /// form's pairs as Foundation unescapes them.
    let verifyTree: @Sendable (any Sendable) throws -> [UInt8]?

    /// The writer of every form the decoders read.
    static let encoder = URLEncodedFormEncoder(arrayEncoding: .indexInBrackets)

    /// Limits that let every payload through: deep chains are 256 keys deep, and the largest
    /// forms are far past the default 4 MiB and 10,000 pairs.
    static let limits = URLEncodedFormDecoder.Limits(maximumDepth: 512, maximumParameterCount: .max, maximumInputLength: nil)

    /// The input of the payload `kind` whose value is `value`, read back as its own type.
    init<Value: Codable & Equatable & Sendable>(_ value: Value, kind: PayloadKind) throws {
        let form: [UInt8] = try Self.encoder.encode(value)
        self.form = form
        json = try JSONEncoder().encode(value)
        let shape = try DecodeFloorShape(of: value)
        self.shape = shape
        decodeForm = { decoder, form in try decoder.decode(Value.self, from: form) }
        decodeJSON = { decoder, json in try decoder.decode(Value.self, from: json) }
        decodeFloor = { shape in try Value(from: DecodeFloorDecoder(shape: shape)) }
        verifyTyped = { decoded in
            guard let decoded = decoded as? Value, decoded == value else { throw DecodedValueDiffers(kind: kind) }
            return try Self.encoder.encode(decoded) as [UInt8]
        }
        verifyFloor = Self.floorCheck(shape: shape, kind: kind) { $0 as? Value }
        verifyTree = Self.treeCheck(form: form, kind: kind)
    }

    /// The input of a sample (`--payload`), read back as a ``GuidedSample``: the decoders are
    /// asked for what the sample holds where it holds it, as the struct a server declares
    /// would ask, and the value read must equal the sample.
    init(sample: SampleValue, kind: PayloadKind) throws {
        let form: [UInt8] = try Self.encoder.encode(sample)
        self.form = form
        json = try JSONEncoder().encode(sample)
        let shape = try DecodeFloorShape(of: sample)
        self.shape = shape
        let guide = SampleGuide(sample)
        decodeForm = { decoder, form in try guide.decode { try decoder.decode(GuidedSample.self, from: form) } }
        decodeJSON = { decoder, json in try guide.decode { try decoder.decode(GuidedSample.self, from: json) } }
        decodeFloor = { shape in try guide.decode { try GuidedSample(from: DecodeFloorDecoder(shape: shape)) } }
        verifyTyped = { decoded in
            guard let decoded = decoded as? GuidedSample, decoded.value == sample else { throw DecodedValueDiffers(kind: kind) }
            return try Self.encoder.encode(decoded.value) as [UInt8]
        }
        verifyFloor = Self.floorCheck(shape: shape, kind: kind) { ($0 as? GuidedSample)?.value }
        verifyTree = Self.treeCheck(form: form, kind: kind)
    }

    /// The floor's value must have the shape of the value written; `written` finds that value in
    /// what the floor returned.
    private static func floorCheck(shape: DecodeFloorShape, kind: PayloadKind,
                                   written: @escaping @Sendable (any Sendable) -> (any Encodable)?) -> @Sendable (any Sendable) throws -> [UInt8]? {
        { decoded in
            guard let value = written(decoded), try DecodeFloorShape(of: value) == shape else {
                throw DecodedValueDiffers(kind: kind, what: "the decode floor's value does not have the shape of the value written")
            }
            return nil
        }
    }

    /// `parameters(from:)`'s tree must hold, each with its key path, the form's pairs as
    /// Foundation unescapes them.
    private static func treeCheck(form: [UInt8], kind: PayloadKind) -> @Sendable (any Sendable) throws -> [UInt8]? {
        { tree in
            guard let tree = tree as? Parameters, FormPairs.digest(of: tree) == FormPairs.digest(of: form) else {
                throw DecodedValueDiffers(kind: kind, what: "parameters(from:) read a tree whose leaves are not the pairs written")
            }
            return nil
        }
    }
}

/// A decoded value that differs from the one written.
struct DecodedValueDiffers: Error, CustomStringConvertible {
    let kind: PayloadKind
    var what = "the value read differs from the value written"
    var description: String { "\(kind.rawValue): \(what)" }
}

/// A form's pairs, two ways, for the check of `parameters(from:)`: from the tree it returned,
/// and from the text itself through Foundation. Each way hashes every pair (its key path and
/// its value) and sums the hashes, so that the order of the pairs does not matter and the
/// largest forms (the deep payload's reach 930 MB) need no copy of their names.
enum FormPairs {
    /// The pairs' hashes summed, and their count.
    struct Digest: Equatable {
        var sum = 0
        var count = 0
        /// Something that is not a pair was met: a node of another type, an invalid escape.
        var unexpected = 0

        /// Adds the pair whose key path `path` (base, then segments) has led to, and `value`.
        mutating func add(_ path: Hasher, value: String) {
            var hasher = path
            hasher.combine(UInt8(0xFF)) // a leaf is not a segment
            hasher.combine(value)
            sum &+= hasher.finalize()
            count += 1
        }
    }

    /// The digest of every leaf of `tree`. The forms the decoders read are written with
    /// indices and hold no `[]`, so every level of the tree is a hash; an array or any other
    /// node is counted as unexpected.
    static func digest(of tree: Parameters) -> Digest {
        var digest = Digest()
        var pending: [(path: Hasher, node: any Sendable)] = tree.map { key, node in
            var path = Hasher()
            path.combine(key)
            return (path, node)
        }
        while let (path, node) = pending.popLast() {
            switch node {
            case let hash as [String: any Sendable]:
                for (key, child) in hash {
                    var childPath = path
                    childPath.combine(key)
                    pending.append((childPath, child))
                }
            case let leaf as String: digest.add(path, value: leaf)
            default: digest.unexpected += 1
            }
        }
        return digest
    }

    /// The digest of `form`'s pairs, each name and value unescaped by Foundation's
    /// `removingPercentEncoding` (the forms are written with `%20` for a space, so `+` never
    /// stands for one) and the name cut into its base and bracketed segments.
    static func digest(of form: [UInt8]) -> Digest {
        var digest = Digest()
        for pair in form.split(separator: UInt8(ascii: "&")) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = String(decoding: parts[0], as: UTF8.self).removingPercentEncoding,
                  let value = String(decoding: parts.count > 1 ? parts[1] : [], as: UTF8.self).removingPercentEncoding
            else { digest.unexpected += 1; continue }
            var path = Hasher()
            let open = name.firstIndex(of: "[") ?? name.endIndex
            path.combine(String(name[..<open]))
            for segment in name[open...].split(separator: "]") {
                path.combine(String(segment.dropFirst())) // "[key" without its "["
            }
            digest.add(path, value: value)
        }
        return digest
    }
}
