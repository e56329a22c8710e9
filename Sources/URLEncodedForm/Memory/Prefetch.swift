import CPrefetch

/// Memory fetched into the caches before it is read, for passes over what lies scattered
/// through a large form (the decoder's names among the values and an index hash's keys; the
/// encoder's segments of a large level in sorted order, a large object's children as it is
/// written, and the key table's slots of a large dictionary's keys): by the time such a pass
/// reaches an item, the item `distance` places on is asked for, so that its cache misses overlap
/// instead of coming one after another.
enum Prefetch {
    /// How many items ahead of the one being read a pass fetches (Benchmarks/README, the
    /// seventh round).
    static let distance = 8

    /// Asks for the cache line at `address`, and goes on at once: nothing is read, nothing
    /// faults, and a `nil` is ignored.
    @inline(__always)
    static func read(_ address: UnsafeRawPointer?) {
        cprefetch_read(address)
    }
}
