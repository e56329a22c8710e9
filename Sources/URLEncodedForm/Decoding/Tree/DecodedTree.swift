/// A form's pairs merged into one tree in input order, as Rack's `normalize_params` merges them,
/// without recursion: every step of a key path is one turn of a loop.
///
/// - A plain value replaces what its key held (`a[b]=1&a=2` leaves `a` a value), or joins the
///   values already sent for it (`a=1&a=2`: both are kept, in order, for typed decoding).
/// - `[]` appends to an array. After `[]`, the rest of the path goes into the array's last
///   element when that is a hash that does not have the rest's keys yet (`a[][x]=1&a[][y]=2`
///   is one element), and into a new element otherwise (`…&a[][x]=3` starts a second).
///   `[]` followed by `[]`s alone appends what Rack does: `["1"]` for `a[][]=1`, a null element
///   (Rack's `nil`) for two `[]`s after it or more.
/// - A key where the other kind of container (or a value) stands is a conflict.
///
/// Nothing is ever removed: a container replaced by a value is turned into that value, and its
/// old children stay in `nodes`, unreachable.
struct DecodedTree: ~Copyable {
    /// The nodes; `nodes[0]` is the root hash.
    private(set) var nodes = UncheckedArray<DecodedNode>(capacity: 1)
    /// For each pair, the next pair sent for the same leaf, or none; empty until a key is sent
    /// a second time, which most forms never do (`nextValue(after:)`).
    private var nextValues: [PairID] = []
    private var pairCount = 0
    private var children = ChildTable()
    /// The hashes the last path went through from the root by its leading keys, with those
    /// keys: forms list the pairs of one object together, so the next path usually starts the
    /// same way, and its first steps cost a comparison instead of a search. The first
    /// `lastPathCount` entries are valid; each is checked to still be a hash before it is used
    /// (a value may have replaced it), and a node's key under its parent never changes.
    private var lastPath: [(key: TextRange, hash: DecodedNodeID)] = []
    private var lastPathCount = 0
    /// The array the last pair's value was appended to as a new element, where its path ended
    /// in `[]` after a key; none otherwise. A pair with the same name appends there too
    /// (`repeatLastAppend(pair:)`).
    private var lastAppendArray = DecodedNodeID.none
    /// The hash the last pair's value was set in under a key, where its path went through no
    /// `[]` (`texts[11]`, `user[id]`); none otherwise. A pair whose name is the last one but
    /// for that key sets its value there too (`setSiblingValue(pair:key:)`).
    private var lastLeafParent = DecodedNodeID.none
    private(set) var bytes = FormBytes.none

    /// A tree with no memory yet, which a `DecodingSession` keeps between decodings.
    init() {}

    /// Forgets the last decoding and starts an empty tree for `pairCount` pairs in `bytes`,
    /// keeping the memory.
    mutating func start(bytes: FormBytes, pairCount: Int) {
        end()
        self.bytes = bytes
        self.pairCount = pairCount
        nodes.removeAll(reservingCapacity: pairCount + 1)
        nodes.append(DecodedNode(kind: .hash, parent: .none, key: TextRange(start: 0, count: -1)))
        nextValues.removeAll(keepingCapacity: true)
    }

    /// Ends a decoding: frees the child table, which belongs to one decoding (a wide form's
    /// can be large, and an idle session keeps only what `capacityInBytes` counts), and lets go
    /// of the borrowed bytes.
    mutating func end() {
        children = ChildTable()
        lastPathCount = 0
        lastAppendArray = .none
        lastLeafParent = .none
        bytes = .none
    }

    /// The memory the tree holds.
    var capacityInBytes: Int {
        nodes.capacityInBytes + nextValues.capacity * MemoryLayout<PairID>.stride
    }

    /// The nodes, to read once the tree is built (nothing is appended after that, so the view
    /// stays valid until the next decoding starts).
    var builtNodes: UnsafeBufferPointer<DecodedNode> { UnsafeBufferPointer(nodes.elements(from: 0)) }

    /// The pair sent for the same leaf after `pair`, or none.
    func nextValue(after pair: PairID) -> PairID {
        nextValues.isEmpty ? .none : nextValues[Int(pair.index)]
    }

    /// Merges pair `pair`, whose name is one plain key. Inlined into the build's loop, as
    /// `setValue(_:of:key:)` is here: every pair of a flat form comes this way.
    @inline(__always)
    mutating func add(pair: PairID, plainKey key: TextRange) {
        lastAppendArray = .none
        lastLeafParent = .none
        setValue(pair, of: .root, key: key)
    }

