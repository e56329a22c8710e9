/// The id of a node of a decoded form's tree: its index among the tree's nodes, typed so that
/// it cannot be taken for a pair's (`PairID`).
struct DecodedNodeID: UncheckedArrayID, Hashable {
    typealias Element = DecodedNode

    let index: Int32

    /// "No node": the end of a list of children, a key that was not sent.
    static let none = DecodedNodeID(index: -1)
    /// The root hash.
    static let root = DecodedNodeID(index: 0)

    var isNone: Bool { index < 0 }
}

/// One node of a decoded form's tree: a hash (keyed children), an array (children made with
/// `[]`, in order), a leaf (the values sent for one key, in order) or a null element. 32 bytes,
/// in `DecodedTree.nodes`. A container's two links name its first and last child, a leaf's its
/// first and last value, behind the accessors below.
struct DecodedNode {
    enum Kind: UInt8 {
        case hash, array, leaf
        /// An array element that holds nothing: Rack's `nil`, which it appends for `[]`
        /// followed by two `[]`s or more (`a[][][]=1`), dropping the value.
        case null
    }

    var kind: Kind
    /// Whether the hash's children are in the tree's `ChildTable`: from
    /// `DecodedTree.indexedWidth` children on, once its keys no longer ascend. A narrower hash
    /// is searched child by child.
    var isIndexed: Bool
    /// Whether a hash's children were added in ascending byte order of their keys (true while
    /// it has none), as encoders that sort their keys send them: a key after the last child's
    /// is then a new one, found missing without a search.
    var childrenAscend: Bool
    /// Whether a hash's keys are `0`, `1`, … up to its count less one, in that order (true while
    /// it has none), as an array sent with indices is: the next index is then a new key, found
    /// missing without a search, and the elements are in order without sorting.
    var indicesInOrder: Bool
    /// The hash this node is a key of, or none (the root, and array elements).
    var parent: DecodedNodeID
    /// The node's key in its parent hash; `count` is `-1` for an array element.
    var key: TextRange
    /// A container's first and last child, or a leaf's first and last value.
    private var firstLink: Int32
    private var lastLink: Int32
    /// The next child of the same parent.
    var next: DecodedNodeID
    /// How many children, or values.
    var count: Int32

    init(kind: Kind, parent: DecodedNodeID, key: TextRange) {
        self.kind = kind
        self.isIndexed = false
        self.childrenAscend = true
        self.indicesInOrder = true
        self.parent = parent
        self.key = key
        self.firstLink = -1
        self.lastLink = -1
        self.next = .none
        self.count = 0
    }

    /// A hash's or an array's first and last child.
    var firstChild: DecodedNodeID { get { DecodedNodeID(index: firstLink) } set { firstLink = newValue.index } }
    var lastChild: DecodedNodeID { get { DecodedNodeID(index: lastLink) } set { lastLink = newValue.index } }
    /// A leaf's first and last value (the others are chained by `DecodedTree.nextValue(after:)`).
    var firstValue: PairID { get { PairID(index: firstLink) } set { firstLink = newValue.index } }
    var lastValue: PairID { get { PairID(index: lastLink) } set { lastLink = newValue.index } }

    /// Turns the node into a leaf with no value yet: a value sent where a container stood
    /// replaces it (its children stay in the tree, unreachable).
    mutating func becomeEmptyLeaf() {
        kind = .leaf
        firstLink = -1
        lastLink = -1
        count = 0
    }

    /// Whether this node is the child of the hash `parent` whose key is `key`: a node's parent
    /// never changes, and keys are unique in a hash.
    @inline(__always)
    func isChild(of parent: DecodedNodeID, keyed key: UnsafeBufferPointer<UInt8>, in bytes: FormBytes) -> Bool {
        self.parent == parent && bytes.equal(self.key, key)
    }
}
