/// A growable array in one block of memory, addressed without checks: the nodes of a tree, the
/// stacks its writer keeps, the entries of the containers a parameter walk is in.
///
/// `Array` checks uniqueness and bounds on every element read or written; the encoder touches
/// several fields per node, per level and per entry, and only ever indices it has appended.
/// The invariant the unchecked accesses rely on: elements `0..<count` are initialized, and only
/// those are read, written or dropped. (For plain values, dropping compiles to nothing.)
struct UncheckedArray<Element>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
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

    var capacityInBytes: Int { capacity * MemoryLayout<Element>.stride }

    /// Direct access to element `index`, which must exist: no copy, no coroutine.
    subscript(index: Int) -> Element {
        @inline(__always) unsafeAddress { UnsafePointer(base + checked(index)) }
        @inline(__always) nonmutating unsafeMutableAddress { base + checked(index) }
    }

    /// The same, by the typed id of an element (`NodeID`, `PathID`).
    subscript<ID: UncheckedArrayID>(id: ID) -> Element where ID.Element == Element {
        @inline(__always) unsafeAddress { UnsafePointer(base + checked(Int(id.index))) }
        @inline(__always) nonmutating unsafeMutableAddress { base + checked(Int(id.index)) }
    }

    /// Asks for the cache line of element `id` (`Prefetch.read(_:)`), which must exist.
    @inline(__always)
    func fetch<ID: UncheckedArrayID>(_ id: ID) where ID.Element == Element {
        Prefetch.read(base + checked(Int(id.index)))
    }

    /// `index`, asserted (in debug builds) to be one of an initialized element.
    @inline(__always)
    private func checked(_ index: Int) -> Int {
        assert(index >= 0 && index < count, "element \(index) of \(count)")
        return index
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
        assert(newCount <= count, "truncating \(count) elements to \(newCount)")
        (base + newCount).deinitialize(count: count - newCount)
        count = newCount
    }

    /// Drops every element, and makes room for at least `minimum` (at least one) without
    /// growing: the block is kept when it is large enough, replaced (nothing to copy) when not.
    mutating func removeAll(reservingCapacity minimum: Int) {
        truncate(to: 0)
        guard capacity < minimum else { return }
        base.deallocate()
        capacity = max(minimum, 1)
        base = .allocate(capacity: capacity)
    }

    /// The elements from `start` on, to read or reorder in place until the next append.
    func elements(from start: Int) -> UnsafeMutableBufferPointer<Element> {
        UnsafeMutableBufferPointer(start: base + start, count: count - start)
    }

    @inline(never)
    private mutating func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}

extension UncheckedArray where Element: BitwiseCopyable {
    /// `count` elements of room, to be written before they are read (scratch space: plain
    /// values only, whose memory any bits initialize).
    mutating func resize(to newCount: Int) -> UnsafeMutableBufferPointer<Element> {
        while capacity < newCount {
            grow()
        }
        count = newCount
        return elements(from: 0)
    }
}

extension UnsafeBufferPointer {
    /// The element `id` names, in a view of an `UncheckedArray` (`elements(from: 0)`).
    @inline(__always)
    subscript<ID: UncheckedArrayID>(id: ID) -> Element where ID.Element == Element {
        self[Int(id.index)]
    }
}

/// The id of an element of an `UncheckedArray` (a tree's `NodeID`, a coding path's `PathID`):
/// its index, in 32 bits so that the structures holding ids stay small, and typed by what it
/// names, so that one kind's id cannot index another kind's array.
protocol UncheckedArrayID: BitwiseCopyable {
    associatedtype Element
    var index: Int32 { get }
}
