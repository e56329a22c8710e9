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
/// as Alamofire sorts and joins `String` segments level by level (arrays, unless
/// `sortsArrayElements` is off, which leaves them as written, in index order). The outermost
/// sorted levels are only listed in order, and put in place as the text is copied out
/// (`FormText`). Objects usually skip sorting: their keys are distinct, so the keys' ranks tell
/// the order, and the children are written in it (see `EscapedKeys` and
/// `writeInKeyOrder(_:in:isRoot:)`); sorted arrays of leaves under one key are written in the
/// order of their values.
struct FormWriter: ~Copyable {
    private let options: SessionOptions
    private var output: UncheckedBytes
    /// The key of the node being written: escaped, or raw when `leafKeys` is set.
    private var key: UncheckedBytes
    /// Start and end offsets in `output` of the children written at each open level.
    private var segments: UncheckedArray<Int>
    /// Where a level's bytes are copied while they are reordered.
    private var scratch: UncheckedBytes
    /// Sorts a level's children, in memory reused level after level.
    private var sorter: SegmentSorter
    /// How many of the levels being written will reorder their children once written.
    private var levelsToSort = 0
    /// The text's pieces so far, as start and end offsets in `output` (see `FormText`).
    private var pieces: UncheckedArray<Int>
    /// Where the bytes of `output` not yet in `pieces` begin.
    private var unlisted = 0
    /// The tree's keys, escaped once (raw when `leafKeys` is set) and ranked when objects can
    /// be written in key order (`WriterSettings.writesInKeyOrder`).
    private var escapedKeys: EscapedKeys
    /// The children of the objects being written in key order, level above level.
    private var levelEntries: UncheckedArray<RankedChild>
    /// Set when keys must be transformed whole at each leaf; the key stack then holds raw bytes.
    private let leafKeys: LeafKeyEncoder?
    /// Key fragments and write orders, from the options.
    private let settings: WriterSettings

    private init(options: SessionOptions, tree: borrowing FormTree, buffers: consuming WriterBuffers) {
        self.options = options
        output = buffers.output
        output.truncate(to: 0)
        key = buffers.key
        key.truncate(to: 0)
        scratch = buffers.scratch
        segments = buffers.segments
        segments.truncate(to: 0)
        sorter = buffers.sorter
        pieces = buffers.pieces
        pieces.truncate(to: 0)
        levelEntries = buffers.levelEntries
        levelEntries.truncate(to: 0)
        escapedKeys = buffers.escapedKeys
        settings = options.writer
        leafKeys = settings.transformsLeafKeys
            ? LeafKeyEncoder(keyEncoding: options.encoding.keyEncoding, escapeTable: options.escapeTable) : nil
        escapedKeys.build(from: tree.keys, nodeCount: tree.nodeCount,
                          escapeTable: settings.transformsLeafKeys ? nil : options.escapeTable,
                          opening: settings.wrapping?.opening, closing: settings.wrapping?.closing,
                          sortsObjects: settings.writesInKeyOrder, sorter: &sorter, bounds: &segments)
    }

    /// Throws `URLEncodedFormEncoder.Error.invalidRootObject` unless the root of `tree` is an
    /// object, the one root `write(_:options:buffers:)` takes.
    static func checkRoot(of tree: borrowing FormTree, options: SessionOptions) throws {
        guard tree[NodeID.root].kind == .object else {
            throw URLEncodedFormEncoder.Error.invalidRootObject(
                InvalidRootDescription.of(NodeID.root, in: tree, plusIsSpace: options.escapeTable.writesSpaceAsPlus))
        }
    }

    /// Writes the serialization of `tree`, whose root is an object (`checkRoot(of:)`), into
    /// `buffers`, which it returns with the text in `output`.
    static func write(_ tree: borrowing FormTree, options: SessionOptions,
                      buffers: consuming WriterBuffers) -> WriterBuffers {
        var writer = FormWriter(options: options, tree: tree, buffers: buffers)
        writer.writeChildren(of: NodeID.root, in: tree, isRoot: true)
        writer.list(writer.unlisted..<writer.output.count)
        return writer.buffers()
    }

