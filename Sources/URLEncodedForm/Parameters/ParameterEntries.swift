/// The entries of the containers a `ParameterWriter` is walking, each container's after its
/// parent's: a stack of keys and values in one block of memory, addressed without checks.
///
/// An `Array` of them checked uniqueness and bounds at every entry read, moved out or dropped
/// (a tenth of the instructions of a 1,000-leaf encoding). The invariant the unchecked accesses
/// rely on: entries `0..<count` are initialized, and only those are read, moved or dropped.
struct ParameterEntries: ~Copyable {
    private var base: UnsafeMutablePointer<ParameterEntry>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 64) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    mutating func append(key: String?, value: Any) {
        if count == capacity {
            grow()
        }
        (base + count).initialize(to: ParameterEntry(key: key, value: value))
        count += 1
    }

    /// The key of entry `index`.
    func key(at index: Int) -> String? {
        assert(index < count, "entry \(index) of \(count)")
        return base[index].key
    }

    /// Moves the value of entry `index` out, leaving an empty one: the walk reads each value once.
    mutating func takeValue(at index: Int) -> Any {
        assert(index < count, "entry \(index) of \(count)")
        var value: Any = ()
        swap(&value, &base[index].value)
        return value
    }

    /// Drops the entries from `newCount` on.
    mutating func truncate(to newCount: Int) {
        assert(newCount <= count, "truncating \(count) entries to \(newCount)")
        (base + newCount).deinitialize(count: count - newCount)
        count = newCount
    }

    @inline(never)
    private mutating func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<ParameterEntry>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}

/// One entry of a container being walked: a dictionary's key and value, or an array's element.
struct ParameterEntry {
    /// The dictionary key; `nil` for an array element.
    let key: String?
    /// The value; moved out (leaving `()`) when the walk reaches it.
    var value: Any
}
