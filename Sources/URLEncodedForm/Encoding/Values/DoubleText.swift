/// `Double.description` written without a `String` for the doubles in fixed point: prices,
/// measures, timestamps, ratios, anything from 1e-4 up to 2^53.
///
/// `description` writes the shortest digits that read back as the same double, in fixed point
/// for magnitudes from 1e-4 up to 2^53, with `.0` when there is no fraction. For a magnitude in
/// that range the fast path tries 0, 1, 2… decimals: the one candidate with `k` decimals is
/// the integer `m` nearest `magnitude × 10^k`, and `m / 10^k == magnitude` (one correctly rounded division
/// of two exact doubles) is exactly "the decimal m·10^-k reads back as `magnitude`". The first
/// `k` that works gives the fewest digits, hence `description`'s. Past 2^51 the product is too
/// coarse to tell the candidate, and the search goes on in exact integers
/// (`writeLongExpansion`): the 16 and 17 digits of a computed value such as 0.1 + 0.2 or 1 / 3.
/// Everything else (exponent forms, zero, non-finite values) is left to `description`.
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

    /// The magnitudes `description` writes in fixed point.
    private static let fixedPointRange = 1e-4..<0x1p53

    /// Writes `value.description` at `destination` (room for `maxFixedPointLength` bytes) and
    /// returns its length when it is in fixed point, or returns `nil`, writing nothing.
    static func writeFixedPoint(_ value: Double, to destination: UnsafeMutablePointer<UInt8>) -> Int? {
        let magnitude = value.magnitude
        guard fixedPointRange.contains(magnitude) else { return nil }
        // 10^k is exact as a double up to 10^22, and 1e-4 × 10^k passes the limit by k = 20.
        var scale = 1.0
        // 10^decimals as an integer too; it wraps only past the limit, where it is not used.
        var power: UInt64 = 1
        var decimals = 0
        while true {
            let scaled = magnitude * scale
            guard scaled < scaledLimit else {
                return writeLongExpansion(value, fromDecimals: decimals, to: destination)
            }
            // The one candidate is the integer nearest `scaled`: it lies within 1/4 of the
            // exact product, which lies within 1/8 of `scaled` (half its ulp below 2^51).
            // `+ 0.5` is exact there, and converting then truncates in one instruction
            // (`rounded()` is a call into libm; `UInt64(_:)` from a double takes a longer
            // sequence than `Int64(_:)`).
            let nearest = UInt64(Int64(scaled + 0.5))
            if Double(nearest) / scale == magnitude {
                return write(integer: nearest / power, fraction: nearest % power, decimals: decimals,
                             negative: value < 0, to: destination)
            }
            scale *= 10
            power &*= 10
            decimals += 1
        }
    }

    /// The most decimals `writeLongExpansion` tries: 17 significant digits always read back, and
    /// the smallest magnitude, 1e-4, has its first one at the fourth decimal.
    private static let maxDecimals = 21

    /// Writes `value`'s fixed-point text with the fewest decimals from `first` on that read back
    /// as `value` (the fast path ruled out fewer), found with exact integer arithmetic; `nil`
    /// should none work.
    ///
    /// The magnitude is `significand × 2^-shift`, and a decimal reads back as it when it lies
    /// less than half the gap between doubles away. Scaled by `10^k × 2^shift`, every quantity
    /// is an integer: the magnitude is `significand × 10^k`, a candidate `n` is `n << shift`,
    /// and the gap is `10^k`. Two refinements of that rule never matter here, so they are left
    /// out: the smaller gap below a power of two (the fast path writes every power of two in
    /// range: 2^-e × 10^e is 5^e, far below 2^51), and a decimal exactly half a gap away, which
    /// reads back for an even significand (it has more than 17 significant digits, and 17
    /// always suffice).
    private static func writeLongExpansion(_ value: Double, fromDecimals first: Int,
                                           to destination: UnsafeMutablePointer<UInt8>) -> Int? {
        let magnitude = value.magnitude
        let significand = UInt128(magnitude.significandBitPattern | 1 << 52)
        // From 0 (below 2^53) up to 66 (1e-4 is above 2^-14).
        let shift = 52 - Int(magnitude.exponent)
        var power: UInt128 = 1
        for _ in 0..<first {
            power &*= 10
        }
        for decimals in stride(from: first, through: maxDecimals, by: 1) {
            let scaled = significand &* power
            let floor = scaled >> shift
            // The distances down to `floor` and up to `floor + 1`: the nearer may read back.
            let below = scaled &- floor << shift
            let above = UInt128(1) << shift &- below
            if 2 &* min(below, above) < power {
                // On a tie both read back, and `description` takes the even one.
                let roundsDown = below < above || below == above && floor & 1 == 0
                let digits = roundsDown ? floor : floor &+ 1
                return write(integer: UInt64(digits / power), fraction: UInt64(digits % power),
                             decimals: decimals, negative: value < 0, to: destination)
            }
            power &*= 10
        }
        return nil
    }

    /// Writes `integer.fraction`, the fraction `decimals` long, as `description` does: `-`, at
    /// least one integer digit, `.`, then the decimals, or `0` when there are none. Returns the
    /// length.
    private static func write(integer: UInt64, fraction: UInt64, decimals: Int, negative: Bool,
                              to destination: UnsafeMutablePointer<UInt8>) -> Int {
        var length = 0
        if negative {
            destination[0] = UInt8(ascii: "-")
            length = 1
        }
        length += DecimalText.digitCount(of: integer)
        DecimalText.writeDigits(of: integer, endingAt: destination + length)
        destination[length] = UInt8(ascii: ".")
        length += 1
        guard decimals > 0 else {
            destination[length] = UInt8(ascii: "0")
            return length + 1
        }
        // The fraction, with the zeros that lead it: three words of zeros cover the (at most
        // 21) decimals without a call to memset; the room is there (at most 18 bytes so far).
        let zeros = UInt64(0x3030_3030_3030_3030)
        for word in 0..<3 {
            UnsafeMutableRawPointer(destination + length + 8 * word).storeBytes(of: zeros, as: UInt64.self)
        }
        length += decimals
        DecimalText.writeDigits(of: fraction, endingAt: destination + length)
        return length
    }
}
