import Foundation

/// How figures are written in tables, charts and messages: three significant digits with a
/// unit chosen so the number reads naturally.
enum Format {
    /// `812 ns`, `12.3 µs`, `1.02 ms`, `3.41 s`.
    static func duration(_ seconds: Double) -> String {
        scaled(seconds, units: [(1, "s"), (1e-3, "ms"), (1e-6, "µs"), (1e-9, "ns")])
    }

    /// `512 B`, `12.3 KB`, `4.56 MB`, `1.20 GB` (powers of 1000).
    static func bytes(_ bytes: Double) -> String {
        scaled(bytes, units: [(1e9, "GB"), (1e6, "MB"), (1e3, "KB"), (1, "B")])
    }

    /// A count with thousands separators: `1,234,567`; a fractional count (a median of an even
    /// number of samples) keeps one decimal.
    static func count(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let whole = grouped(tenths / 10)
        return tenths % 10 == 0 ? whole : "\(whole).\(abs(tenths % 10))"
    }

    /// An integer with thousands separators: `1,000,000`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = value < 0 ? "-" : ""
        for (position, digit) in digits.enumerated() {
            if position > 0 && (digits.count - position) % 3 == 0 {
                result.append(",")
            }
            result.append(digit)
        }
        return result
    }

    /// The inputs a measurement read in turn: `1 input, repeated`, `90 distinct inputs`.
    static func inputs(_ count: Int) -> String {
        count == 1 ? "1 input, repeated" : "\(grouped(count)) distinct inputs"
    }

    /// A plain number with `digits` decimals: `1.02`.
    static func decimal(_ value: Double, digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }

    /// A ratio: `×0.123`, `×4.56`, `×789`.
    static func ratio(_ value: Double) -> String {
        "×" + significant(value)
    }

    /// `value` divided by the largest unit it reaches (the last unit when it reaches none).
    private static func scaled(_ value: Double, units: [(scale: Double, name: String)]) -> String {
        let unit = units.first { value >= $0.scale } ?? units[units.count - 1]
        return significant(value / unit.scale) + " " + unit.name
    }

    /// Three significant digits, without exponent: `1.23`, `12.3`, `123`, `12345`.
    private static func significant(_ value: Double) -> String {
        let magnitude = abs(value)
        let decimals = magnitude >= 100 || magnitude == 0 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3
        return String(format: "%.\(decimals)f", value)
    }
}
