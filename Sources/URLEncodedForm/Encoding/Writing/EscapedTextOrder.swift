import Foundation

/// The order `String` sorts escaped text in, and the byte comparisons it is made of. Escaped text
/// is ASCII (every non-ASCII byte is percent-escaped), and on ASCII `String`'s `<` is byte-wise,
/// with a prefix first.
enum EscapedTextOrder {
    @inline(__always)
    static func precedes(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        let common = min(a.count, b.count)
        if common > 0, let aBase = a.baseAddress, let bBase = b.baseAddress {
            let order = memcmp(aBase, bBase, common)
            if order != 0 {
                return order < 0
            }
        }
        return a.count < b.count
    }

    /// Whether `a` and `b` hold the same bytes.
    static func equal(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        a.count == b.count && isPrefix(a, of: b)
    }

    /// Whether `bytes` begins with `prefix` (or equals it).
    static func isPrefix(_ prefix: UnsafeRawBufferPointer, of bytes: UnsafeRawBufferPointer) -> Bool {
        guard prefix.count <= bytes.count else { return false }
        guard prefix.count > 0, let prefixBase = prefix.baseAddress, let base = bytes.baseAddress else { return true }
        return memcmp(prefixBase, base, prefix.count) == 0
    }

    /// The eight bytes of `bytes` from `offset` as a big-endian integer, padded with zeros
    /// past the end: integers order as the bytes do, a prefix no later than what it begins.
    static func leadingWord(of bytes: UnsafeRawBufferPointer, from offset: Int) -> UInt64 {
        guard let base = bytes.baseAddress else { return 0 }
        if offset &+ 8 <= bytes.count {
            return UInt64(bigEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        var word: UInt64 = 0
        for position in offset..<offset &+ 8 {
            word = word << 8 | UInt64(position < bytes.count ? bytes[position] : 0)
        }
        return word
    }
}
