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
    /// 1/2, so at most one integer is within reach of `magnitude × 10^k`, and it is the integer
    /// nearest the (inexact) product: the first `k` that works is the shortest.
    private static let scaledLimit = 0x1p51

    /// The most bytes `writeFixedPoint(_:to:)` writes.
    static let maxFixedPointLength = 48

    /// Calls `body` with the ASCII of `value.description`.
    static func withText<R>(of value: Double, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxFixedPointLength) { buffer in
            if let length = writeFixedPoint(value, to: buffer.baseAddress!) {
                return body(UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[..<length])))
            }
            var description = value.description
            return description.withUTF8 { body(UnsafeRawBufferPointer($0)) }
        }
    }

    /// Writes `value.description` at `destination` (room for `maxFixedPointLength` bytes) and
    /// returns its length, or returns `nil`, writing nothing, when the fast path does not apply.
    static func writeFixedPoint(_ value: Double, to destination: UnsafeMutablePointer<UInt8>) -> Int? {
        let magnitude = value.magnitude
        guard magnitude >= 1e-4, magnitude < scaledLimit else { return nil }
        // 10^k is exact as a double up to 10^22, and 1e-4 × 10^k passes the limit by k = 20.
        var scale = 1.0
        // 10^decimals as an integer too; it wraps only on the way to the `nil` below.
        var power: UInt64 = 1
        var decimals = 0
        while true {
            let scaled = magnitude * scale
            guard scaled < scaledLimit else { return nil }
            // The one candidate is the integer nearest `scaled`: it lies within 1/4 of the
            // exact product, which lies within 1/8 of `scaled` (half its ulp below 2^51).
            // `+ 0.5` is exact there, and converting then truncates in one instruction
            // (`rounded()` is a call into libm; `UInt64(_:)` from a double takes a longer
            // sequence than `Int64(_:)`).
            let nearest = UInt64(Int64(scaled + 0.5))
            if Double(nearest) / scale == magnitude {
                return write(nearest, decimals: decimals, power: power, negative: value < 0, to: destination)
            }
            scale *= 10
            power &*= 10
            decimals += 1
        }
    }

    /// Writes `digits × 10^-decimals` (`power` is 10^decimals) as `description` does: `-`, at
    /// least one integer digit, `.`, then the decimals, or `0` when there are none. Returns the
    /// length.
    private static func write(_ digits: UInt64, decimals: Int, power: UInt64, negative: Bool,
                              to destination: UnsafeMutablePointer<UInt8>) -> Int {
        var length = 0
        if negative {
            destination[0] = UInt8(ascii: "-")
            length = 1
        }
        let integer = digits / power
        length += DecimalText.digitCount(of: integer)
        DecimalText.writeDigits(of: integer, endingAt: destination + length)
        destination[length] = UInt8(ascii: ".")
        length += 1
        guard decimals > 0 else {
            destination[length] = UInt8(ascii: "0")
            return length + 1
        }
        // The fraction, with the zeros that lead it: three words of zeros cover the (at most
        // 19) decimals without a call to memset; the room is there (at most 18 bytes so far).
        let zeros = UInt64(0x3030_3030_3030_3030)
        for word in 0..<3 {
            UnsafeMutableRawPointer(destination + length + 8 * word).storeBytes(of: zeros, as: UInt64.self)
        }
        length += decimals
        DecimalText.writeDigits(of: digits % power, endingAt: destination + length)
        return length
    }
}
