/// A hash table from (parent, key hash or array index) to child node, shared by every wide
/// object and long array of one encoding, so that finding a child stays O(1) however wide its
/// parent is. Small parents are scanned instead; see `FormTree.indexThreshold`.
///
/// Several children of one parent may share a key hash, so lookups visit every matching slot
/// and let the caller compare keys.
struct ChildIndex {
    private struct Slot: ProbingSlot {
        /// The parent's `FormNode.identity`; 0 marks an empty slot.
        var owner: Int32
        var hash: UInt32
        var child: NodeID

        static let empty = Slot(owner: 0, hash: 0, child: .none)
        var isEmpty: Bool { owner == 0 }

        /// The parent and the hash mixed: children of many parents share small hashes (array
        /// indices), which must not crowd into the same slots.
        var probeHash: Int { Self.probeHash(owner: owner, hash: hash) }

        static func probeHash(owner: Int32, hash: UInt32) -> Int {
            let mixed = (UInt64(UInt32(bitPattern: owner)) << 32 | UInt64(hash)) &* 0x9E37_79B9_7F4A_7C15
            return Int(truncatingIfNeeded: mixed >> 32)
        }
    }

    private var table = ProbingTable<Slot>()

    var capacityInBytes: Int { table.capacityInBytes }

    /// Empties the table, keeping its memory.
    mutating func removeAll() {
        table.removeAll()
    }

    mutating func insert(owner: Int32, hash: UInt32, child: NodeID) {
        table.insert(Slot(owner: owner, hash: hash, child: child))
    }

    /// The first child registered under (`owner`, `hash`) that `matches` accepts.
    func first(owner: Int32, hash: UInt32, where matches: (NodeID) -> Bool) -> NodeID? {
        table.first(probing: Slot.probeHash(owner: owner, hash: hash)) { slot in
            slot.owner == owner && slot.hash == hash && matches(slot.child)
        }?.child
    }
}
