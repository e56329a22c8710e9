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
    static let indexThreshold: Int32 = 8

    private(set) var nodes: [FormNode]
    /// Raw UTF-8 keys of object children and coding path components.
    var keys = ByteBuffer()
    /// Escaped leaf values.
    var values = ByteBuffer()
    private var index = ChildIndex()
    private var lastIdentity: Int32 = 1

    init() {
        nodes = [FormNode(kind: .object, identity: 1)]
    }

    subscript(node: Int32) -> FormNode {
        nodes[Int(node)]
    }

    func keyBytes(_ key: StoredKey) -> UnsafeRawBufferPointer {
        keys.bytes(key.start..<key.start + key.length)
    }

    func keyBytes(of node: Int32) -> UnsafeRawBufferPointer {
        let node = nodes[Int(node)]
        return keys.bytes(node.keyStart..<node.keyStart + node.keyLength)
    }

    // MARK: Lookup

    /// The child of object `parent` whose key equals `key`.
    mutating func child(of parent: Int32, key: StoredKey) -> Int32? {
        if nodes[Int(parent)].isIndexed {
            if !key.isASCII && !nodes[Int(parent)].indexHashesUnicode {
                // A non-ASCII key may equal an ASCII one (U+212A KELVIN SIGN is "K"): rehash
                // every key by canonical equivalence before looking.
                buildIndex(of: parent, unicode: true)
            }
            let hash = keyHash(keyBytes(key), unicode: nodes[Int(parent)].indexHashesUnicode)
            return index.first(owner: nodes[Int(parent)].identity, hash: hash) { keyOf($0, equals: key) }
        }
        var candidate = nodes[Int(parent)].firstChild
        while candidate != Self.none {
            if keyOf(candidate, equals: key) {
                return candidate
            }
            candidate = nodes[Int(candidate)].nextSibling
        }
        return nil
    }

    /// Element `position` of array `parent`, which must have more elements than that.
    mutating func element(_ position: Int, of parent: Int32) -> Int32 {
        let array = nodes[Int(parent)]
        if position == Int(array.childCount) - 1 {
            return array.lastChild
        }
        if !array.isIndexed && array.childCount > Self.indexThreshold {
            buildIndex(of: parent, unicode: false)
        }
        if nodes[Int(parent)].isIndexed {
            let owner = nodes[Int(parent)].identity
            return index.first(owner: owner, hash: UInt32(truncatingIfNeeded: position)) { _ in true } ?? Self.none
        }
        var element = array.firstChild
        for _ in 0..<position {
            element = nodes[Int(element)].nextSibling
        }
        return element
    }

    /// Whether the key of object child `node` equals `key`.
    func keyOf(_ node: Int32, equals key: StoredKey) -> Bool {
        let stored = nodes[Int(node)]
        if stored.keyIsNonASCII || !key.isASCII {
            return String(decoding: keyBytes(of: node), as: UTF8.self) == String(decoding: keyBytes(key), as: UTF8.self)
        }
        guard stored.keyLength == key.length else { return false }
        return stored.keyLength == 0 || memcmp(keyBytes(of: node).baseAddress!, keyBytes(key).baseAddress!, key.length) == 0
    }

    /// Whether the key of object child `node` is spelled byte for byte as `key`.
    func keyOf(_ node: Int32, isSpelledAs key: StoredKey) -> Bool {
        let stored = nodes[Int(node)]
        return stored.keyLength == key.length
            && (key.length == 0 || memcmp(keyBytes(of: node).baseAddress!, keyBytes(key).baseAddress!, key.length) == 0)
    }

    // MARK: Changes

    /// Appends a child of `kind` to `parent`; `key` is its key when `parent` is an object.
    mutating func appendChild(to parent: Int32, kind: FormNode.Kind, key: StoredKey? = nil) -> Int32 {
        let child = Int32(nodes.count)
        var node = FormNode(kind: kind, identity: newIdentity())
        if let key {
            node.keyStart = key.start
            node.keyLength = key.length
            node.keyIsNonASCII = !key.isASCII
        }
        nodes.append(node)

        let position = nodes[Int(parent)].childCount
        if nodes[Int(parent)].lastChild == Self.none {
            nodes[Int(parent)].firstChild = child
        } else {
            nodes[Int(nodes[Int(parent)].lastChild)].nextSibling = child
        }
        nodes[Int(parent)].lastChild = child
        nodes[Int(parent)].childCount += 1
        if let key, !key.isASCII {
            nodes[Int(parent)].hasNonASCIIChildKeys = true
        }

        let parentNode = nodes[Int(parent)]
        if parentNode.isIndexed {
            if let key, !key.isASCII, !parentNode.indexHashesUnicode {
                buildIndex(of: parent, unicode: true)
            } else {
                let hash = key.map { keyHash(keyBytes($0), unicode: parentNode.indexHashesUnicode) }
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
        nodes[Int(node)].kind = kind
        nodes[Int(node)].childCount = 0
        nodes[Int(node)].firstChild = Self.none
        nodes[Int(node)].lastChild = Self.none
        nodes[Int(node)].hasNonASCIIChildKeys = false
        nodes[Int(node)].isIndexed = false
        nodes[Int(node)].indexHashesUnicode = false
        // Entries the index holds for the old children now belong to nobody.
        nodes[Int(node)].identity = newIdentity()
    }

    /// Gives `node` a `kind` without clearing it: a pending node's first use, or a leaf's new value.
    mutating func settle(_ node: Int32, as kind: FormNode.Kind) {
        nodes[Int(node)].kind = kind
    }

    mutating func setValue(of node: Int32, to value: Range<Int>) {
        nodes[Int(node)].valueStart = value.lowerBound
        nodes[Int(node)].valueLength = value.count
    }

    mutating func respell(_ node: Int32, as key: StoredKey) {
        nodes[Int(node)].keyStart = key.start
        nodes[Int(node)].keyLength = key.length
        nodes[Int(node)].keyIsNonASCII = !key.isASCII
    }

    // MARK: Index

    private mutating func newIdentity() -> Int32 {
        lastIdentity += 1
        return lastIdentity
    }

    /// Registers every child of `parent` in the index under a fresh identity.
    private mutating func buildIndex(of parent: Int32, unicode: Bool) {
        let owner = newIdentity()
        nodes[Int(parent)].identity = owner
        nodes[Int(parent)].isIndexed = true
        nodes[Int(parent)].indexHashesUnicode = unicode
        let isObject = nodes[Int(parent)].kind == .object
        var child = nodes[Int(parent)].firstChild
        var position: UInt32 = 0
        while child != Self.none {
            let hash = isObject ? keyHash(keyBytes(of: child), unicode: unicode) : position
            index.insert(owner: owner, hash: hash, child: child)
            child = nodes[Int(child)].nextSibling
            position &+= 1
        }
    }

    /// FNV-1a of the bytes, or, where keys may be non-ASCII, a hash that agrees with `String`'s
    /// canonical equivalence.
    private func keyHash(_ bytes: UnsafeRawBufferPointer, unicode: Bool) -> UInt32 {
        if unicode {
            var hasher = Hasher()
            hasher.combine(String(decoding: bytes, as: UTF8.self))
            return UInt32(truncatingIfNeeded: hasher.finalize())
        }
        var hash: UInt32 = 2_166_136_261
        for byte in bytes {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return hash
    }
}

/// A key's raw UTF-8 bytes stored in `FormTree.keys`.
struct StoredKey {
    let start: Int
    let length: Int
    let isASCII: Bool
}
