import Foundation

/// Writes a finished tree as `key=value` pairs joined by `&`, in one pass into one buffer.
///
/// The key of each leaf is built on a stack as the walk descends. In the common case (default
/// key encoding, no custom array encoding) the stack holds *escaped* bytes, since escaping a
/// concatenation is concatenating the escaped parts; otherwise it holds raw bytes and each
/// leaf's whole key goes through `KeyEncoding` and escaping (see `LeafKeyEncoder`).
///
/// With `alphabetizeKeyValuePairs`, each level sorts the byte ranges its children wrote (a
/// nested child's range is its whole, already sorted, sub-string) and reorders them in place,
/// as Alamofire sorts and joins `String` segments level by level.
struct FormWriter: ~Copyable {
    private let options: EncodingOptions
    private var output = ByteBuffer(capacity: 1024)
    /// The key of the node being written: escaped, or raw when `leafKeys` is set.
    private var key = ByteBuffer()
    /// Start and end offsets in `output` of the children written at each open level.
    private var segments: [Int] = []
    /// Where a level's bytes are copied while they are reordered.
    private var scratch = ByteBuffer()
    /// Set when keys must be transformed whole at each leaf; the key stack then holds raw bytes.
    private let leafKeys: LeafKeyEncoder?

    private init(options: EncodingOptions) {
        self.options = options
        if case .useDefaultKeys = options.keyEncoding, !options.arrayEncoding.isCustom {
            leafKeys = nil
        } else {
            leafKeys = LeafKeyEncoder(keyEncoding: options.keyEncoding, escapeTable: options.escapeTable)
        }
    }

    /// Appends the serialization of `tree` to `buffer`.
    ///
    /// - Throws: `URLEncodedFormEncoder.Error.invalidRootObject` when the root is not an object.
    static func write(_ tree: borrowing FormTree, options: EncodingOptions, into buffer: inout [UInt8]) throws {
        let root = tree[FormTree.root]
        guard root.kind == .object else {
            let description = root.kind == .array ? "array with \(root.childCount) elements" : "string"
            throw URLEncodedFormEncoder.Error.invalidRootObject(description)
        }
        var writer = FormWriter(options: options)
        writer.writeChildren(of: FormTree.root, in: tree, isRoot: true)
        let bytes = writer.output.bytes(0..<writer.output.count)
        buffer.append(contentsOf: bytes)
    }

    private mutating func writeChildren(of parent: Int32, in tree: borrowing FormTree, isRoot: Bool) {
        let levelStart = output.count
        let firstSegment = segments.count
        let isArray = tree[parent].kind == .array
        // A custom array encoding replaces the key, so the parent's key is kept to restart from.
        let parentKey: [UInt8]? = isArray && options.arrayEncoding.isCustom ? Array(key.bytes(0..<key.count)) : nil
        let keyMark = key.count

        var child = tree[parent].firstChild
        var position = 0
        while child != FormTree.none {
            if position > 0 {
                output.append(UInt8(ascii: "&"))
            }
            if isArray {
                appendElementKey(position, parentKey: parentKey)
            } else {
                appendObjectKey(tree.keyBytes(of: child), isRoot: isRoot)
            }
            let start = output.count
            if tree[child].kind == .string {
                writeLeaf(child, in: tree)
            } else {
                writeChildren(of: child, in: tree, isRoot: false)
            }
            segments.append(start)
            segments.append(output.count)
            restoreKey(to: keyMark, parentKey: parentKey)
            child = tree[child].nextSibling
            position += 1
        }

        if options.alphabetizeKeyValuePairs {
            sortSegments(from: firstSegment, levelStart: levelStart)
        }
        segments.removeSubrange(firstSegment...)
    }

    private mutating func writeLeaf(_ leaf: Int32, in tree: borrowing FormTree) {
        if let leafKeys {
            leafKeys.appendEncoded(String(decoding: key.bytes(0..<key.count), as: UTF8.self), to: &output)
        } else {
            output.append(key.bytes(0..<key.count))
        }
        output.append(UInt8(ascii: "="))
        let node = tree[leaf]
        output.append(tree.values.bytes(node.valueStart..<node.valueStart + node.valueLength))
    }

