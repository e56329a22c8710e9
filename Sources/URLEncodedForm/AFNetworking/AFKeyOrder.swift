import Foundation

/// The order AFNetworking sorts keys and set elements in: by their descriptions, with
/// `NSString`'s `compare(_:)` and no options, as Foundation implements it.
///
/// On Linux that compares non-ASCII text by canonically equivalent characters in an order of
/// Foundation's own (`é` sorts before `f`, and U+FF01 before 😃), which no simpler rule
/// reproduces on every string; between two ASCII strings it is the order of their bytes. So
/// ASCII pairs, nearly every key, are compared byte by byte, and any other pair by Foundation.
enum AFKeyOrder {
    /// Whether `lhs` sorts before `rhs`.
    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        let asciiOrder = lhs.withUTF8Bytes { lhs in rhs.withUTF8Bytes { rhs in precedes(ascii: lhs, rhs) } }
        return asciiOrder ?? (lhs.compare(rhs) == .orderedAscending)
    }

    /// Whether `lhs` sorts before `rhs` when both are ASCII; `nil` when either is not.
    private static func precedes(ascii lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Bool? {
        var bits: UInt8 = 0
        for byte in lhs { bits |= byte }
        for byte in rhs { bits |= byte }
        guard bits < 0x80 else { return nil }
        return lhs.lexicographicallyPrecedes(rhs)
    }
}
