/// A table of one entry per byte value, read without a bounds check: a `UInt8` cannot index
/// past 256 entries, which an `Array`'s subscript does not know and checks on every read. Every
/// byte-indexed table of the package is one: the scanner's byte classes, the splitter's special
/// bytes, hexadecimal digits, UTF-8 transitions, and what each byte escapes to.
///
/// Immutable once made. A copy shares the entries and keeps them alive (they are freed with the
/// last copy), and holds their address itself: a reader that keeps a copy in a local reads each
/// entry with one load. Hold a copy in a local or a stored `let` in hot loops: a `static let`
/// checks that it is initialized on every read. `@unchecked Sendable`: nothing writes the
/// entries after `init`.
struct ByteTable<Entry: BitwiseCopyable>: @unchecked Sendable {
    /// Owns the entries.
    private final class Storage {
        let entries: UnsafeMutablePointer<Entry>

        init(_ entry: (UInt8) -> Entry) {
            entries = .allocate(capacity: 256)
            for byte in 0 ... 255 { (entries + byte).initialize(to: entry(UInt8(byte))) }
        }

        deinit {
            entries.deallocate()
        }
    }

    private let storage: Storage
    /// `storage.entries`, valid as long as `storage` is held.
    private let entries: UnsafePointer<Entry>

    /// A table whose entry for each byte is `entry(byte)`.
    init(_ entry: (UInt8) -> Entry) {
        storage = Storage(entry)
        entries = UnsafePointer(storage.entries)
    }

    @inline(__always)
    subscript(byte: UInt8) -> Entry {
        entries[Int(byte)]
    }

    /// Lends `body` the entries, indexed by byte value, for a hot loop: a pointer in a local
    /// stays in a register where a read through the table's fields may not.
    @inline(__always)
    func withEntries<Result>(_ body: (UnsafeBufferPointer<Entry>) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(storage) { try body(UnsafeBufferPointer(start: entries, count: 256)) }
    }
}
