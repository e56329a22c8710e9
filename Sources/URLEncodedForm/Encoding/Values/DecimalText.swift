/// Integers written as decimal ASCII without going through `String`.
enum DecimalText {
    /// The most bytes `write(magnitude:negative:to:)` writes: `-` and 20 digits.
    static let maxLength = 21

    /// Calls `body` with the decimal digits of `value` (and a leading `-`), as `String(value)` spells them.
    @inline(__always)
    static func withDigits<T: BinaryInteger, R>(of value: T, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxLength) { buffer in
            let length = write(of: value, to: buffer.baseAddress!)
            return body(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: buffer[..<length])))
        }
    }

    /// Writes the digits of `value` (and a leading `-`) at `destination`, which has room for
    /// `maxLength` bytes, and returns how many it wrote.
    @inline(__always)
    static func write<T: BinaryInteger>(of value: T, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        // Every Swift integer of up to 64 bits has a magnitude that fits a UInt64.
        write(magnitude: UInt64(truncatingIfNeeded: value.magnitude), negative: value < 0, to: destination)
    }

    static func write(magnitude: UInt64, negative: Bool, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        var length = digitCount(of: magnitude)
        if negative {
            destination[0] = UInt8(ascii: "-")
            length += 1
        }
        writeDigits(of: magnitude, endingAt: destination + length)
        return length
    }

    // Inlined, as is `writeDigits`: every number written calls both.
    /// The number of decimal digits of `value`: comparisons, not divisions.
    @inline(__always)
    static func digitCount(of value: UInt64) -> Int {
        var count = 1
        var threshold: UInt64 = 10
        // 10^19 is the last power of ten below UInt64.max.
        while count < 20 && value >= threshold {
            count += 1
            threshold &*= 10
        }
        return count
    }

    /// Writes the digits of `value` backwards, ending just before `end`, two at a time: half
    /// the divisions of one at a time.
    @inline(__always)
    static func writeDigits(of value: UInt64, endingAt end: UnsafeMutablePointer<UInt8>) {
        let pairs = digitPairs.utf8Start
        var position = end
        var remaining = value
        while remaining >= 100 {
            let pair = Int(remaining % 100) &* 2
            remaining /= 100
            position -= 2
            position[0] = pairs[pair]
            position[1] = pairs[pair &+ 1]
        }
        if remaining >= 10 {
            let pair = Int(remaining) &* 2
            position -= 2
            position[0] = pairs[pair]
            position[1] = pairs[pair &+ 1]
        } else {
            position -= 1
            position[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining)
        }
    }

    /// "00", "01", … "99" back to back. A literal, so reading it needs no lazy initialization.
    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """
}
