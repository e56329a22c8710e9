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
/// as Alamofire sorts and joins `String` segments level by level. Objects usually skip that:
/// their keys are distinct, so the keys alone tell the order, and the children are written in
/// it (see `writeInKeyOrder(_:in:isRoot:)`).
struct FormWriter: ~Copyable {
    private let options: EncodingOptions
    private var output: ByteBuffer
    /// The key of the node being written: escaped, or raw when `leafKeys` is set.
    private var key: ByteBuffer
    /// Start and end offsets in `output` of the children written at each open level.
    private var segments: [Int]
    /// Where a level's bytes are copied while they are reordered.
    private var scratch: ByteBuffer
    /// The sorted order of a level's children, reused level after level.
    private var order: [Int]
    /// The escaped key parts of the objects being written in key order, level above level.
    private var levelKeys: ByteBuffer
    /// Which child owns which part of `levelKeys`, level above level.
    private var levelEntries: [KeyedChild]
    /// Set when keys must be transformed whole at each leaf; the key stack then holds raw bytes.
    private let leafKeys: LeafKeyEncoder?
    /// `[`, `]`, `[]` and `.` as the key stack holds them (escaped, or raw for `leafKeys`).
    private let openBracket, closeBracket, emptyBrackets, dot: EscapedFragment

    private init(options: EncodingOptions, buffers: consuming WriterBuffers) {
        self.options = options
        output = buffers.output
        output.truncate(to: 0)
        key = buffers.key
        key.truncate(to: 0)
        scratch = buffers.scratch
        segments = buffers.segments
        segments.removeAll(keepingCapacity: true)
        order = buffers.order
        levelKeys = buffers.levelKeys
        levelKeys.truncate(to: 0)
        levelEntries = buffers.levelEntries
        levelEntries.removeAll(keepingCapacity: true)
        if case .useDefaultKeys = options.keyEncoding, !options.arrayEncoding.isCustom {
            leafKeys = nil
        } else {
            leafKeys = LeafKeyEncoder(keyEncoding: options.keyEncoding, escapeTable: options.escapeTable)
        }
        let fragmentTable = leafKeys == nil ? options.escapeTable : nil
        openBracket = EscapedFragment("[", escapeTable: fragmentTable)
        closeBracket = EscapedFragment("]", escapeTable: fragmentTable)
        emptyBrackets = EscapedFragment("[]", escapeTable: fragmentTable)
        dot = EscapedFragment(".", escapeTable: fragmentTable)
    }

    /// Appends the serialization of `tree` to `buffer`, working in `buffers`, which it returns
    /// for the next write.
    ///
    /// - Throws: `URLEncodedFormEncoder.Error.invalidRootObject` when the root is not an object.
    static func write(_ tree: borrowing FormTree, options: EncodingOptions, buffers: consuming WriterBuffers,
                      into buffer: inout [UInt8]) throws -> WriterBuffers {
        let root = tree[FormTree.root]
        guard root.kind == .object else {
            let description = root.kind == .array ? "array with \(root.childCount) elements" : "string"
            throw URLEncodedFormEncoder.Error.invalidRootObject(description)
        }
        var writer = FormWriter(options: options, buffers: buffers)
        writer.writeChildren(of: FormTree.root, in: tree, isRoot: true)
        buffer.append(contentsOf: writer.output.bytes(0..<writer.output.count))
        return writer.buffers()
    }

    /// Gives the buffers back.
    private consuming func buffers() -> WriterBuffers {
        WriterBuffers(output: output, key: key, scratch: scratch, segments: segments, order: order,
                      levelKeys: levelKeys, levelEntries: levelEntries)
    }

    private mutating func writeChildren(of parent: Int32, in tree: borrowing FormTree, isRoot: Bool) {
        let node = tree[parent]
        if options.alphabetizeKeyValuePairs && leafKeys == nil && node.kind == .object && node.childCount > 1
            && writeInKeyOrder(parent, in: tree, isRoot: isRoot) {
            return
        }
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
            writeNode(child, in: tree)
            segments.append(start)
            segments.append(output.count)
            restoreKey(to: keyMark, parentKey: parentKey)
            child = tree[child].nextSibling
            position += 1
        }