    /// Merges pair `pair`, whose name is the last pair's, byte for byte, where that pair's path
    /// ended in `[]` after a key (an array's elements: `tags[]=a&tags[]=b`): its value is a new
    /// element of the same array, where `add(pair:path:shared:)` would put it, without following
    /// the path again. (Before that key the path leads where the last one did: through the same
    /// hashes, and past a `[]` into the array's last element, which is the one the last path
    /// used, since the rest of the path holds an append.) Returns `false`, adding nothing,
    /// where the last pair's path did not end so.
    mutating func repeatLastAppend(pair: PairID) -> Bool {
        guard !lastAppendArray.isNone else { return false }
        appendValue(pair, to: appendElement(to: lastAppendArray, kind: .leaf))
        return true
    }

    /// Whether the last pair's value was set under a key at the end of a path that went
    /// through no `[]` (`texts[11]`, `user[id]`), so that `setSiblingValue(pair:key:)` can
    /// merge the next pair.
    var canSetSibling: Bool { !lastLeafParent.isNone }

    /// Merges pair `pair`, whose name is the last pair's but for its last key, `key` (a plain
    /// key closed by the `]` that ends the name: `KeyPathSplitter.splitSibling`), where
    /// `canSetSibling`: its value is set under `key` in the hash the last one was set in, where
    /// `add(pair:path:shared:)` would set it, without following the path again. (Before that
    /// key the path leads where the last one did: through the same hashes, the deepest of which
    /// is still one, a value having just been set in it.) Kept out of the build's loop, which
    /// flat forms go through without it.
    @inline(never)
    mutating func setSiblingValue(pair: PairID, key: TextRange) {
        assert(!lastLeafParent.isNone && nodes[lastLeafParent].kind == .hash && lastPathCount > 0
               && lastPath[lastPathCount - 1].hash == lastLeafParent, "the last leaf's hash is not where the last path ended")
        setValue(pair, of: lastLeafParent, key: key)
    }

    /// Merges pair `pair`, whose name has the key path `path` (at least the base), the first
    /// `shared` segments of which are the previous path's, byte for byte.
    ///
    /// - Throws: ``URLEncodedFormDecoder/Error/conflictingKey(_:)``.
    mutating func add(pair: PairID, path: UnsafeBufferPointer<KeySegment>, shared: Int = 0) throws(URLEncodedFormDecoder.Error) {
        var parent = DecodedNodeID.root
        var key = path[path.startIndex].text
        var index = path.startIndex + 1
        let end = path.endIndex
        // How many leading keys have been followed, and whether all of them as the last path did.
        var depth = 0
        var followsLastPath = true
        var beforeAnyAppend = true
        defer { lastPathCount = depth }
        lastAppendArray = .none
        lastLeafParent = .none
        // Keys the last path followed and this one repeats lead to the same hashes, which are
        // taken without comparing a key (the deepest checked to be a hash still). A key is
        // followed as a hash when the segment after it is a key too: the last shared one is
        // not when this path appends after it (`a[b][x]` then `a[b][]`).
        var jump = min(shared, lastPathCount, path.count - 1)
        if jump > 0 && path[jump].isAppend { jump -= 1 }
        if jump > 0 && nodes[lastPath[jump - 1].hash].kind == .hash {
            parent = lastPath[jump - 1].hash
            key = path[jump].text
            index = jump + 1
            depth = jump
        }
        while index < end {
            guard path[index].isAppend else {
                if beforeAnyAppend && followsLastPath && depth < lastPathCount
                    && bytes.equal(lastPath[depth].key, bytes.bytes(key))
                    && nodes[lastPath[depth].hash].kind == .hash {
                    parent = lastPath[depth].hash
                } else {
                    parent = try container(of: parent, key: key, kind: .hash)
                    if beforeAnyAppend {
                        followsLastPath = false
                        if depth < lastPath.count { lastPath[depth] = (key, parent) } else { lastPath.append((key, parent)) }
                    }
                }
                if beforeAnyAppend { depth += 1 }
                key = path[index].text
                index += 1
                continue
            }
            beforeAnyAppend = false
            let array = try container(of: parent, key: key, kind: .array)
            if index + 1 == end {
                appendValue(pair, to: appendElement(to: array, kind: .leaf))
                lastAppendArray = array
                return
            }
            // After `[]`: Rack reads the rest from its first key, skipping any `[]` before it.
            var keyIndex = index + 1
            while keyIndex < end && path[keyIndex].isAppend { keyIndex += 1 }
            let last = nodes[array].lastChild
            let lastIsHash = !last.isNone && nodes[last].kind == .hash
            if keyIndex == end {
                // `[]` followed by `[]`s alone. Rack makes `a[][]=1` an element `["1"]` and
                // `a[][][]=1` (or more `[]`s) an element `nil`; where the last element is a hash
                // it drops the value.
                guard !lastIsHash else { return }
                if end - index == 2 {
                    let inner = appendElement(to: array, kind: .array)
                    appendValue(pair, to: appendElement(to: inner, kind: .leaf))
                } else {
                    _ = appendElement(to: array, kind: .null)
                }
                return
            }
            let rest = UnsafeBufferPointer(rebasing: path[(index + 1)...])
            if lastIsHash && (rest.contains(where: \.isAppend) || !hasPath(rest, from: last)) {
                parent = last
            } else {
                parent = appendElement(to: array, kind: .hash)
            }
            key = path[keyIndex].text
            index = keyIndex + 1
        }
        if beforeAnyAppend { lastLeafParent = parent }
        setValue(pair, of: parent, key: key)
    }

