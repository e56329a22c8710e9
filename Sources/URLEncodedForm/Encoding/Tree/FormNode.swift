/// A node of a `FormTree`, by its index in the tree's nodes.
struct NodeID: UncheckedArrayID, Equatable {
    typealias Element = FormNode

    let index: Int32

    /// "No node".
    static let none = NodeID(index: -1)
    /// The root, an object until something replaces it.
    static let root = NodeID(index: 0)
}

/// One node of the tree an encoding builds: an object, an array or a string leaf. Nodes live in
/// `FormTree.nodes` and refer to each other by `NodeID`; children form a singly linked list in
/// insertion order, which is the order Alamofire keeps.
///
/// A node is 32 bytes: the writer visits every node after the builder made them all, so the
/// fewer cache lines they span the better. Containers and leaves use two words differently
/// (`links` and `word`), behind the accessors below.
struct FormNode {
    enum Kind: UInt8 {
        /// Created on the way to a deeper write; becomes an object or an array at the next step.
        case pending
        case object
        case array
        case string
    }

    var kind: Kind
    /// Some child key is non-ASCII, so keys are compared by canonical equivalence.
    var hasNonASCIIChildKeys = false
    /// The children are registered in the tree's `ChildIndex` (wide objects, long arrays).
    var isIndexed = false
    /// The index hashes child keys with `Hasher` (canonical equivalence) instead of by id.
    var indexHashesUnicode = false
    /// The key of an object child.
    var key = KeyID.none
    var nextSibling = NodeID.none
    var childCount: Int32 = 0
    /// A container's first child (low half) and last child (high half); a leaf's value length.
    private var links = UInt64(UInt32(bitPattern: NodeID.none.index)) * 0x1_0000_0001
    /// An object's `keyFilter` until it is indexed; an indexed container's `identity`; a
    /// leaf's value start.
    private var word: UInt64 = 0

    /// A node of `kind`, under `key` when it is an object child.
    init(kind: Kind, key: KeyID = .none, nextSibling: NodeID = .none) {
        self.kind = kind
        self.key = key
        self.nextSibling = nextSibling
    }

    /// A string leaf whose escaped value is `valueRange` of `FormTree.values`.
    init(valueRange: Range<Int>) {
        self.kind = .string
        self.valueRange = valueRange
    }

    var firstChild: NodeID {
        get { NodeID(index: Int32(truncatingIfNeeded: links)) }
        set { links = links & 0xFFFF_FFFF_0000_0000 | UInt64(UInt32(bitPattern: newValue.index)) }
    }

    var lastChild: NodeID {
        get { NodeID(index: Int32(truncatingIfNeeded: links >> 32)) }
        set { links = links & 0xFFFF_FFFF | UInt64(UInt32(bitPattern: newValue.index)) << 32 }
    }

    /// A one-word Bloom filter of an unindexed object's child keys (`KeyID.filterBit`): a clear
    /// bit proves an ASCII key absent without a scan. (An indexed parent is looked up through
    /// the index, which needs no filter.)
    var keyFilter: UInt64 {
        get {
            assert(!isIndexed && kind != .string, "the key filter of a \(kind) node, indexed: \(isIndexed)")
            return word
        }
        set {
            assert(!isIndexed && kind != .string, "the key filter of a \(kind) node, indexed: \(isIndexed)")
            word = newValue
        }
    }

    /// The owner id of an indexed container's entries in the `ChildIndex`, fresh each time the
    /// node is indexed, so that the entries of its former children can never match again.
    var identity: Int32 {
        get {
            assert(isIndexed, "the index identity of an unindexed node")
            return Int32(truncatingIfNeeded: word)
        }
        set { word = UInt64(UInt32(bitPattern: newValue)) }
    }

    /// Where a string leaf's escaped value is in `FormTree.values`.
    var valueRange: Range<Int> {
        get {
            assert(kind == .string, "the value of a \(kind) node")
            return Int(truncatingIfNeeded: word)..<Int(truncatingIfNeeded: word &+ links)
        }
        set {
            word = UInt64(truncatingIfNeeded: newValue.lowerBound)
            links = UInt64(truncatingIfNeeded: newValue.count)
        }
    }

    /// Empties a container (or a leaf about to become one) and makes it a `kind`; it keeps its
    /// place and key.
    mutating func reset(to kind: Kind) {
        self = FormNode(kind: kind, key: key, nextSibling: nextSibling)
    }
}
