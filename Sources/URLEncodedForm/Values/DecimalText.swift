/// Integers written as decimal ASCII without going through `String`.
enum DecimalText {
    /// Calls `body` with the decimal digits of `value` (and a leading `-`), as `String(value)` spells them.
    @inline(__always)
    static func withDigits<T: BinaryInteger, R>(of value: T, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        // Every Swift integer of up to 64 bits has a magnitude that fits a UInt64.
        withDigits(magnitude: UInt64(truncatingIfNeeded: value.magnitude), negative: value < 0, body)
    }

    static func withDigits<R>(magnitude: UInt64, negative: Bool, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var position = buffer.count
            var remaining = magnitude
            repeat {
                position -= 1
                buffer[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining % 10)
                remaining /= 10
            } while remaining != 0
            if negative {
                position -= 1
                buffer[position] = UInt8(ascii: "-")
            }
            return body(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[position...])))
        }
    }
}