    /// Gives the buffers back.
    private consuming func buffers() -> WriterBuffers {
        WriterBuffers(output: output, key: key, scratch: scratch, segments: segments, sorter: sorter, pieces: pieces,
                      escapedKeys: escapedKeys, levelEntries: levelEntries)
    }

    private mutating func writeChildren(of parent: NodeID, in tree: borrowing FormTree, isRoot: Bool) {
        let node = tree[parent]
        if settings.writesInKeyOrder && node.kind == .object && node.childCount > 1
            && writeInKeyOrder(parent, in: tree, isRoot: isRoot) {
            return
        }
        if settings.writesLeavesInValueOrder && node.kind == .array && node.childCount > 1
            && writeLeavesInValueOrder(parent, in: tree) {
            return
        }
        let levelStart = output.count
        let firstSegment = segments.count
        let isArray = tree[parent].kind == .array
        // A custom array encoding replaces the key, so the parent's key is kept to restart from,
        // as the `String` the encoding takes: one per level, not one per element.
        let parentKey: String? = isArray && options.encoding.arrayEncoding.isCustom
            ? String(decoding: key.bytes(0..<key.count), as: UTF8.self) : nil
        let keyMark = key.count
        // A level of one child has nothing to reorder (the root of a payload that holds one
        // array of records): what it holds may still be listed in order rather than moved.
        let sorts = (isArray ? settings.sortsArrays : settings.sortsObjects) && node.childCount > 1
        if sorts {
            levelsToSort += 1
        }

        var child = tree[parent].firstChild
        var position = 0
        while child != NodeID.none {
            if position > 0 {
                output.append(UInt8(ascii: "&"))
            }
            if isArray {
                appendElementKey(position, parentKey: parentKey)
            } else {
                appendObjectKey(tree[child].key, in: tree, isRoot: isRoot)
            }
            let start = output.count
            writeNode(child, in: tree)
            segments.append(start)
            segments.append(output.count)
            restoreKey(to: keyMark, parentKey: parentKey)
            child = tree[child].nextSibling
            position += 1
        }

        if sorts {
            levelsToSort -= 1
            // Every segment starts with this level's key when keys are escaped as they are
            // built: comparisons start after it.
            sortSegments(from: firstSegment, levelStart: levelStart, sharedPrefix: leafKeys == nil ? keyMark : 0)
        }
        segments.truncate(to: firstSegment)
    }

    @inline(__always)
    private mutating func writeNode(_ node: NodeID, in tree: borrowing FormTree) {
        if tree[node].kind == .string {
            writePair(valueRange: tree[node].valueRange, in: tree)
        } else {
            writeChildren(of: node, in: tree, isRoot: false)
        }
    }

