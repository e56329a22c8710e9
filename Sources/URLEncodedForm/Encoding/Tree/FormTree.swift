/// The tree an encoding builds, stored flat: nodes in one array, interned keys, escaped values
/// in a byte buffer, and one hash index for the children of wide parents.
///
/// Object keys are compared as Swift compares `String`s, by canonical equivalence (`"é"` and
/// `"e\u{301}"` are one key): byte for byte when both keys are ASCII, as `String`s otherwise.
struct FormTree: ~Copyable {
    /// Parents with more children than this are looked up through `ChildIndex`, not scanned.
    static let indexThreshold: Int32 = 32

    private var nodes = UncheckedArray<FormNode>()
    /// The keys of object children and coding path components.
    var keys = KeyTable()
    /// Escaped leaf values.
    var values = UncheckedBytes()
    /// Raw leaf values, where escaped ones do not read back (see `SessionOptions.rawText`).
    var rawValues = RawLeafValues()
    private var index = ChildIndex()
    private var lastIdentity: Int32 = 1

    init() {
        nodes.append(FormNode(kind: .object))
    }

    /// Back to an empty root object, keeping every buffer's memory and, most often, the keys
    /// (`KeyTable.endEncoding()`).
    mutating func removeAll() {
        nodes.truncate(to: 0)
        nodes.append(FormNode(kind: .object))
        lastIdentity = 1
        keys.endEncoding()
        values.truncate(to: 0)
        rawValues.removeAll()
        index.removeAll()
    }

    var nodeCount: Int { nodes.count }

    var capacityInBytes: Int {
        nodes.capacityInBytes + keys.capacityInBytes + values.capacityInBytes + index.capacityInBytes
    }

    subscript(node: NodeID) -> FormNode {
        nodes[node]
    }

    /// Asks for the cache line of `node` (`Prefetch.read(_:)`).
    @inline(__always)
    func fetch(_ node: NodeID) {
        nodes.fetch(node)
    }

    // MARK: Lookup

    /// The child of object `parent` whose key equals `key`.
    @inline(__always)
    mutating func child(of parent: NodeID, key: KeyID) -> NodeID? {
        let parentNode = nodes[parent]
        // Most keys are new. Between ASCII keys equal means the same id, and the filter of an
        // unindexed parent proves a new one absent without a call, a scan or a hash.
        if key.isASCII && !parentNode.hasNonASCIIChildKeys && !parentNode.isIndexed
            && parentNode.keyFilter & key.filterBit == 0 {
            return nil
        }
        return searchChild(of: parent, key: key)
    }

    /// `child(of:key:)` when the filter cannot tell: through the index, or by a scan.
    private mutating func searchChild(of parent: NodeID, key: KeyID) -> NodeID? {
        if !nodes[parent].isIndexed && nodes[parent].childCount > Self.indexThreshold {
            // Children were appended past the threshold without a lookup (`appendAbsentChild`).
            buildIndex(of: parent, unicode: nodes[parent].hasNonASCIIChildKeys)
        }
        let parentNode = nodes[parent]
        if parentNode.isIndexed {
            if !key.isASCII && !parentNode.indexHashesUnicode {
                // A non-ASCII key may equal an ASCII one (U+212A KELVIN SIGN is "K"): rehash
                // every key by canonical equivalence before looking.
                buildIndex(of: parent, unicode: true)
            }
            // Every key in an index by unicode hashes has its hash taken (`buildIndex`, `register`).
            let hash = nodes[parent].indexHashesUnicode ? unicodeHash(of: key) : UInt32(bitPattern: key.index)
            return index.first(owner: nodes[parent].identity, hash: hash) { keyOf($0, equals: key) }
        }
        let bytewise = key.isASCII && !parentNode.hasNonASCIIChildKeys
        var candidate = parentNode.firstChild
        while candidate != NodeID.none {
            let node = nodes[candidate]
            if !bytewise && !(node.key.isASCII && key.isASCII) {
                _ = unicodeHash(of: node.key)
                _ = unicodeHash(of: key)
            }
            if bytewise ? node.key == key : keyOf(candidate, equals: key) {
                return candidate
            }
            candidate = node.nextSibling
        }
        return nil
    }

