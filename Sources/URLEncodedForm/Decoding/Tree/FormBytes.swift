import Foundation

/// The two places a form's text lives while it is decoded: the input as it was sent, and the
/// names that had to be unescaped, copied once into one buffer. A key's bytes are named by a
/// signed offset into one or the other (`TextRange`), so that the tree never copies a name
/// that was sent plain. Both buffers are lent to the decoding and outlive it.
struct FormBytes {
    let input: UnsafeBufferPointer<UInt8>
    let names: UnsafeBufferPointer<UInt8>

    /// No bytes: a tree's between decodings.
    static var none: FormBytes {
        FormBytes(input: UnsafeBufferPointer(start: nil, count: 0), names: UnsafeBufferPointer(start: nil, count: 0))
    }

    /// The bytes of `range`.
    @inline(__always)
    func bytes(_ range: TextRange) -> UnsafeBufferPointer<UInt8> {
        let base = range.start >= 0 ? input.baseAddress! + Int(range.start) : names.baseAddress! + Int(~range.start)
        assert(range.start >= 0 ? Int(range.start) + Int(range.count) <= input.count
                                : Int(~range.start) + Int(range.count) <= names.count, "text past its buffer")
        return UnsafeBufferPointer(start: base, count: Int(range.count))
    }

    /// Whether the bytes of `range` are `other`: their lengths first, then their bytes. Keys
    /// are short: up to 16 bytes are compared as two overlapping words, without a call.
    @inline(__always)
    func equal(_ range: TextRange, _ other: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = other.count
        guard Int(range.count) == count else { return false }
        guard count > 0 else { return true }
        let left = UnsafeRawPointer(bytes(range).baseAddress!)
        let right = UnsafeRawPointer(other.baseAddress!)
        switch count {
        case 8...16:
            return left.loadUnaligned(as: UInt64.self) == right.loadUnaligned(as: UInt64.self)
                && left.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                    == right.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        case 1..<8:
            var index = 0
            while index < count {
                if left.load(fromByteOffset: index, as: UInt8.self) != right.load(fromByteOffset: index, as: UInt8.self) { return false }
                index += 1
            }
            return true
        default:
            return memcmp(left, right, count) == 0
        }
    }

    /// The bytes of `range` as a `String`.
    func string(_ range: TextRange) -> String {
        String(decoding: bytes(range), as: UTF8.self)
    }
}

/// Where a key's (or a segment's) bytes are: `start` at or above 0 is an offset into the input,
/// below 0 the complement (`~start`) of an offset into the unescaped names.
struct TextRange: Equatable {
    var start: Int32
    var count: Int32

    /// The range `offset..<offset + length` of the same buffer as this one.
    @inline(__always)
    func slice(_ offset: Int, _ length: Int) -> TextRange {
        TextRange(start: start >= 0 ? start + Int32(offset) : start - Int32(offset), count: Int32(length))
    }
}
