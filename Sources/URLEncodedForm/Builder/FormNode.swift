/// One node of the tree an encoding builds: an object, an array or a string leaf. Nodes live in
/// `FormTree.nodes` and refer to each other by index; children form a singly linked list in
/// insertion order, which is the order Alamofire keeps.
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

    var childCount: Int32 = 0
    var firstChild: Int32 = FormTree.none
    var lastChild: Int32 = FormTree.none
    var nextSibling: Int32 = FormTree.none
    /// The owner id of this node's entries in the `ChildIndex`, given when the node is indexed
    /// and renewed when it is cleared, so that stale entries can never match again.
    var identity: Int32 = 0
    /// The key of an object child.
    var key = KeyID.none
    /// A one-word Bloom filter of the child keys (`KeyID.filterBit`): a clear bit proves an
    /// ASCII key absent without a scan.
    var keyFilter: UInt64 = 0
    /// The escaped value, in `FormTree.values`, of a string leaf.
    var valueStart = 0
    var valueLength = 0

    init(kind: Kind) {
        self.kind = kind
    }
}