    /// Element `position` of array `parent`, which must have more elements than that.
    mutating func element(_ position: Int, of parent: NodeID) -> NodeID {
        let array = nodes[parent]
        assert(array.kind == .array && position >= 0 && position < Int(array.childCount),
               "element \(position) of a \(array.kind) of \(array.childCount)")
        if position == Int(array.childCount) - 1 {
            return array.lastChild
        }
        if !array.isIndexed && array.childCount > Self.indexThreshold {
            buildIndex(of: parent, unicode: false)
        }
        if nodes[parent].isIndexed {
            let owner = nodes[parent].identity
            return index.first(owner: owner, hash: UInt32(truncatingIfNeeded: position)) { _ in true } ?? NodeID.none
        }
        var element = array.firstChild
        for _ in 0..<position {
            element = nodes[element].nextSibling
        }
        return element
    }

    /// Whether the key of object child `node` equals `key`. Where either is not ASCII, both
    /// keys' unicode hashes must have been taken (`unicodeHash(of:)`).
    func keyOf(_ node: NodeID, equals key: KeyID) -> Bool {
        let stored = nodes[node].key
        if stored == key {
            return true
        }
        if stored.isASCII && key.isASCII {
            return false
        }
        // Canonically equal keys hash alike: a different hash settles it without building two
        // `String`s (allocations, for keys longer than 15 bytes).
        assert(keys[stored].unicodeHash != 0 && keys[key].unicodeHash != 0, "a key compared before its unicode hash was taken")
        if keys[stored].unicodeHash != keys[key].unicodeHash {
            return false
        }
        return keys.string(of: stored) == keys.string(of: key)
    }

    // MARK: Changes

    /// Appends `node`, whose `key` is set, as the last child of object `parent`.
    @inline(__always)
    mutating func appendChild(_ node: FormNode, to parent: NodeID) -> NodeID {
        let child = link(NodeID(index: Int32(nodes.append(node))), to: parent)
        let parentNode = nodes[parent]
        // Most children: an ASCII key in a parent too small for the index; only the filter
        // learns of it.
        if node.key.isASCII && !parentNode.isIndexed && parentNode.childCount <= Self.indexThreshold {
            nodes[parent].keyFilter |= node.key.filterBit
        } else {
            register(child, key: node.key, in: parent)
        }
        return child
    }

    /// Appends `node` as the last child of object `parent`, which the caller knows has no child
    /// with `node`'s key, without a lookup. A parent past `indexThreshold` is not indexed as it
    /// grows: the next lookup in it builds its index (`searchChild`), so that a wide dictionary
    /// written once pays no probe of the index per key.
    mutating func appendAbsentChild(_ node: FormNode, to parent: NodeID) {
        _ = link(NodeID(index: Int32(nodes.append(node))), to: parent)
        if !node.key.isASCII {
            nodes[parent].hasNonASCIIChildKeys = true
        }
        if nodes[parent].isIndexed || nodes[parent].childCount > Self.indexThreshold {
            // The index falls behind. The filter, in the word the index's identity held, is
            // set whole: it proves no key absent until a lookup builds the index again.
            nodes[parent].isIndexed = false
            nodes[parent].keyFilter = ~0
        } else {
            nodes[parent].keyFilter |= node.key.filterBit
        }
    }

    /// Records the new child `child` of `parent` under `key` in the parent's flags, filter and
    /// index, building the index when the parent grows past `indexThreshold`.
    private mutating func register(_ child: NodeID, key: KeyID, in parent: NodeID) {
        if !key.isASCII {
            nodes[parent].hasNonASCIIChildKeys = true
        }
        let parentNode = nodes[parent]
        if parentNode.isIndexed {
            if !key.isASCII && !parentNode.indexHashesUnicode {
                buildIndex(of: parent, unicode: true)
            } else {
                let hash = parentNode.indexHashesUnicode ? unicodeHash(of: key) : UInt32(bitPattern: key.index)
                index.insert(owner: parentNode.identity, hash: hash, child: child)
            }
            return
        }
        nodes[parent].keyFilter |= key.filterBit
        if parentNode.childCount > Self.indexThreshold {
            buildIndex(of: parent, unicode: parentNode.hasNonASCIIChildKeys)
        }
    }

