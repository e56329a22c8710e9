import Foundation

/// The order AFNetworking sorts keys and set elements in: by their descriptions, with
/// `NSString`'s `compare(_:)` and no options, as Foundation implements it.
///
/// On Linux that compares non-ASCII text by canonically equivalent characters in an order of
/// Foundation's own (`é` sorts before `f`, U+FF01 before 😃, and some different strings
/// compare the same), which no simpler rule reproduces on every string. But where two strings
/// first differ in an ASCII byte on both sides, what came before is the same text and the two
/// bytes are whole characters that nothing combines with, and Foundation orders them as the bytes
/// are ordered; so does a string that ends where the other goes on with an ASCII byte. Keys
/// nearly always part that way, and are compared byte by byte; any other pair is handed to
/// Foundation.
enum AFKeyOrder {
    /// Whether `lhs` sorts before `rhs`.
    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        let order = lhs.withUTF8Bytes { lhs in rhs.withUTF8Bytes { rhs in precedes(byBytes: lhs, rhs) } }
        return order ?? (lhs.compare(rhs) == .orderedAscending)
    }

    /// Whether `lhs` sorts before `rhs`, when their first difference is ASCII on both sides (or
    /// one ends where the other goes on with ASCII); `nil` when it is not.
    private static func precedes(byBytes lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Bool? {
        let common = min(lhs.count, rhs.count)
        var index = 0
        while index < common && lhs[index] == rhs[index] {
            index += 1
        }
        if index < common {
            let (left, right) = (lhs[index], rhs[index])
            return (left | right) < 0x80 ? left < right : nil
        }
        guard lhs.count != rhs.count else { return false }
        let next = lhs.count > rhs.count ? lhs[index] : rhs[index]
        return next < 0x80 ? lhs.count < rhs.count : nil
    }
}
