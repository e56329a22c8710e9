/// A short constant of a key (`[`, `]`, `[]`, `.`), escaped once per encoding (or kept raw):
/// at most eight bytes held in a word, so that writing it is a store, not a call to the escaper.
struct EscapedFragment {
    private var bytes: UInt64 = 0
    /// The number of bytes it writes.
    private(set) var count = 0

    /// - Parameter escapeTable: the table to escape `literal` with; `nil` keeps it raw.
    init(_ literal: StaticString, escapeTable: EscapeTable?) {
        let raw = UnsafeRawBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        var escaped = ByteBuffer(capacity: 32)
        if let escapeTable {
            escapeTable.appendEscaped(raw, to: &escaped)
        } else {
            escaped.append(raw)
        }
        // Escaping at most triples a byte, so the two-byte literals used here fit.
        assert(escaped.count <= 8, "fragment too long")
        for (offset, byte) in escaped.bytes(0..<escaped.count).enumerated() {
            bytes |= UInt64(byte) << UInt64(8 * offset)
        }
        count = escaped.count
    }

    @inline(__always)
    func append(to buffer: inout ByteBuffer) {
        let destination = buffer.reserve(8)
        UnsafeMutableRawPointer(destination).storeBytes(of: bytes.littleEndian, as: UInt64.self)
        buffer.commit(count)
    }
}
