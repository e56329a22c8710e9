/// Eight bytes of text as one `UInt64`, for the scanner's loop that skips plain text: most
/// bytes of a form are neither `%`, `+`, `&`, `=` nor non-ASCII.
enum ByteWord {
    /// The eight bytes at `offset` of `base`.
    @inline(__always)
    static func load(_ base: UnsafeRawPointer, at offset: Int) -> UInt64 {
        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The high bit of each byte of `word` that equals `byte`, which is below 0x80, and of no
    /// other: the exact form of the zero-byte test, without the borrow that makes the short
    /// form flag bytes after a match.
    @inline(__always)
    static func matches(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let low7 = 0x7F7F_7F7F_7F7F_7F7F as UInt64
        let x = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        return ~(((x & low7) &+ low7) | x | low7)
    }

    /// The index of the first byte flagged in `flags` (high bits, as `matches` sets them).
    @inline(__always)
    static func firstFlagged(_ flags: UInt64) -> Int {
        flags.trailingZeroBitCount / 8
    }
}
