/// A short constant of a key (`[`, `]`, `[]`, `.`), escaped once per encoding (or kept raw):
/// at most eight bytes held in a word, so that writing it is a store, not a call to the escaper.
struct EscapedFragment: Equatable {
    private var bytes: UInt64 = 0
    /// The number of bytes it writes.
    private(set) var count = 0

    /// - Parameter escapeTable: the table to escape `literal` with; `nil` keeps it raw.
    init(_ literal: StaticString, escapeTable: EscapeTable?) {
        for offset in 0..<literal.utf8CodeUnitCount {
            let byte = literal.utf8Start[offset]
            let escaped = escapeTable?.escape(byte) ?? (bytes: UInt32(byte), count: 1)
            bytes |= UInt64(escaped.bytes) << UInt64(8 * count)
            count += escaped.count
        }
        // Escaping at most triples a byte, so the two-byte literals used here fit a word.
        assert(count <= 8, "fragment too long")
    }

    @inline(__always)
    func append(to buffer: inout UncheckedBytes) {
        // The whole word is stored; `count` of its bytes are kept.
        let destination = buffer.reserve(8)
        UnsafeMutableRawPointer(destination).storeBytes(of: bytes.littleEndian, as: UInt64.self)
        buffer.commit(count)
    }
}
