import Foundation

/// The order `String` sorts escaped text in. Escaped text is ASCII (every non-ASCII byte is
/// percent-escaped), and on ASCII `String`'s `<` is byte-wise, with a prefix first.
enum ByteOrder {
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

    /// Whether `bytes` begins with `prefix` (or equals it).
    static func isPrefix(_ prefix: UnsafeRawBufferPointer, of bytes: UnsafeRawBufferPointer) -> Bool {
        guard prefix.count <= bytes.count else { return false }
        guard prefix.count > 0, let prefixBase = prefix.baseAddress, let base = bytes.baseAddress else { return true }
        return memcmp(prefixBase, base, prefix.count) == 0
    }
}
