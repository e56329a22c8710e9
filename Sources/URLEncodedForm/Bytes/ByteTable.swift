/// A table of one entry per byte value, read without a bounds check: a `UInt8` cannot index
/// past 256 entries, which an `Array`'s subscript does not know and checks on every read.
///
/// Made once per process (held in a `static let`) and never freed or written after it is
/// made, so sharing it between threads is safe, which is what `@unchecked Sendable` says.
struct ByteTable<Entry: BitwiseCopyable>: @unchecked Sendable {
    private let entries: UnsafePointer<Entry>

    /// A table whose entry for each byte is `entry(byte)`.
    init(_ entry: (UInt8) -> Entry) {
        let entries = UnsafeMutablePointer<Entry>.allocate(capacity: 256)
        for byte in 0 ... 255 { (entries + byte).initialize(to: entry(UInt8(byte))) }
        self.entries = UnsafePointer(entries)
    }

    @inline(__always)
    subscript(byte: UInt8) -> Entry {
        entries[Int(byte)]
    }
}