    // Inlined, as `appendChild(_:to:)` is: every array element passes here.
    /// Appends `node` as the last element of array `parent`.
    @inline(__always)
    mutating func appendElement(_ node: FormNode, to parent: NodeID) -> NodeID {
        let element = link(NodeID(index: Int32(nodes.append(node))), to: parent)
        // Arrays are indexed by position once an element is looked up past the threshold.
        let parentNode = nodes[parent]
        if parentNode.isIndexed {
            index.insert(owner: parentNode.identity, hash: UInt32(truncatingIfNeeded: parentNode.childCount - 1),
                         child: element)
        }
        return element
    }

    /// Makes `child` the last child of `parent`.
    @inline(__always)
    private mutating func link(_ child: NodeID, to parent: NodeID) -> NodeID {
        let last = nodes[parent].lastChild
        if last == NodeID.none {
            nodes[parent].firstChild = child
        } else {
            nodes[last].nextSibling = child
        }
        nodes[parent].lastChild = child
        nodes[parent].childCount += 1
        return child
    }

    /// Empties `node` and makes it a `kind`; it keeps its place and key.
    mutating func reset(_ node: NodeID, to kind: FormNode.Kind) {
        // Entries the index holds for the old children keep an identity the node drops: they
        // belong to nobody now.
        nodes[node].reset(to: kind)
    }

    /// Gives `node` a `kind` without clearing it: a pending node's first use, or a leaf's new value.
    mutating func settle(_ node: NodeID, as kind: FormNode.Kind) {
        nodes[node].kind = kind
    }

    mutating func setValueRange(of node: NodeID, to valueRange: Range<Int>) {
        nodes[node].valueRange = valueRange
    }

    /// Gives object child `node` of `parent` the spelling `key`, a canonically equal key.
    mutating func respell(_ node: NodeID, of parent: NodeID, as key: KeyID) {
        nodes[node].key = key
        if !nodes[parent].isIndexed {
            nodes[parent].keyFilter |= key.filterBit
        }
        guard !key.isASCII else { return }
        // From now on the parent's keys compare by canonical equivalence, not by id.
        nodes[parent].hasNonASCIIChildKeys = true
        if nodes[parent].isIndexed && !nodes[parent].indexHashesUnicode {
            buildIndex(of: parent, unicode: true)
        }
    }

    // MARK: Index

    /// A fresh owner id for a node's `ChildIndex` entries; never 0, which marks an empty slot.
    private mutating func newIdentity() -> Int32 {
        lastIdentity += 1
        return lastIdentity
    }

    /// Registers every child of `parent` in the index under a fresh identity.
    @inline(never)
    private mutating func buildIndex(of parent: NodeID, unicode: Bool) {
        let owner = newIdentity()
        nodes[parent].identity = owner
        nodes[parent].isIndexed = true
        nodes[parent].indexHashesUnicode = unicode
        let isObject = nodes[parent].kind == .object
        var child = nodes[parent].firstChild
        var position: UInt32 = 0
        while child != NodeID.none {
            let key = nodes[child].key
            let hash = !isObject ? position : unicode ? unicodeHash(of: key) : UInt32(bitPattern: key.index)
            index.insert(owner: owner, hash: hash, child: child)
            child = nodes[child].nextSibling
            position &+= 1
        }
    }

    /// A hash that agrees with `String`'s canonical equivalence, for parents with non-ASCII
    /// keys: the key's, most often taken when it was interned from the `String` it came as.
    private mutating func unicodeHash(of key: KeyID) -> UInt32 {
        UInt32(truncatingIfNeeded: keys.unicodeHash(of: key))
    }
}
