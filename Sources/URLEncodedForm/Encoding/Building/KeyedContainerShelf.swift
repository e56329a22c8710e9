/// The keyed containers of one encoding, kept to be handed out again.
///
/// `KeyedEncodingContainer` can only hold a container generic over its key type in a box of the
/// standard library's. Made anew, every keyed container costs the Swift runtime two lookups of
/// generic metadata (`FormKeyedContainer<Key>` and the box's class) and one of a conformance,
/// and the box an allocation; and the runtime's caches count their readers in words every
/// thread writes, so two threads making containers slow each other down. Once an `Encodable`
/// is done with its container, the shelf's reference is the box's only one, and the next
/// container of that key type is the same box, moved to its new path
/// (`TreeBuilder.moveKeyedSlot(_:to:)`): one metadata lookup, to return it.
///
/// A box something else holds (the container of an enclosing value of the same key type, or
/// one user code kept) is never handed out: a new container is made. The shelved boxes refer
/// to the session, so the encoding empties the shelf when it ends (`removeAll()`); a box user
/// code kept then still keeps its session from being reused, as any container it keeps does.
final class KeyedContainerShelf {
    /// A shelved box, and the slot of its path in the tree builder.
    private struct Entry {
        var keyType: ObjectIdentifier?
        var box: AnyObject?
        var slot = 0
    }

    /// Entries, by a hash of the key type: a payload's key types are few.
    private static let count = 16
    private let entries: UnsafeMutablePointer<Entry>

    init() {
        entries = .allocate(capacity: Self.count)
        entries.initialize(repeating: Entry(), count: Self.count)
    }

    deinit {
        entries.deinitialize(count: Self.count)
        entries.deallocate()
    }

    /// A container keyed by `type` storing below `path` in `session`: the shelved one of that
    /// key type when nothing else holds it, or a new one.
    @inline(__always)
    func container<Key: CodingKey>(keyedBy type: Key.Type, at path: PathID,
                                   in session: EncodingSession) -> KeyedEncodingContainer<Key> {
        let bits = UInt(bitPattern: ObjectIdentifier(type))
        let entry = entries + Int(truncatingIfNeeded: bits >> 4 ^ bits >> 9) & (Self.count - 1)
        guard entry.pointee.keyType == ObjectIdentifier(type), isKnownUniquelyReferenced(&entry.pointee.box) else {
            return makeContainer(keyedBy: type, at: path, in: session, shelf: entry)
        }
        session.builder.pointee.moveKeyedSlot(entry.pointee.slot, to: path)
        return PrivateLayouts.keyedContainer(boxedIn: entry.pointee.box.unsafelyUnwrapped, keyedBy: type)
    }

    /// A new container, shelved at `entry` when its key type was seen there before and nothing
    /// is shelved for it. Taking the box out of a new container costs a lookup of its metadata,
    /// which a key type met once per encoding (a flat form's) would pay for nothing; and while
    /// the shelved box is held (by the value enclosing this one, of the same type, the way
    /// recursive types and chains nest), it stays shelved: it is the one its siblings will
    /// find free.
    @inline(never)
    private func makeContainer<Key: CodingKey>(keyedBy type: Key.Type, at path: PathID, in session: EncodingSession,
                                               shelf entry: UnsafeMutablePointer<Entry>) -> KeyedEncodingContainer<Key> {
        let slot = session.builder.pointee.newKeyedSlot(at: path)
        guard entry.pointee.keyType == ObjectIdentifier(type), entry.pointee.box == nil else {
            if entry.pointee.keyType != ObjectIdentifier(type) {
                entry.pointee = Entry(keyType: ObjectIdentifier(type))
            }
            return KeyedEncodingContainer(FormKeyedContainer<Key>(session: session, slot: slot))
        }
        let container = KeyedEncodingContainer(FormKeyedContainer<Key>(session: session, slot: slot))
        if let box = PrivateLayouts.box(of: container) {
            entry.pointee = Entry(keyType: ObjectIdentifier(type), box: box, slot: slot)
        }
        return container
    }

    /// Lets every shelved box go: called when an encoding ends.
    func removeAll() {
        for index in 0..<Self.count {
            entries[index] = Entry()
        }
    }
}