    /// Writes the children of object `parent` in the order of their escaped keys (by rank, when
    /// the keys are ranked), and returns true; or writes nothing and returns false when the
    /// keys cannot decide the order.
    ///
    /// Every child's segment is the level's key, then its key part, then the rest. When no key
    /// is (escaped) a prefix of another, two segments first differ inside their key parts, so
    /// the keys sort the segments, and what is written never has to move. (A prefix leaves the
    /// order to the rest: the caller sorts the written bytes.)
    private mutating func writeInKeyOrder(_ parent: NodeID, in tree: borrowing FormTree, isRoot: Bool) -> Bool {
        let first = levelEntries.count
        defer { levelEntries.truncate(to: first) }
        var child = tree[parent].firstChild
        while child != NodeID.none {
            levelEntries.append(RankedChild(rank: escapedKeys.rank(of: tree[child].key), node: child))
            child = tree[child].nextSibling
        }
        // The level in key order: sorted by rank in place, or by text into a copy after it.
        var start = first
        if escapedKeys.isRanked {
            levelEntries.elements(from: first).sortInPlace { $0.order < $1.order }
        } else {
            start = levelEntries.count
            let level = levelEntries.elements(from: first)
            let order = escapedKeys.sortByText(level.count, key: { tree[level[$0].node].key },
                                               sorter: &sorter, bounds: &segments)
            for entry in order {
                levelEntries.append(levelEntries[first + Int(entry.index)])
            }
        }
        let end = levelEntries.count
        // A large level asks for what it reads a few entries ahead; the check reads every
        // child's key only where the keys are not ranked.
        let fetches = end - start >= Self.minimumChildrenToFetch
        // Sorted, a key that begins any other key of the level begins the next one.
        for index in start..<(end - 1) {
            if fetches && !escapedKeys.isRanked {
                fetchAhead(of: index, before: end, in: tree, values: false)
            }
            let childKey = tree[levelEntries[index].node].key
            guard !escapedKeys.isRanked || escapedKeys.isPrefixOfAnother(childKey) else { continue }
            let next = escapedKeys.bytes(of: tree[levelEntries[index + 1].node].key)
            if EscapedTextOrder.isPrefix(escapedKeys.bytes(of: childKey), of: next) {
                return false
            }
        }

        let keyMark = key.count
        for index in start..<end {
            if fetches {
                fetchAhead(of: index, before: end, in: tree, values: true)
            }
            if index > start {
                output.append(UInt8(ascii: "&"))
            }
            let node = levelEntries[index].node
            appendObjectKey(tree[node].key, in: tree, isRoot: isRoot)
            writeNode(node, in: tree)
            key.truncate(to: keyMark)
        }
        return true
    }

    /// The fewest children an object must have to be fetched ahead as it is written: below
    /// it, what the passes read still fits in a 1 MB second-level cache, and the requests would
    /// only cost instructions (Benchmarks/README, the encoder's mechanisms).
    private static let minimumChildrenToFetch = 4096

    /// Asks, in stages, for what a pass over a level in key order (`levelEntries` up to `end`)
    /// reads at the entries ahead of `index`: in a large level they lie scattered through the
    /// tree, its keys and its values, each read depending on the one before. `3 × distance`
    /// entries ahead, the node; `2 ×`, its key's bounds and, with `values`, its value; `1 ×`,
    /// its key's bytes.
    @inline(__always)
    private func fetchAhead(of index: Int, before end: Int, in tree: borrowing FormTree, values: Bool) {
        let distance = Prefetch.distance
        if index &+ 3 &* distance < end {
            tree.fetch(levelEntries[index &+ 3 &* distance].node)
        }
        if index &+ 2 &* distance < end {
            let node = tree[levelEntries[index &+ 2 &* distance].node]
            escapedKeys.fetchBounds(of: node.key)
            if values && node.kind == .string {
                Prefetch.read(tree.values.bytes(node.valueRange).baseAddress)
            }
        }
        if index &+ distance < end {
            escapedKeys.fetchBytes(of: tree[levelEntries[index &+ distance].node].key)
        }
    }

    /// Writes the elements of array `parent` in the order of their values, and returns true,
    /// when they are all leaves; or writes nothing and returns false.
    ///
    /// Every element has the same key (see `WriterSettings.writesLeavesInValueOrder`), so each
    /// segment is that key, `=` and the value, and the escaped values alone decide the order:
    /// the level is written in it and never moves (a short array of tags, a long one of numbers).
    private mutating func writeLeavesInValueOrder(_ parent: NodeID, in tree: borrowing FormTree) -> Bool {
        let first = segments.count
        defer { segments.truncate(to: first) }
        var child = tree[parent].firstChild
        while child != NodeID.none {
            guard tree[child].kind == .string else { return false }
            let valueRange = tree[child].valueRange
            segments.append(valueRange.lowerBound)
            segments.append(valueRange.upperBound)
            child = tree[child].nextSibling
        }
        let bounds = segments.elements(from: first)
        let values = tree.values.bytes(0..<tree.values.count)
        let sorted = sorter.sort(bounds.count / 2, in: values, bounds: bounds, skipping: 0)
        let keyMark = key.count
        appendElementKey(0, parentKey: nil)
        for (rank, entry) in sorted.enumerated() {
            bounds.fetchAhead(of: rank, in: sorted, from: values, at: 0)
            if rank > 0 {
                output.append(UInt8(ascii: "&"))
            }
            writePair(valueRange: bounds.range(of: entry), in: tree)
        }
        key.truncate(to: keyMark)
        return true
    }