    /// Whether `node` leads through the keys of `path` (Rack's `params_hash_has_key?`): each
    /// but the last must be a hash; the last may hold anything.
    private mutating func hasPath(_ path: UnsafeBufferPointer<KeySegment>, from node: DecodedNodeID) -> Bool {
        var node = node
        for segment in path {
            guard nodes[node].kind == .hash, let child = search(segment.text, in: node).child else { return false }
            node = child
        }
        return true
    }

    /// From this many children on, a hash's children are found through the `ChildTable`
    /// (once its keys no longer ascend); below, comparing lengths child by child is cheaper
    /// than hashing the key.
    static let indexedWidth: Int32 = 32

    /// The child `key` of the hash `parent`, if any, and the key's hash in the `ChildTable`
    /// where `parent`'s children are there (else 0), so that a new child goes in without its
    /// key hashed again.
    ///
    /// While the hash's keys have come in ascending order, as encoders that sort their keys
    /// send them, a key is compared with the last one only, and a wide hash is left out of the
    /// table. The first key looked for before the last ends that for the hash (mutating: it
    /// clears `childrenAscend`, and puts a wide hash's children in the table), so that no
    /// search in the build runs child by child through a wide hash.
    ///
    /// While its keys have been the indices `0`, `1`, … in order (an array sent with indices:
    /// `10` after `9` ends byte order), the next index is new; any other key ends that.
    @inline(__always)
    private mutating func search(_ key: TextRange, in parent: DecodedNodeID) -> (child: DecodedNodeID?, tableHash: Int) {
        let last = nodes[parent].lastChild
        if nodes[parent].indicesInOrder {
            if Self.decimalIndex(bytes.bytes(key)) == Int(nodes[parent].count) {
                // Byte order holds until an index has a digit more than the last (`10`).
                if nodes[parent].childrenAscend && !last.isNone
                    && Self.order(of: bytes.bytes(key), against: bytes.bytes(nodes[last].key)) != .after {
                    nodes[parent].childrenAscend = false
                }
                return (nil, 0)
            }
            nodes[parent].indicesInOrder = false
            if !nodes[parent].childrenAscend && nodes[parent].count >= Self.indexedWidth { indexChildren(of: parent) }
        }
        if nodes[parent].childrenAscend && !last.isNone {
            assert(!nodes[parent].isIndexed, "an indexed hash whose keys ascend")
            switch Self.order(of: bytes.bytes(key), against: bytes.bytes(nodes[last].key)) {
            case .after:
                return (nil, 0)
            case .same:
                return (last, 0)
            case .before:
                nodes[parent].childrenAscend = false
                if nodes[parent].count >= Self.indexedWidth { indexChildren(of: parent) }
            }
        }
        guard nodes[parent].isIndexed else { return (child(bytes.bytes(key), of: parent), 0) }
        return searchTable(key, in: parent)
    }

    private enum Order { case before, same, after }

    /// The index `key` spells (`0`, or digits not starting with `0`), or `nil`: its value
    /// where it has at most 18 digits, `Int.max` for a longer one (beyond every shorter one;
    /// two such compare by their digits). The build and the typed reading of an index hash
    /// read keys as indices by it.
    static func decimalIndex(_ key: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = key.first, first != UInt8(ascii: "0") || key.count == 1 else { return nil }
        var value = 0
        for byte in key {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int(digit)
        }
        return key.count <= 18 ? value : Int.max
    }

    /// Where `text` falls against `other` in byte order.
    @inline(__always)
    private static func order(of text: UnsafeBufferPointer<UInt8>, against other: UnsafeBufferPointer<UInt8>) -> Order {
        let shared = UnsafeRawBufferPointer(text).commonPrefixLength(with: UnsafeRawBufferPointer(other))
        if shared == text.count { return shared == other.count ? .same : .before }
        if shared == other.count { return .after }
        return text[shared] < other[shared] ? .before : .after
    }

