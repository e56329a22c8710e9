/// The nodes of a `FormTree`, in one block of memory addressed by index.
///
/// A plain `Array` would check uniqueness and bounds on every field written; the tree writes
/// several fields per value it stores, and only ever indexes nodes it created.
struct NodeArena: ~Copyable {
    private var base: UnsafeMutablePointer<FormNode>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 64) {
        self.capacity = capacity
        self.base = .allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Direct access to node `index`, which must exist: no copy, no coroutine.
    subscript(index: Int32) -> FormNode {
        @inline(__always) unsafeAddress { UnsafePointer(base + Int(index)) }
        @inline(__always) nonmutating unsafeMutableAddress { base + Int(index) }
    }

    var capacityInBytes: Int { capacity * MemoryLayout<FormNode>.stride }

    /// Forgets every node, keeping the memory. (Nodes hold no references: nothing to release.)
    mutating func removeAll() {
        count = 0
    }

    /// Appends `node` and returns its index.
    mutating func append(_ node: FormNode) -> Int32 {
        if count == capacity {
            let newCapacity = capacity * 2
            let newBase = UnsafeMutablePointer<FormNode>.allocate(capacity: newCapacity)
            newBase.moveInitialize(from: base, count: count)
            base.deallocate()
            base = newBase
            capacity = newCapacity
        }
        (base + count).initialize(to: node)
        count += 1
        return Int32(count - 1)
    }
}