    /// Writes the key on the stack, `=` and the escaped value at `valueRange` of the tree's values.
    @inline(__always)
    private mutating func writePair(valueRange: Range<Int>, in tree: borrowing FormTree) {
        if let leafKeys {
            leafKeys.appendEncoded(key.bytes(0..<key.count), to: &output)
        } else {
            output.append(0..<key.count, of: key)
        }
        output.append(UInt8(ascii: "="))
        output.append(valueRange, of: tree.values)
    }

    // MARK: Keys

    // Inlined, as are `writeNode`, `writePair`, `appendElementKey` and `restoreKey`: each runs
    // once per child or pair, and the calls cost more than the bodies.
    /// Appends an object child's key: as it is at the root, by `KeyPathEncoding` below.
    @inline(__always)
    private mutating func appendObjectKey(_ childKey: KeyID, in tree: borrowing FormTree, isRoot: Bool) {
        if !isRoot, case let .custom(encoding) = options.encoding.keyPathEncoding.style {
            encoding(tree.keys.string(of: childKey)).withUTF8Bytes { appendKeyPart($0) }
        } else {
            // Below the root, wrapped in its brackets or after its dot, escaped once per tree.
            escapedKeys.append(childKey, wrapped: !isRoot, to: &key)
        }
    }

    /// Appends (or, for a custom encoding, substitutes) an array element's key.
    @inline(__always)
    private mutating func appendElementKey(_ position: Int, parentKey: String?) {
        switch options.encoding.arrayEncoding {
        case .brackets:
            settings.emptyBrackets.append(to: &key)
        case .noBrackets:
            break
        case .indexInBrackets:
            settings.openBracket.append(to: &key)
            if settings.writesIndexDigitsAsTheyAre {
                // Not through the escape table: every thread that encodes with the default set
                // shares it, and would retain and release it at every element.
                DecimalText.withDigits(of: position) { key.append($0) }
            } else {
                DecimalText.withDigits(of: position) { appendKeyPart($0) }
            }
            settings.closeBracket.append(to: &key)
        case let .custom(encoding):
            key.truncate(to: 0)
            encoding(parentKey ?? "", position).withUTF8Bytes { appendKeyPart($0) }
        }
    }

    @inline(__always)
    private mutating func restoreKey(to mark: Int, parentKey: String?) {
        guard let parentKey else {
            key.truncate(to: mark)
            return
        }
        key.truncate(to: 0)
        parentKey.withUTF8Bytes { key.append($0) }
    }

    /// Appends part of a key: escaped now, or raw for `LeafKeyEncoder` to escape at the leaf.
    private mutating func appendKeyPart(_ raw: UnsafeRawBufferPointer) {
        if leafKeys != nil {
            key.append(raw)
        } else {
            options.escapeTable.appendEscaped(raw, to: &key)
        }
    }

    // MARK: Sorting

    /// Sorts the children written since `firstSegment` by their bytes and puts them in that
    /// order, `&`-separated: in the text's pieces when no level above will move them again,
    /// else by rewriting the level. Nothing moves when they are already in order.
    private mutating func sortSegments(from firstSegment: Int, levelStart: Int, sharedPrefix: Int) {
        let count = (segments.count - firstSegment) / 2
        guard count > 1 else { return }
        let written = output.bytes(0..<output.count)
        let bounds = segments.elements(from: firstSegment)
        func segment(_ index: Int) -> UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(rebasing: written[bounds[2 &* index] &+ sharedPrefix..<bounds[2 &* index &+ 1]])
        }
        // Levels often arrive in order (short arrays of numbers, sorted keys): one pass tells.
        guard (1..<count).contains(where: { EscapedTextOrder.precedes(segment($0), segment($0 - 1)) }) else { return }
        let sorted = sorter.sort(count, in: written, bounds: bounds, skipping: sharedPrefix)

