/// Finds a wide hash's child by its key in O(1): one open-addressed table for the whole tree,
/// keyed by the parent's index and the key's bytes (and one more, which typed decoding makes
/// for the wide hashes the tree left out, their keys having come in order). The hash is Swift's
/// `Hasher` (SipHash, seeded per process), so keys chosen to collide in a fixed hash function
/// cannot make the probes long.
struct ChildTable {
    /// A node and its key's hash, compared before any bytes are; `node` is none in an empty
    /// slot.
    private struct Slot: ProbingSlot {
        var node: DecodedNodeID
        var hash: Int

        static let empty = Slot(node: .none, hash: 0)
        var isEmpty: Bool { node.isNone }
        var probeHash: Int { hash }
    }

    /// Empty until the first hash grows wide enough to be indexed: most forms never need it.
    private var table = ProbingTable<Slot>()

    /// The hash of `key` under `parent`.
    @inline(__always)
    static func hash(parent: DecodedNodeID, key: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(parent.index)
        hasher.combine(bytes: UnsafeRawBufferPointer(key))
        return hasher.finalize()
    }

    /// The child of `parent` whose key is `key` (whose hash is `hash`), or `nil`.
    func find(parent: DecodedNodeID, key: UnsafeBufferPointer<UInt8>, hash: Int,
              in nodes: UnsafeBufferPointer<DecodedNode>, bytes: FormBytes) -> DecodedNodeID? {
        table.first(probing: hash) { slot in
            slot.hash == hash && nodes[slot.node].isChild(of: parent, keyed: key, in: bytes)
        }?.node
    }

    /// The child of `parent` whose key is `key`, or `nil`.
    func find(_ key: UnsafeBufferPointer<UInt8>, of parent: DecodedNodeID, in nodes: UnsafeBufferPointer<DecodedNode>,
              bytes: FormBytes) -> DecodedNodeID? {
        find(parent: parent, key: key, hash: Self.hash(parent: parent, key: key), in: nodes, bytes: bytes)
    }

    /// Adds every child of the hash `parent`, none of which is in the table yet.
    mutating func insertChildren(of parent: DecodedNodeID, in nodes: UnsafeBufferPointer<DecodedNode>, bytes: FormBytes) {
        var child = nodes[parent].firstChild
        while !child.isNone {
            insert(child, hash: Self.hash(parent: parent, key: bytes.bytes(nodes[child].key)))
            child = nodes[child].next
        }
    }

    /// Adds `node`, whose key hashes to `hash` and is not in the table yet.
    mutating func insert(_ node: DecodedNodeID, hash: Int) {
        table.insert(Slot(node: node, hash: hash))
    }
}
