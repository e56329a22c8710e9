/// The boxes of the keyed containers a coder made during one call, kept by key type to be
/// handed out again: the encoder's (`EncodingSession.keyedContainer(keyedBy:at:)`) and the
/// decoder's (`FormValueDecoder.keyedContainer(keyedBy:at:depth:)`).
///
/// `KeyedEncodingContainer` and `KeyedDecodingContainer` can only hold a container generic over
/// its key type in a box of the standard library's. Made anew, every keyed container costs the
/// Swift runtime two lookups of generic metadata (the container's type and the box's class) and
/// one of a conformance, and the box an allocation; and the runtime's caches count their readers
/// in words every thread writes, so that two threads making containers slow each other down.
/// Once a value is done with its container, the shelf's reference is the box's only one, and the
/// next container of that key type is the same box, its state moved in the coder's memory (the
/// box's container refers to it by `Entry.slot`): one metadata lookup, to return it.
///
/// A box something else holds (the container of an enclosing value of the same key type, or
/// one user code kept) is never handed out: a new container is made. A key type is shelved the
/// second time it is met in a call, since taking the box out of a new container costs a
/// metadata lookup that a type met once per call (a flat form's) would pay for nothing; and a
/// shelved box stays while it is held, for its siblings to find free when it is done (a box
/// replaced at every level of a recursive type would never be reused). A call's root container
/// is made without the shelf: it is the one container at its path. Boxes refer to their
/// coder, so the coder empties the shelf when its call ends (`removeAll()`); a box user code
/// kept then keeps its session from being reused, as any container it keeps does.
final class ContainerShelf {
    struct Entry {
        /// The key type last met here; with no box, met once.
        var keyType: ObjectIdentifier?
        var box: AnyObject?
        /// Where the box's container finds its state in the coder's memory.
        var slot = 0
    }

    /// Entries, by a hash of the key type's metadata address (which moves with the process's
    /// layout): a payload's key types are few.
    private static let count = 16
    /// How many entries from its hash a key type may take: enough that the few key types a
    /// payload has never take each other's entry (two did, in one process of six, when each
    /// type had one entry: both were then made anew every time).
    private static let probes = 4
    private let entries: UnsafeMutablePointer<Entry>
    /// Whether any entry was written since `removeAll()`: a call whose only keyed container is
    /// its root's (a flat form's) writes none.
    private var isEmpty = true

    init() {
        entries = .allocate(capacity: Self.count)
        entries.initialize(repeating: Entry(), count: Self.count)
    }

    deinit {
        entries.deinitialize(count: Self.count)
        entries.deallocate()
    }

    /// The entry of key type `type`: the one that holds it, else the first free one, within
    /// `probes` from its hash; else the entry at its hash, whose type it will replace.
    @inline(__always)
    func entry(for type: Any.Type) -> UnsafeMutablePointer<Entry> {
        let id = ObjectIdentifier(type)
        let bits = UInt(bitPattern: id)
        let home = Int(truncatingIfNeeded: bits >> 4 ^ bits >> 9) & (Self.count - 1)
        var index = home
        for _ in 0..<Self.probes {
            let keyType = entries[index].keyType
            if keyType == id || keyType == nil { return entries + index }
            index = (index + 1) & (Self.count - 1)
        }
        return entries + home
    }

    /// Whether `entry` holds a box of key type `type` that nothing else holds: one to hand out.
    @inline(__always)
    static func holdsFreeBox(_ entry: UnsafeMutablePointer<Entry>, of type: Any.Type) -> Bool {
        entry.pointee.keyType == ObjectIdentifier(type) && isKnownUniquelyReferenced(&entry.pointee.box)
    }

    /// Whether a new container of key type `type`, which `holdsFreeBox(_:of:)` found no box for,
    /// is to be shelved at `entry`: its type met there before, and no box of it shelved. Notes
    /// the type met.
    func shelves(_ type: Any.Type, at entry: UnsafeMutablePointer<Entry>) -> Bool {
        isEmpty = false
        guard entry.pointee.keyType == ObjectIdentifier(type) else {
            entry.pointee = Entry(keyType: ObjectIdentifier(type))
            return false
        }
        return entry.pointee.box == nil
    }

    /// Shelves `box` (nothing, where its layout is not known) for key type `type` at `entry`.
    static func shelve(_ box: AnyObject?, slot: Int, of type: Any.Type, at entry: UnsafeMutablePointer<Entry>) {
        guard let box else { return }
        entry.pointee = Entry(keyType: ObjectIdentifier(type), box: box, slot: slot)
    }

    /// Lets every shelved box go: called when a coder's call ends.
    func removeAll() {
        guard !isEmpty else { return }
        isEmpty = true
        for index in 0..<Self.count {
            entries[index] = Entry()
        }
    }
}
