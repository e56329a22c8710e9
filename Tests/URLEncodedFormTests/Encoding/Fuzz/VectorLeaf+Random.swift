import FormBenchCore
import Foundation

extension FuzzLeaf {
    /// A random leaf, weighted towards strings and towards each type's edge values; with
    /// `evenly`, every type is as likely (for optionals, where the type picks the overload).
    static func random(evenly: Bool = false, using rng: inout SplitMix64) -> FuzzLeaf {
        let choices: [(weight: Int, make: (inout SplitMix64) -> FuzzLeaf)] = [
            (30, { .string(FuzzStrings.value(using: &$0)) }),
            (5, { .bool(Bool.random(using: &$0)) }),
            (4, { .int(integer(using: &$0)) }),
            (2, { .int8(integer(using: &$0)) }),
            (2, { .int16(integer(using: &$0)) }),
            (2, { .int32(integer(using: &$0)) }),
            (2, { .int64(integer(using: &$0)) }),
            (2, { .uint(integer(using: &$0)) }),
            (2, { .uint8(integer(using: &$0)) }),
            (2, { .uint16(integer(using: &$0)) }),
            (2, { .uint32(integer(using: &$0)) }),
            (2, { .uint64(integer(using: &$0)) }),
            (7, { .double(double(using: &$0)) }),
            (4, { .float(float(using: &$0)) }),
            (8, { .decimal(decimal(using: &$0)) }),
            (12, { .date(date(using: &$0)) }),
            (6, { .data(data(using: &$0)) }),
        ]
        return rng.weighted(evenly ? choices.map { (1, $0.make) } : choices)
    }

    private static func integer<T: FixedWidthInteger>(using rng: inout SplitMix64) -> T {
        rng.weighted([
            (1, { _ in T.min }),
            (1, { _ in T.max }),
            (1, { T(truncatingIfNeeded: $0.pick([0, 1, -1, 2])) }),
            (2, { T.random(in: .min ... .max, using: &$0) }),
            (2, { T(truncatingIfNeeded: Int.random(in: -1000 ... 1000, using: &$0)) }),
        ])
    }

    private static let doubleEdges: [Double] = [
        -0.0, .nan, .infinity, -.infinity, 1e-5, .leastNonzeroMagnitude, 1.7976931348623157e308, 0.1 + 0.2, 1.0, 100, 1e16,
        2.2250738585072014e-308, 123456789.125, -1.5, 9_007_199_254_740_991, 9_007_199_254_740_992, 1e-7, 0.000_1,
        // 17 digits on an exact tie (the even last digit wins), just above 2^51, just above 1e-4.
        (0x1p52 + 1) / 4, (0x1p52 + 3) / 4, 0x1p51 + 0.5, 0x1p51.nextUp, 1.0 / 3, 0.000_123_456_789_012_345_67,
    ]

    private static func double(using rng: inout SplitMix64) -> Double {
        rng.weighted([
            (3, { $0.pick(doubleEdges) }),
            (1, { Double.random(in: -1e6 ... 1e6, using: &$0) }),
            // Long expansions of every size `description` writes in fixed point.
            (1, { Double.random(in: 1e-4 ..< 1, using: &$0) }),
            (1, { Double.random(in: 0x1p51 ..< 0x1p53, using: &$0) }),
            (1, { Double(bitPattern: $0.next()) }),
        ])
    }

    private static let floatEdges: [Float] = [
        -0.0, .nan, .infinity, -.infinity, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 0.1, 1e-5, 16_777_215, 16_777_216,
        1.0, 3.4e38, -2.5,
    ]

    private static func float(using rng: inout SplitMix64) -> Float {
        rng.weighted([
            (3, { $0.pick(floatEdges) }),
            (1, { Float.random(in: -1e4 ... 1e4, using: &$0) }),
            (1, { Float(bitPattern: UInt32(truncatingIfNeeded: $0.next())) }),
        ])
    }

    /// Decimals whose description is a trap: `-0` prints `0`, and mantissas past 38 digits are cut.
    private static let decimalEdges: [Decimal] = [
        Decimal(sign: .minus, exponent: 0, significand: 0), Decimal(sign: .minus, exponent: -3, significand: 0),
        -Decimal(0), 0, 1, -1, .nan, .greatestFiniteMagnitude, .leastNonzeroMagnitude, Decimal(0.1), Decimal(1e-20),
    ] + [
        "-0", "3.14", "-12345678901234567890123456789012345678901234", "1234567890123456789012345678901234567890.5",
        "0.000000000000000000000000000000000000000000001234", "99999999999999999999999999999999999999999",
        "1e100", "-1e-100", "18446744073709551616",
    ].compactMap { Decimal(string: $0) }

    private static func decimal(using rng: inout SplitMix64) -> Decimal {
        rng.weighted([
            (3, { $0.pick(decimalEdges) }),
            (1, { rng in
                let digits = (0 ..< Int.random(in: 1 ... 45, using: &rng)).map { _ in String(Int.random(in: 0 ... 9, using: &rng)) }
                let sign = Bool.random(using: &rng) ? "-" : ""
                return Decimal(string: sign + digits.joined() + "e" + String(Int.random(in: -50 ... 20, using: &rng))) ?? 0
            }),
        ])
    }

    /// Seconds since 1970 of the dates Foundation's formatters treat specially: half-millisecond
    /// rounding on both sides of 1970 and of the reference date, the 1582 Gregorian reform
    /// (earlier dates print in the Julian calendar), year 1 and before, and years 9999 and up.
    private static let dateEdges: [Double] = [
        0, 0.9995, -0.25, 0.0005, -0.0005, 0.0015, 1.9994999, 86399.9996, -1e-7, 59.9995,
        978_307_200.9995, 978_307_199.75, 978_307_200,
        -12_219_292_800, -12_219_292_800.5, -12_219_379_200, -12_220_156_800, -30_610_224_000.0005,
        -62_135_596_800, -62_135_596_800.9995, -62_198_755_200, -1e11, -1e12,
        253_402_300_799, 253_402_300_799.9996, 253_402_300_800, 1e12, 1e13,
        Date.distantPast.timeIntervalSince1970, Date.distantFuture.timeIntervalSince1970, .nan, .infinity,
    ]

    private static func date(using rng: inout SplitMix64) -> Date {
        rng.weighted([
            (3, { Date(timeIntervalSince1970: $0.pick(dateEdges)) }),
            (2, { rng in
                // Tenths of a millisecond, so that rounding to the millisecond matters.
                let tenths = Double(Int64.random(in: -200_000_000_000_000 ... 200_000_000_000_000, using: &rng))
                return Date(timeIntervalSince1970: tenths / 10_000)
            }),
            (1, { Date(timeIntervalSinceReferenceDate: Double.random(in: -1e3 ... 1e3, using: &$0)) }),
        ])
    }

    private static func data(using rng: inout SplitMix64) -> Data {
        rng.weighted([
            (1, { _ in Data() }),
            (1, { $0.pick([Data([0]), Data([0xFB, 0xFF]), Data([0xFF, 0xFE, 0xFD])]) }),
            (3, { rng in Data((0 ..< rng.smallCount(in: 1 ... 48)).map { _ in UInt8.random(in: 0 ... 255, using: &rng) }) }),
        ])
    }
}
