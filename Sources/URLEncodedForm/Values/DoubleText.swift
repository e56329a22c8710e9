/// `Double.description` written without a `String` for the doubles payloads are mostly made of:
/// prices, measures, timestamps, anything with a short decimal expansion.
///
/// `description` writes the shortest digits that read back as the same double, in fixed point
/// for magnitudes from 1e-4 up to 2^53, with `.0` when there is no fraction. For a magnitude in
/// that range the fast path tries 0, 1, 2… decimals: the one candidate with `k` decimals is
/// the integer `m` nearest `magnitude × 10^k`, and `m / 10^k == magnitude` (one correctly rounded division
/// of two exact doubles) is exactly "the decimal m·10^-k reads back as `magnitude`". The first
/// `k` that works gives the fewest digits, hence `description`'s. Everything else (exponent
/// forms, zero, non-finite values, long expansions) is left to `description`.
enum DoubleText {
    /// Scaled magnitudes stay below 2^51. There, the gap between doubles times 10^k is below
    /// 1/2, so at most one integer is within reach of `magnitude × 10^k`, and it is one of the
    /// two integers around the (inexact) product: the first `k` that works is the shortest.
    private static let scaledLimit = 0x1p51

    /// Calls `body` with the ASCII of `value.description`.
    static func withText<R>(of value: Double, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { buffer in
            if let text = writeFixedPoint(value, into: buffer) {
                return body(UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[text])))
            }
            var description = value.description
            return description.withUTF8 { body(UnsafeRawBufferPointer($0)) }
        }
    }

    /// Writes `value` in fixed point at the end of `buffer` (40 bytes) and returns where, or
    /// returns `nil` when the fast path does not apply.
    private static func writeFixedPoint(_ value: Double, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Range<Int>? {
        let magnitude = value.magnitude
        guard magnitude >= 1e-4, magnitude < scaledLimit else { return nil }
        // 10^k is exact as a double up to 10^22, and 1e-4 × 10^k passes the limit by k = 20.
        var scale = 1.0
        var decimals = 0
        while true {
            let scaled = magnitude * scale
            guard scaled < scaledLimit else { return nil }
            // The candidate is the integer nearest `scaled`, so the one below or above it.
            // (Converting truncates in one instruction; `rounded()` is a call into libm.)
            let below = UInt64(scaled)
            for digits in below...below + 1 where Double(digits) / scale == magnitude {
                return write(digits, decimals: decimals, negative: value < 0, into: buffer)
            }
            scale *= 10
            decimals += 1
        }
    }

    /// Writes `digits × 10^-decimals` as `description` does: `-`, at least one integer digit,
    /// `.`, then the decimals, or `0` when there are none; backwards, from the end of `buffer`.
    private static func write(_ digits: UInt64, decimals: Int, negative: Bool,
                              into buffer: UnsafeMutableBufferPointer<UInt8>) -> Range<Int> {
        var position = buffer.count
        var remaining = digits
        var written = 0
        if decimals == 0 {
            position -= 2
            buffer[position] = UInt8(ascii: ".")
            buffer[position + 1] = UInt8(ascii: "0")
        }
        repeat {
            if written == decimals && decimals > 0 {
                position -= 1
                buffer[position] = UInt8(ascii: ".")
            }
            position -= 1
            buffer[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining % 10)
            remaining /= 10
            written += 1
        } while remaining != 0 || written <= decimals
        if negative {
            position -= 1
            buffer[position] = UInt8(ascii: "-")
        }
        return position..<buffer.count
    }
}
