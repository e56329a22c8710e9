import Foundation

/// The tree an encoding builds for a value (Alamofire's `set(to:at:)` tree): which leaf lies under
/// which object key or array index, children in the tree's order.
///
/// It is read from the reference port, whose unsorted text lists the leaves in the tree's order,
/// with every level spelled so that it reads back: object keys in hexadecimal after a mark
/// (`keyMark`), array indices after another (`indexMark`), everything but ASCII letters and
/// digits percent-escaped. The marks are private-use scalars, which the fuzz generator's
/// strings do not hold, so a root key, the one part written as it is, ends at the first mark.
final class FormShape {
    /// The leaf's place among the tree's leaves (the unsorted text's pairs), for a leaf.
    private(set) var leaf: Int?
    /// An object's children by key (its UTF-8 bytes), in the tree's order.
    private(set) var keyed: [(key: [UInt8], node: FormShape)] = []
    /// An array's elements, in index order.
    private(set) var elements: [FormShape] = []

    private static let keyMark: Unicode.Scalar = "\u{F8F1}"
    private static let indexMark: Unicode.Scalar = "\u{F8F2}"

    struct ReadError: Error, CustomStringConvertible {
        let description: String
    }

    /// The shape of the tree `value` builds under `options`, with the number of its leaves; `nil`
    /// when the encoding throws. Only the options that shape the tree (nil, bool, date and data
    /// strategies, the depth limit) are taken from `options`.
    static func read(_ value: FuzzValue, options: FormOptions) throws -> (root: FormShape, leafCount: Int)? {
        let text: String
        do {
            text = try ReferenceAdapter.encode(FuzzEncodable(value: value, log: FuzzLog()), spelling(options))
        } catch {
            return nil
        }
        let root = FormShape()
        let pairs = text.isEmpty ? [] : text.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false)
        for (leaf, pair) in pairs.enumerated() {
            let key = pair.prefix { $0 != UInt8(ascii: "=") }
            try root.insert(leaf, at: steps(ofKey: try percentDecoded(key))[...])
        }
        return (root, pairs.count)
    }

    /// `options` with the serialization replaced by one that spells every level.
    private static func spelling(_ options: FormOptions) -> FormOptions {
        var spelled = options
        spelled.alphabetizeKeyValuePairs = false
        spelled.arrayEncoding = .custom { key, index in key + String(indexMark) + String(index) }
        spelled.keyPathEncoding = .custom { subkey in String(keyMark) + subkey.utf8.map(hexDigits).joined() }
        spelled.keyEncoding = .useDefaultKeys
        spelled.spaceEncoding = .percentEscaped
        spelled.allowedCharacters = .set(CharacterSet(charactersIn: "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"))
        return spelled
    }

    private static func hexDigits(_ byte: UInt8) -> String {
        String(byte >> 4, radix: 16) + String(byte & 0xF, radix: 16)
    }

    private enum Step {
        case key([UInt8])
        case index(Int)
    }

    /// The steps of a spelled key: the root key, then each level's key or index.
    private static func steps(ofKey key: [UInt8]) throws -> [Step] {
        var steps: [Step] = []
        var mark: Unicode.Scalar?
        var part = ""
        func endPart() throws {
            switch mark {
            case nil:
                steps.append(.key(Array(part.utf8)))
            case indexMark?:
                guard let index = Int(part) else { throw ReadError(description: "bad index \(part)") }
                steps.append(.index(index))
            default:
                guard let bytes = hexBytes(part) else { throw ReadError(description: "bad key \(part)") }
                steps.append(.key(bytes))
            }
        }
        for scalar in String(decoding: key, as: UTF8.self).unicodeScalars {
            if scalar == keyMark || scalar == indexMark {
                try endPart()
                mark = scalar
                part = ""
            } else {
                part.unicodeScalars.append(scalar)
            }
        }
        try endPart()
        return steps
    }

    private static func hexBytes(_ hex: String) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        for start in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[start...start + 1], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }

    private static func percentDecoded(_ text: some Collection<UInt8>) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var iterator = text.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next(), let low = iterator.next(),
                  let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) else {
                throw ReadError(description: "bad escape in \(String(decoding: Array(text), as: UTF8.self))")
            }
            bytes.append(value)
        }
        return bytes
    }

    /// Places leaf `leaf` at `steps` below this node. Leaves come in the tree's order, so they
    /// go to a level's last child or a new one (a new array element being the next index); a
    /// node is a leaf, an object or an array, never two.
    private func insert(_ leaf: Int, at steps: ArraySlice<Step>) throws {
        guard let step = steps.first else {
            guard self.leaf == nil, keyed.isEmpty, elements.isEmpty else { throw ReadError(description: "leaf \(leaf) lands on a node in use") }
            self.leaf = leaf
            return
        }
        guard self.leaf == nil else { throw ReadError(description: "leaf \(leaf) lies under another leaf") }
        switch step {
        case let .key(key):
            guard elements.isEmpty else { throw ReadError(description: "a key in an array, at leaf \(leaf)") }
            if keyed.last?.key != key {
                guard !keyed.contains(where: { $0.key == key }) else { throw ReadError(description: "a key's leaves apart, at leaf \(leaf)") }
                keyed.append((key, FormShape()))
            }
            try keyed[keyed.count - 1].node.insert(leaf, at: steps.dropFirst())
        case let .index(index):
            guard keyed.isEmpty else { throw ReadError(description: "an index in an object, at leaf \(leaf)") }
            if index == elements.count {
                elements.append(FormShape())
            }
            guard index == elements.count - 1 else { throw ReadError(description: "index \(index) of \(elements.count) elements, at leaf \(leaf)") }
            try elements[index].insert(leaf, at: steps.dropFirst())
        }
    }

    /// The text of this node's level given each leaf's pair: children joined by `&`, objects'
    /// segments sorted as Alamofire sorts them (`String`'s `<`) when `sortsObjects`, arrays'
    /// when `sortsArrays`.
    func text(pairs: [String], sortsObjects: Bool, sortsArrays: Bool) -> String {
        if let leaf { return pairs[leaf] }
        let isArray = keyed.isEmpty
        var segments = (isArray ? elements : keyed.map(\.node)).map {
            $0.text(pairs: pairs, sortsObjects: sortsObjects, sortsArrays: sortsArrays)
        }
        if isArray ? sortsArrays : sortsObjects {
            segments.sort()
        }
        return segments.joined(separator: "&")
    }
}
