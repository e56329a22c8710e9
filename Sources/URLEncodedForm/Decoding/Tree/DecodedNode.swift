/// One node of a decoded form's tree: a hash (keyed children), an array (children made with
/// `[]`, in order), a leaf (the values sent for one key, in order) or a null element. 32 bytes,
/// in `DecodedNodes`; links are indices, `-1` for none.
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
    /// The hash this node is a key of, or `-1` (the root, and array elements).
    var parent: Int32
    /// The node's key in its parent hash; `count` is `-1` for an array element.
    var key: TextRange
    /// A hash's or an array's first and last child; a leaf's first and last value (indices of
    /// pairs, chained by `DecodedTree.nextValue(after:)`).
    var first: Int32
    var last: Int32
    /// The next child of the same parent.
    var next: Int32
    /// How many children, or values.
    var count: Int32

    init(kind: Kind, parent: Int32, key: TextRange) {
        self.kind = kind
        self.isIndexed = false
        self.childrenAscend = true
        self.parent = parent
        self.key = key
        self.first = -1
        self.last = -1
        self.next = -1
        self.count = 0
    }

    /// Whether this node is the child of the hash `parent` whose key is `key`: a node's parent
    /// never changes, and keys are unique in a hash.
    @inline(__always)
    func isChild(of parent: Int32, keyed key: UnsafeBufferPointer<UInt8>, in bytes: FormBytes) -> Bool {
        self.parent == parent && bytes.equal(self.key, key)
    }
}