        if levelsToSort == 0 {
            // Nothing will move this level again: its segments are listed in order, for the
            // copy out of the buffer to put them in place.
            list(unlisted..<levelStart)
            for (rank, entry) in sorted.enumerated() {
                let range = bounds.range(of: entry)
                let end = range.upperBound
                list(range)
                if rank < count &- 1 {
                    // Its own `&` follows every segment but the level's last (usually in the
                    // same piece); any `&` of the level serves as well.
                    let separator = Int(entry.index) < count &- 1 ? end : bounds[1]
                    list(separator..<separator &+ 1)
                }
            }
            unlisted = bounds[2 &* count &- 1]
            return
        }

        // The level is rewritten through `scratch`. When what precedes it is shorter than the
        // level (a large array in a level that sorts), that is copied instead, the level is
        // written after it in order, and the buffers trade places: one copy of the level, not two.
        scratch.truncate(to: 0)
        if levelStart < output.count - levelStart {
            scratch.append(0..<levelStart, of: output)
            Self.append(sorted, of: bounds, from: output, to: &scratch, shift: 0)
            swap(&output, &scratch)
        } else {
            scratch.append(levelStart..<output.count, of: output)
            output.truncate(to: levelStart)
            Self.append(sorted, of: bounds, from: scratch, to: &output, shift: levelStart)
        }
    }

    /// Appends `range` of `output` to the text's pieces, extending the last piece when it ends
    /// where `range` starts.
    private mutating func list(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        if pieces.count > 0 && pieces[pieces.count &- 1] == range.lowerBound {
            pieces[pieces.count &- 1] = range.upperBound
        } else {
            pieces.append(range.lowerBound)
            pieces.append(range.upperBound)
        }
    }

    /// Appends the segments `bounds` delimits to `destination` in `order`, `&`-separated,
    /// reading them from `source`, where they sit `shift` bytes before their bounds.
    private static func append(_ order: UnsafeMutableBufferPointer<SegmentOrder>, of bounds: UnsafeMutableBufferPointer<Int>,
                               from source: borrowing UncheckedBytes, to destination: inout UncheckedBytes, shift: Int) {
        let sourceBytes = source.bytes(0..<source.count)
        for (rank, entry) in order.enumerated() {
            bounds.fetchAhead(of: rank, in: order, from: sourceBytes, at: -shift)
            if rank > 0 {
                destination.append(UInt8(ascii: "&"))
            }
            let range = bounds.range(of: entry)
            destination.append(range.lowerBound &- shift..<range.upperBound &- shift, of: source)
        }
    }
}

/// The memory a `FormWriter` works in, kept between encodings by a reused session.
struct WriterBuffers: ~Copyable {
    var output = UncheckedBytes(capacity: 1024)
    var key = UncheckedBytes()
    var scratch = UncheckedBytes()
    var segments = UncheckedArray<Int>()
    var sorter = SegmentSorter()
    var pieces = UncheckedArray<Int>()
    var escapedKeys = EscapedKeys()
    var levelEntries = UncheckedArray<RankedChild>()

    var capacityInBytes: Int {
        output.capacityInBytes + key.capacityInBytes + scratch.capacityInBytes
            + segments.capacityInBytes + sorter.capacityInBytes + pieces.capacityInBytes
            + escapedKeys.capacityInBytes + levelEntries.capacityInBytes
    }
}

/// An object child being ordered: the rank of its key in `EscapedKeys` (0 when unranked) in
/// the high half of one word, its node in the low half. Sorting the words sorts by rank (the
/// keys of siblings differ); and one word is moved with one load and one store, which a
/// 12-byte entry was not: it stalled the insertion sort on store-to-load forwarding.
struct RankedChild {
    let order: UInt64

    init(rank: Int32, node: NodeID) {
        order = UInt64(UInt32(bitPattern: rank)) << 32 | UInt64(UInt32(bitPattern: node.index))
    }

    var node: NodeID { NodeID(index: Int32(truncatingIfNeeded: order)) }
}

extension URLEncodedFormEncoder.ArrayEncoding {
    var isCustom: Bool {
        if case .custom = self { return true }
        return false
    }
}

