/// A hash table from (parent, key hash or array index) to child node, shared by every wide
/// object and long array of one encoding, so that finding a child stays O(1) however wide its
/// parent is. Small parents are scanned instead; see `FormTree.indexThreshold`.
///
/// Open addressing with linear probing; several children of one parent may share a key hash,
/// so lookups visit every matching slot and let the caller compare keys.
struct ChildIndex {
    private struct Slot {
        /// The parent's `FormNode.identity`; 0 marks an empty slot.
        var owner: Int32
        var hash: UInt32
        var child: NodeID
    }

    private var slots: [Slot] = []
    private var occupied = 0

    var capacityInBytes: Int { slots.capacity * MemoryLayout<Slot>.stride }

    /// Empties the table, keeping its memory.
    mutating func removeAll() {
        guard occupied > 0 else { return }
        for position in slots.indices {
            slots[position].owner = 0
        }
        occupied = 0
    }

    mutating func insert(owner: Int32, hash: UInt32, child: NodeID) {
        if (occupied + 1) * 2 > slots.count {
            grow()
        }
        var position = Self.position(owner: owner, hash: hash, mask: slots.count - 1)
        while slots[position].owner != 0 {
            position = (position + 1) & (slots.count - 1)
        }
        slots[position] = Slot(owner: owner, hash: hash, child: child)
        occupied += 1
    }

    /// The first child registered under (`owner`, `hash`) that `matches` accepts.
    func first(owner: Int32, hash: UInt32, where matches: (NodeID) -> Bool) -> NodeID? {
        guard !slots.isEmpty else { return nil }
        var position = Self.position(owner: owner, hash: hash, mask: slots.count - 1)
        while slots[position].owner != 0 {
            let slot = slots[position]
            if slot.owner == owner && slot.hash == hash && matches(slot.child) {
                return slot.child
            }
            position = (position + 1) & (slots.count - 1)
        }
        return nil
    }

    private static func position(owner: Int32, hash: UInt32, mask: Int) -> Int {
        let mixed = (UInt64(UInt32(bitPattern: owner)) << 32 | UInt64(hash)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 32) & mask
    }

    @inline(never)
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(owner: 0, hash: 0, child: .none), count: max(64, old.count * 2))
        occupied = 0
        for slot in old where slot.owner != 0 {
            insert(owner: slot.owner, hash: slot.hash, child: slot.child)
        }
    }
}
