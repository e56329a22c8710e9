/// A growable array of plain values in one block of memory, addressed without checks: the
/// nodes of a tree and the stacks its writer keeps.
///
/// `Array` checks uniqueness and bounds on every element written; the encoder writes several
/// fields per node and per level, and only ever touches indices it has appended.
struct UncheckedArray<Element: BitwiseCopyable>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 64) {
        self.capacity = capacity
        self.base = .allocate(capacity: capacity)
    }

    deinit {
        // Plain values: nothing to deinitialize.
        base.deallocate()
    }

    var capacityInBytes: Int { capacity * MemoryLayout<Element>.stride }

    /// Direct access to element `index`, which must exist: no copy, no coroutine.
    subscript(index: Int) -> Element {
        @inline(__always) unsafeAddress { UnsafePointer(base + index) }
        @inline(__always) nonmutating unsafeMutableAddress { base + index }
    }

    /// The same, by the 32-bit index tree nodes refer to each other by.
    subscript(index: Int32) -> Element {
        @inline(__always) unsafeAddress { UnsafePointer(base + Int(index)) }
        @inline(__always) nonmutating unsafeMutableAddress { base + Int(index) }
    }

    /// Appends `element` and returns its index.
    @discardableResult
    mutating func append(_ element: Element) -> Int {
        if count == capacity {
            grow()
        }
        (base + count).initialize(to: element)
        count += 1
        return count - 1
    }

    /// Drops every element from `newCount` on, keeping the memory.
    mutating func truncate(to newCount: Int) {
        count = newCount
    }

    /// `count` elements of room, to be written before they are read (scratch space).
    mutating func resize(to newCount: Int) -> UnsafeMutableBufferPointer<Element> {
        while capacity < newCount {
            grow()
        }
        count = newCount
        return elements(from: 0)
    }

    /// The elements from `start` on, to read or reorder in place until the next append.
    func elements(from start: Int) -> UnsafeMutableBufferPointer<Element> {
        UnsafeMutableBufferPointer(start: base + start, count: count - start)
    }

    private mutating func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
