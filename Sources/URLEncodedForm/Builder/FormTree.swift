import Foundation

/// The tree an encoding builds, stored flat: nodes in one array, raw keys and escaped values in
/// two byte buffers, and one hash index for the children of wide parents.
///
/// Object keys are compared as Swift compares `String`s, by canonical equivalence (`"é"` and
/// `"e\u{301}"` are one key): byte for byte when both keys are ASCII, as `String`s otherwise.
struct FormTree: ~Copyable {
    /// "No node".
    static let none: Int32 = -1
    /// The root, an object until something replaces it.
    static let root: Int32 = 0
    /// Parents with more children than this are looked up through `ChildIndex`, not scanned.
    static let indexThreshold: Int32 = 32

    private var nodes = NodeArena()
    /// Raw UTF-8 keys of object children and coding path components.
    var keys = ByteBuffer()
    /// Escaped leaf values.
    var values = ByteBuffer()
    private var index = ChildIndex()
    private var lastIdentity: Int32 = 1

    init() {
        _ = nodes.append(FormNode(kind: .object, identity: 1))
    }

    /// Back to an empty root object, keeping every buffer's memory.
    mutating func removeAll() {
        nodes.removeAll()
        _ = nodes.append(FormNode(kind: .object, identity: 1))
        lastIdentity = 1
        keys.truncate(to: 0)
        values.truncate(to: 0)
        index.removeAll()
    }

    var capacityInBytes: Int {
        nodes.capacityInBytes + keys.capacityInBytes + values.capacityInBytes + index.capacityInBytes
    }

    subscript(node: Int32) -> FormNode {
        nodes[node]
    }

    func keyBytes(_ key: StoredKey) -> UnsafeRawBufferPointer {
        keys.bytes(key.start..<key.start + key.length)
    }

    func keyBytes(of node: Int32) -> UnsafeRawBufferPointer {
        let node = nodes[node]
        return keys.bytes(node.keyStart..<node.keyStart + node.keyLength)
    }

    // MARK: Lookup

    /// The child of object `parent` whose key equals `key`.
    mutating func child(of parent: Int32, key: StoredKey) -> Int32? {
        if nodes[parent].isIndexed {
            if !key.isASCII && !nodes[parent].indexHashesUnicode {
                // A non-ASCII key may equal an ASCII one (U+212A KELVIN SIGN is "K"): rehash
                // every key by canonical equivalence before looking.
                buildIndex(of: parent, unicode: true)
            }
            let hash = nodes[parent].indexHashesUnicode ? unicodeHash(of: key) : key.hash
            return index.first(owner: nodes[parent].identity, hash: hash) { keyOf($0, equals: key) }
        }
        let parentNode = nodes[parent]
        let bytewise = key.isASCII && !parentNode.hasNonASCIIChildKeys
        if bytewise && parentNode.keyFilter & key.filterBit == 0 {
            // Most keys are new: the filter proves it without a scan.
            return nil
        }
        var candidate = parentNode.firstChild
        while candidate != Self.none {
            let node = nodes[candidate]
            if (!bytewise || node.keyHash == key.hash) && keyOf(candidate, equals: key) {
                return candidate
            }
            candidate = node.nextSibling
        }
        return nil
    }

    /// Element `position` of array `parent`, which must have more elements than that.
    mutating func element(_ position: Int, of parent: Int32) -> Int32 {
        let array = nodes[parent]
        if position == Int(array.childCount) - 1 {
            return array.lastChild
        }
        if !array.isIndexed && array.childCount > Self.indexThreshold {
            buildIndex(of: parent, unicode: false)
        }
        if nodes[parent].isIndexed {
            let owner = nodes[parent].identity
            return index.first(owner: owner, hash: UInt32(truncatingIfNeeded: position)) { _ in true } ?? Self.none
        }
        var element = array.firstChild
        for _ in 0..<position {
            element = nodes[element].nextSibling
        }
        return element
    }

    /// Whether the key of object child `node` equals `key`.
    func keyOf(_ node: Int32, equals key: StoredKey) -> Bool {
        let stored = nodes[node]
        if stored.keyIsNonASCII || !key.isASCII {
            return String(decoding: keyBytes(of: node), as: UTF8.self) == String(decoding: keyBytes(key), as: UTF8.self)
        }
        guard stored.keyLength == key.length else { return false }
        return stored.keyLength == 0 || memcmp(keyBytes(of: node).baseAddress!, keyBytes(key).baseAddress!, key.length) == 0
    }

    /// Whether the key of object child `node` is spelled byte for byte as `key`.
    func keyOf(_ node: Int32, isSpelledAs key: StoredKey) -> Bool {
        let stored = nodes[node]
        return stored.keyLength == key.length
            && (key.length == 0 || memcmp(keyBytes(of: node).baseAddress!, keyBytes(key).baseAddress!, key.length) == 0)
    }

    // MARK: Changes