    /// The search through the table, kept out of the build's loop, which narrow hashes (flat
    /// forms, records) go through without it.
    @inline(never)
    private func searchTable(_ key: TextRange, in parent: DecodedNodeID) -> (child: DecodedNodeID?, tableHash: Int) {
        let text = bytes.bytes(key)
        let hash = ChildTable.hash(parent: parent, key: text)
        return (children.find(parent: parent, key: text, hash: hash, in: builtNodes, bytes: bytes), hash)
    }

    /// The hash's child `key` (made if missing), which must be of `kind`.
    private mutating func container(of parent: DecodedNodeID, key: TextRange, kind: DecodedNode.Kind) throws(URLEncodedFormDecoder.Error) -> DecodedNodeID {
        let (found, tableHash) = search(key, in: parent)
        guard let child = found else { return makeChild(of: parent, key: key, kind: kind, tableHash: tableHash) }
        guard nodes[child].kind == kind else { throw .conflictingKey(bytes.string(key)) }
        return child
    }

    /// Sets the hash's child `key` to the value of `pair`: joins the values already sent for a
    /// leaf, replaces a container.
    @inline(__always)
    private mutating func setValue(_ pair: PairID, of parent: DecodedNodeID, key: TextRange) {
        let (found, tableHash) = search(key, in: parent)
        guard let child = found else {
            appendValue(pair, to: makeChild(of: parent, key: key, kind: .leaf, tableHash: tableHash))
            return
        }
        if nodes[child].kind != .leaf { nodes[child].becomeEmptyLeaf() }
        appendValue(pair, to: child)
    }

    /// Adds the child `key` to the hash `parent`; `tableHash` is the key's hash in the
    /// `ChildTable` where `parent`'s children are there (`search(_:in:)`).
    private mutating func makeChild(of parent: DecodedNodeID, key: TextRange, kind: DecodedNode.Kind, tableHash: Int) -> DecodedNodeID {
        let child = link(DecodedNode(kind: kind, parent: parent, key: key), to: parent)
        if nodes[parent].isIndexed {
            children.insert(child, hash: tableHash)
        } else if nodes[parent].count == Self.indexedWidth && !nodes[parent].childrenAscend && !nodes[parent].indicesInOrder {
            indexChildren(of: parent)
        }
        return child
    }

    /// Puts the children of a hash of `indexedWidth` children or more, whose keys no longer
    /// ascend, into the table.
    @inline(never)
    private mutating func indexChildren(of parent: DecodedNodeID) {
        nodes[parent].isIndexed = true
        children.insertChildren(of: parent, in: builtNodes, bytes: bytes)
    }

    private mutating func appendElement(to array: DecodedNodeID, kind: DecodedNode.Kind) -> DecodedNodeID {
        link(DecodedNode(kind: kind, parent: .none, key: TextRange(start: 0, count: -1)), to: array)
    }

    /// Appends `node` to `parent`'s children and returns its index.
    private mutating func link(_ node: DecodedNode, to parent: DecodedNodeID) -> DecodedNodeID {
        let child = DecodedNodeID(index: Int32(truncatingIfNeeded: nodes.append(node)))
        let last = nodes[parent].lastChild
        if last.isNone { nodes[parent].firstChild = child } else { nodes[last].next = child }
        nodes[parent].lastChild = child
        nodes[parent].count += 1
        return child
    }

    private mutating func appendValue(_ pair: PairID, to leaf: DecodedNodeID) {
        let last = nodes[leaf].lastValue
        if last.isNone {
            nodes[leaf].firstValue = pair
        } else {
            if nextValues.isEmpty { makeNextValues() }
            nextValues[Int(last.index)] = pair
        }
        nodes[leaf].lastValue = pair
        nodes[leaf].count += 1
    }

    /// The links between the values of repeated keys, made when the first is repeated.
    @inline(never)
    private mutating func makeNextValues() {
        nextValues.append(contentsOf: repeatElement(.none, count: pairCount))
    }

    /// The child of the hash `parent` whose key is `key`, if any. A wide hash whose keys
    /// ascend is not in the table and is searched child by child here: typed decoding puts
    /// such a hash in a table of its own before it looks keys up in it (`FormValueDecoder`).
    func child(_ key: UnsafeBufferPointer<UInt8>, of parent: DecodedNodeID) -> DecodedNodeID? {
        if nodes[parent].isIndexed {
            return children.find(key, of: parent, in: builtNodes, bytes: bytes)
        }
        var child = nodes[parent].firstChild
        while !child.isNone {
            if bytes.equal(nodes[child].key, key) { return child }
            child = nodes[child].next
        }
        return nil
    }
}
