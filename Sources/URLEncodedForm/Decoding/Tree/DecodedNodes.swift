/// The tree's nodes in one block of memory that grows by doubling: written by `DecodedTree`
/// while the pairs merge, then read by the decoders, without the uniqueness check every write
/// to an `Array` element costs (indices are checked by `assert` in debug builds). The block
/// belongs to a `DecodingSession`, which lends it to one decoding at a time and frees it when
/// the session goes; like the input they refer to, the nodes are read only while the decoding
/// lasts.
struct DecodedNodes {
    private var base: UnsafeMutablePointer<DecodedNode>
    private var capacity: Int
    /// How many nodes there are.
    private(set) var count = 0

    /// Empty, with room for `capacity` nodes (at least one) before it grows.
    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    subscript(index: Int) -> DecodedNode {
        unsafeAddress {
            assert(index >= 0 && index < count, "node \(index) of \(count)")
            return UnsafePointer(base + index)
        }
        nonmutating unsafeMutableAddress {
            assert(index >= 0 && index < count, "node \(index) of \(count)")
            return base + index
        }
    }

    /// Forgets every node, and makes room for at least `minimum` nodes without growing: the
    /// block is reused as it is when it is large enough, replaced (nothing to copy) when not.
    mutating func removeAll(reservingCapacity minimum: Int) {
        count = 0
        guard capacity < minimum else { return }
        base.deallocate()
        capacity = minimum
        base = .allocate(capacity: capacity)
    }

    /// The memory the block holds.
    var capacityInBytes: Int { capacity * MemoryLayout<DecodedNode>.stride }

    /// Appends `node` and returns its index.
    mutating func append(_ node: DecodedNode) -> Int32 {
        if count == capacity { grow() }
        (base + count).initialize(to: node)
        count += 1
        return Int32(truncatingIfNeeded: count - 1)
    }

    @inline(never)
    private mutating func grow() {
        let larger = UnsafeMutablePointer<DecodedNode>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }

    /// Frees the memory (the session's, when it goes); no copy of these nodes may be read
    /// afterwards. `DecodedNode` holds no references: nothing needs deinitializing.
    func deallocate() {
        base.deallocate()
    }
}