    /// Appends a child of `kind` to `parent`; `key` is its key when `parent` is an object.
    mutating func appendChild(to parent: Int32, kind: FormNode.Kind, key: StoredKey? = nil) -> Int32 {
        var node = FormNode(kind: kind, identity: newIdentity())
        if let key {
            node.keyStart = key.start
            node.keyLength = key.length
            node.keyIsNonASCII = !key.isASCII
            node.keyHash = key.hash
            node.unicodeHash = key.unicodeHash
        }
        let child = nodes.append(node)

        let position = nodes[parent].childCount
        if nodes[parent].lastChild == Self.none {
            nodes[parent].firstChild = child
        } else {
            nodes[(nodes[parent].lastChild)].nextSibling = child
        }
        nodes[parent].lastChild = child
        nodes[parent].childCount += 1
        if let key {
            nodes[parent].keyFilter |= key.filterBit
            if !key.isASCII {
                nodes[parent].hasNonASCIIChildKeys = true
            }
        }

        let parentNode = nodes[parent]
        if parentNode.isIndexed {
            if let key, !key.isASCII, !parentNode.indexHashesUnicode {
                buildIndex(of: parent, unicode: true)
            } else {
                let hash = key.map { parentNode.indexHashesUnicode ? unicodeHash(of: $0) : $0.hash }
                    ?? UInt32(truncatingIfNeeded: position)
                index.insert(owner: parentNode.identity, hash: hash, child: child)
            }
        } else if parentNode.childCount > Self.indexThreshold && parentNode.kind == .object {
            buildIndex(of: parent, unicode: parentNode.hasNonASCIIChildKeys)
        }
        return child
    }

    /// Empties `node` and makes it a `kind`; it keeps its place and key.
    mutating func reset(_ node: Int32, to kind: FormNode.Kind) {
        nodes[node].kind = kind
        nodes[node].childCount = 0
        nodes[node].firstChild = Self.none
        nodes[node].lastChild = Self.none
        nodes[node].hasNonASCIIChildKeys = false
        nodes[node].isIndexed = false
        nodes[node].indexHashesUnicode = false
        nodes[node].keyFilter = 0
        // Entries the index holds for the old children now belong to nobody.
        nodes[node].identity = newIdentity()
    }

    /// Gives `node` a `kind` without clearing it: a pending node's first use, or a leaf's new value.
    mutating func settle(_ node: Int32, as kind: FormNode.Kind) {
        nodes[node].kind = kind
    }

    mutating func setValue(of node: Int32, to value: Range<Int>) {
        nodes[node].valueStart = value.lowerBound
        nodes[node].valueLength = value.count
    }

    mutating func respell(_ node: Int32, as key: StoredKey) {
        nodes[node].keyStart = key.start
        nodes[node].keyLength = key.length
        nodes[node].keyIsNonASCII = !key.isASCII
        nodes[node].unicodeHash = key.unicodeHash
    }

    // MARK: Index

    private mutating func newIdentity() -> Int32 {
        lastIdentity += 1
        return lastIdentity
    }

    /// Registers every child of `parent` in the index under a fresh identity.
    private mutating func buildIndex(of parent: Int32, unicode: Bool) {
        let owner = newIdentity()
        nodes[parent].identity = owner
        nodes[parent].isIndexed = true
        nodes[parent].indexHashesUnicode = unicode
        let isObject = nodes[parent].kind == .object
        var child = nodes[parent].firstChild
        var position: UInt32 = 0
        while child != Self.none {
            let hash = !isObject ? position : unicode ? unicodeHash(ofKeyOf: child) : nodes[child].keyHash
            index.insert(owner: owner, hash: hash, child: child)
            child = nodes[child].nextSibling
            position &+= 1
        }
    }

    /// A hash that agrees with `String`'s canonical equivalence, for parents with non-ASCII
    /// keys. A non-ASCII key was hashed when it was stored, from the `String` it came as.
    private func unicodeHash(of key: StoredKey) -> UInt32 {
        key.isASCII ? unicodeHash(keyBytes(key)) : key.unicodeHash
    }

    private func unicodeHash(ofKeyOf node: Int32) -> UInt32 {
        nodes[node].keyIsNonASCII ? nodes[node].unicodeHash : unicodeHash(keyBytes(of: node))
    }

    private func unicodeHash(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var hasher = Hasher()
        hasher.combine(String(decoding: bytes, as: UTF8.self))
        return UInt32(truncatingIfNeeded: hasher.finalize())
    }
}

/// A key's raw UTF-8 bytes stored in `FormTree.keys`.
struct StoredKey {
    let start: Int
    let length: Int
    let isASCII: Bool
    /// FNV-1a of the bytes: equal ASCII keys have equal hashes.
    let hash: UInt32
    /// For a non-ASCII key, its `String`'s hash, which canonically equal keys share.
    let unicodeHash: UInt32

    /// This key's bit in a parent's `FormNode.keyFilter`.
    var filterBit: UInt64 { 1 << UInt64(hash & 63) }
}
