/// A slot of a `ProbingTable`: what the table stores, and where its probe sequence starts.
protocol ProbingSlot {
    /// The slot that holds nothing.
    static var empty: Self { get }
    var isEmpty: Bool { get }
    /// The hash the slot's probe sequence starts from (its low bits pick the first slot).
    var probeHash: Int { get }
}

/// The package's one hash table: open addressing with linear probing, at most half full, slots
/// added and never removed but all at once. Each user keeps what it needs in its slots (a
/// key's hash beside a node, so that most mismatches cost no key comparison) and compares keys
/// itself (`first(probing:where:)`): the encoder's children of wide parents (`ChildIndex`), the
/// decoder's (`ChildTable`), and the encoder's interned keys (`KeyTable`).
struct ProbingTable<Slot: ProbingSlot> {
    private var slots: [Slot] = []
    private var mask = -1
    private var occupied = 0

    /// A table with room for `capacity` slots (a power of two) before it grows, or none yet.
    init(capacity: Int = 0) {
        assert(capacity == 0 || capacity & (capacity - 1) == 0, "a capacity that is no power of two")
        if capacity > 0 {
            slots = Array(repeating: .empty, count: capacity)
            mask = capacity - 1
        }
    }

    var capacityInBytes: Int { slots.capacity * MemoryLayout<Slot>.stride }

    /// The first slot of `hash`'s probe sequence that `matches` accepts, or `nil` where the
    /// sequence reaches an empty slot first.
    @inline(__always)
    func first(probing hash: Int, where matches: (Slot) -> Bool) -> Slot? {
        guard !slots.isEmpty else { return nil }
        var position = hash & mask
        while !slots[position].isEmpty {
            if matches(slots[position]) { return slots[position] }
            position = (position &+ 1) & mask
        }
        return nil
    }

    /// Asks for the first slot of `hash`'s probe sequence (`Prefetch.read(_:)`), to be looked up
    /// soon.
    @inline(__always)
    func fetch(probing hash: Int) {
        guard !slots.isEmpty else { return }
        slots.withUnsafeBufferPointer { Prefetch.read($0.baseAddress! + (hash & mask)) }
    }

    /// Adds `slot`, growing the table first when it would be more than half full.
    mutating func insert(_ slot: Slot) {
        if (occupied + 1) * 2 > slots.count { grow() }
        place(slot)
        occupied += 1
    }

    @inline(__always)
    private mutating func place(_ slot: Slot) {
        var position = slot.probeHash & mask
        while !slots[position].isEmpty { position = (position &+ 1) & mask }
        slots[position] = slot
    }

    /// Empties the table, keeping its memory.
    mutating func removeAll() {
        guard occupied > 0 else { return }
        for position in slots.indices { slots[position] = .empty }
        occupied = 0
    }

    @inline(never)
    private mutating func grow() {
        let old = slots
        slots = Array(repeating: .empty, count: max(old.count * 2, 64))
        mask = slots.count - 1
        for slot in old where !slot.isEmpty { place(slot) }
    }
}