    // MARK: Keys

    /// Appends an object child's key: as it is at the root, by `KeyPathEncoding` below.
    private mutating func appendObjectKey(_ raw: UnsafeRawBufferPointer, isRoot: Bool) {
        guard !isRoot else {
            appendKeyPart(raw)
            return
        }
        switch options.keyPathEncoding.style {
        case .brackets:
            appendKeyPart("[")
            appendKeyPart(raw)
            appendKeyPart("]")
        case .dots:
            appendKeyPart(".")
            appendKeyPart(raw)
        case let .custom(encoding):
            appendKeyPart(encoding(String(decoding: raw, as: UTF8.self)))
        }
    }

    /// Appends (or, for a custom encoding, substitutes) an array element's key.
    private mutating func appendElementKey(_ position: Int, parentKey: [UInt8]?) {
        switch options.arrayEncoding {
        case .brackets:
            appendKeyPart("[]")
        case .noBrackets:
            break
        case .indexInBrackets:
            appendKeyPart("[")
            DecimalText.withDigits(of: position) { appendKeyPart($0) }
            appendKeyPart("]")
        case let .custom(encoding):
            let parent = String(decoding: parentKey ?? [], as: UTF8.self)
            key.truncate(to: 0)
            appendKeyPart(encoding(parent, position))
        }
    }

    private mutating func restoreKey(to mark: Int, parentKey: [UInt8]?) {
        guard let parentKey else {
            key.truncate(to: mark)
            return
        }
        key.truncate(to: 0)
        parentKey.withUnsafeBytes { key.append($0) }
    }

    /// Appends part of a key: escaped now, or raw for `LeafKeyEncoder` to escape at the leaf.
    private mutating func appendKeyPart(_ raw: UnsafeRawBufferPointer) {
        if leafKeys != nil {
            key.append(raw)
        } else {
            options.escapeTable.appendEscaped(raw, to: &key)
        }
    }

    private mutating func appendKeyPart(_ raw: String) {
        var raw = raw
        raw.withUTF8 { appendKeyPart(UnsafeRawBufferPointer($0)) }
    }

    private mutating func appendKeyPart(_ raw: StaticString) {
        raw.withUTF8Buffer { appendKeyPart(UnsafeRawBufferPointer($0)) }
    }

    // MARK: Sorting

    /// Sorts the children written since `firstSegment` by their bytes and rewrites the level
    /// in that order, `&`-separated; nothing moves when they are already in order.
    private mutating func sortSegments(from firstSegment: Int, levelStart: Int) {
        let count = (segments.count - firstSegment) / 2
        guard count > 1 else { return }
        let written = output.bytes(0..<output.count)
        let segments = self.segments
        func segment(_ index: Int) -> UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(rebasing: written[segments[firstSegment + 2 * index]..<segments[firstSegment + 2 * index + 1]])
        }
        var order = Array(0..<count)
        order.sort { Self.precedes(segment($0), segment($1)) }
        guard order.indices.contains(where: { order[$0] != $0 }) else { return }

        scratch.truncate(to: 0)
        scratch.append(output.bytes(levelStart..<output.count))
        output.truncate(to: levelStart)
        for (rank, index) in order.enumerated() {
            if rank > 0 {
                output.append(UInt8(ascii: "&"))
            }
            let start = segments[firstSegment + 2 * index] - levelStart
            let end = segments[firstSegment + 2 * index + 1] - levelStart
            output.append(scratch.bytes(start..<end))
        }
    }

    /// `String`'s `<` on ASCII: byte-wise, a prefix first.
    private static func precedes(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        let common = min(a.count, b.count)
        if common > 0 {
            let order = memcmp(a.baseAddress!, b.baseAddress!, common)
            if order != 0 {
                return order < 0
            }
        }
        return a.count < b.count
    }
}

extension URLEncodedFormEncoder.ArrayEncoding {
    var isCustom: Bool {
        if case .custom = self { return true }
        return false
    }
}