        if options.alphabetizeKeyValuePairs {
            // Every segment starts with this level's key when keys are escaped as they are
            // built: comparisons start after it.
            sortSegments(from: firstSegment, levelStart: levelStart, sharedPrefix: leafKeys == nil ? keyMark : 0)
        }
        // One by one: `removeLast(_:)` takes a slow generic path.
        while segments.count > firstSegment {
            segments.removeLast()
        }
    }

    private mutating func writeNode(_ node: Int32, in tree: borrowing FormTree) {
        if tree[node].kind == .string {
            writeLeaf(node, in: tree)
        } else {
            writeChildren(of: node, in: tree, isRoot: false)
        }
    }

    /// Writes the children of object `parent` sorted by their escaped key parts, and returns
    /// true; or writes nothing and returns false when the key parts cannot decide the order.
    ///
    /// Every child's segment is the level's key, then its key part, then the rest. When no key
    /// part is a prefix of another, two segments first differ inside their key parts, so the
    /// key parts sort the segments, and what is written never has to move. (A prefix, or two
    /// keys that escape alike, leaves the order to the rest: the caller sorts the written bytes.)
    private mutating func writeInKeyOrder(_ parent: Int32, in tree: borrowing FormTree, isRoot: Bool) -> Bool {
        let keyMark = key.count
        let keysStart = levelKeys.count
        let first = levelEntries.count
        defer {
            levelKeys.truncate(to: keysStart)
            while levelEntries.count > first {
                levelEntries.removeLast()
            }
        }

        var child = tree[parent].firstChild
        while child != FormTree.none {
            appendObjectKey(tree.keyBytes(of: child), isRoot: isRoot)
            let start = levelKeys.count
            levelKeys.append(key.bytes(keyMark..<key.count))
            levelEntries.append(KeyedChild(node: child, keyPart: start..<levelKeys.count))
            key.truncate(to: keyMark)
            child = tree[child].nextSibling
        }

        let keyParts = levelKeys.bytes(0..<levelKeys.count)
        levelEntries.withUnsafeMutableBufferPointer { entries in
            // Through a buffer: sorting an array slice in place would copy the array.
            var level = UnsafeMutableBufferPointer(rebasing: entries[first...])
            level.sort { Self.precedes(keyParts, $0.keyPart, keyParts, $1.keyPart) }
        }
        for index in (first + 1)..<levelEntries.count
        where Self.isPrefix(keyParts, levelEntries[index - 1].keyPart, of: levelEntries[index].keyPart) {
            return false
        }

        let end = levelEntries.count
        for index in first..<end {
            if index > first {
                output.append(UInt8(ascii: "&"))
            }
            let entry = levelEntries[index]
            key.append(levelKeys.bytes(entry.keyPart))
            writeNode(entry.node, in: tree)
            key.truncate(to: keyMark)
        }
        return true
    }

    /// Whether bytes `prefix` of `bytes` begin bytes `range` (equal counts).
    private static func isPrefix(_ bytes: UnsafeRawBufferPointer, _ prefix: Range<Int>, of range: Range<Int>) -> Bool {
        guard prefix.count <= range.count else { return false }
        guard prefix.count > 0, let base = bytes.baseAddress else { return true }
        return memcmp(base + prefix.lowerBound, base + range.lowerBound, prefix.count) == 0
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
            openBracket.append(to: &key)
            appendKeyPart(raw)
            closeBracket.append(to: &key)
        case .dots:
            dot.append(to: &key)
            appendKeyPart(raw)
        case let .custom(encoding):
            appendKeyPart(encoding(String(decoding: raw, as: UTF8.self)))
        }
    }

    /// Appends (or, for a custom encoding, substitutes) an array element's key.
    private mutating func appendElementKey(_ position: Int, parentKey: [UInt8]?) {
        switch options.arrayEncoding {
        case .brackets:
            emptyBrackets.append(to: &key)
        case .noBrackets:
            break
        case .indexInBrackets:
            openBracket.append(to: &key)
            DecimalText.withDigits(of: position) { appendKeyPart($0) }
            closeBracket.append(to: &key)
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


    // MARK: Sorting

    /// Sorts the children written since `firstSegment` by their bytes and rewrites the level
    /// in that order, `&`-separated; nothing moves when they are already in order.
    private mutating func sortSegments(from firstSegment: Int, levelStart: Int, sharedPrefix: Int) {
        let count = (segments.count - firstSegment) / 2
        guard count > 1 else { return }
        let written = output.bytes(0..<output.count)
        let needsReordering = segments.withUnsafeBufferPointer { segments in
            let bounds = UnsafeBufferPointer(rebasing: segments[firstSegment...])
            func precedes(_ left: Int, _ right: Int) -> Bool {
                Self.precedes(written, bounds[2 &* left] &+ sharedPrefix..<bounds[2 &* left &+ 1],
                              written, bounds[2 &* right] &+ sharedPrefix..<bounds[2 &* right &+ 1])
            }
            // Levels often arrive in order (short arrays of numbers, sorted keys): one pass tells.
            guard (1..<count).contains(where: { precedes($0, $0 - 1) }) else { return false }
            order.removeAll(keepingCapacity: true)
            for index in 0..<count {
                order.append(index)
            }
            order.sort(by: precedes)
            return true
        }
        guard needsReordering else { return }

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
    @inline(__always)
    private static func precedes(_ a: UnsafeRawBufferPointer, _ aRange: Range<Int>,
                                 _ b: UnsafeRawBufferPointer, _ bRange: Range<Int>) -> Bool {
        let common = min(aRange.count, bRange.count)
        if common > 0, let base = a.baseAddress, let otherBase = b.baseAddress {
            let order = memcmp(base + aRange.lowerBound, otherBase + bRange.lowerBound, common)
            if order != 0 {
                return order < 0
            }
        }
        return aRange.count < bRange.count
    }
}

/// The memory a `FormWriter` works in, kept between encodings by a reused session.
struct WriterBuffers: ~Copyable {
    var output = ByteBuffer(capacity: 1024)
    var key = ByteBuffer()
    var scratch = ByteBuffer()
    var segments: [Int] = []
    var order: [Int] = []
    var levelKeys = ByteBuffer()
    var levelEntries: [KeyedChild] = []

    var capacityInBytes: Int {
        output.capacityInBytes + key.capacityInBytes + scratch.capacityInBytes
            + (segments.capacity + order.capacity) * MemoryLayout<Int>.stride
            + levelKeys.capacityInBytes + levelEntries.capacity * MemoryLayout<KeyedChild>.stride
    }
}

/// An object child and where its escaped key part lies in `FormWriter`'s `levelKeys`.
struct KeyedChild {
    let node: Int32
    let keyPart: Range<Int>
}

extension URLEncodedFormEncoder.ArrayEncoding {
    var isCustom: Bool {
        if case .custom = self { return true }
        return false
    }
}
