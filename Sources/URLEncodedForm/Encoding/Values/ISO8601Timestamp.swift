import Foundation

/// `DateEncoding.iso8601` text, `yyyy-MM-dd'T'HH:mm:ssZ` in UTC, as `ISO8601DateFormatter` with
/// `.withInternetDateTime` writes it on Linux.
///
/// The formatter rounds the time to the nearest millisecond (half up) before it truncates to
/// seconds, and shows dates before the 1582 Gregorian reform in the Julian calendar. The fast
/// path reproduces the first rule with integer arithmetic on the proleptic Gregorian calendar;
/// it only answers for years 1600 through 9999, where that was checked against the formatter,
/// and hands every other date (and NaN or infinite times) to the formatter itself.
enum ISO8601Timestamp {
    /// Milliseconds since 1970 of 1600-01-01T00:00:00Z and of 10000-01-01T00:00:00Z.
    private static let fastRange: ClosedRange<Double> = -11_676_096_000_000 ... 253_402_300_799_999

    /// Calls `body` with the timestamp's ASCII bytes.
    static func withText<R>(of date: Date, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        let milliseconds = ((date.timeIntervalSinceReferenceDate + 978_307_200.0) * 1000.0 + 0.5).rounded(.down)
        guard fastRange.contains(milliseconds) else {
            var text = formatted(date)
            return text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
        }
        let seconds = floorDivide(Int64(milliseconds), by: 1000)
        let days = floorDivide(seconds, by: 86_400)
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civilDate(daysSince1970: days)

        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { text in
            put(year, width: 4, at: 0, in: text)
            text[4] = UInt8(ascii: "-")
            put(month, width: 2, at: 5, in: text)
            text[7] = UInt8(ascii: "-")
            put(day, width: 2, at: 8, in: text)
            text[10] = UInt8(ascii: "T")
            put(secondOfDay / 3600, width: 2, at: 11, in: text)
            text[13] = UInt8(ascii: ":")
            put(secondOfDay / 60 % 60, width: 2, at: 14, in: text)
            text[16] = UInt8(ascii: ":")
            put(secondOfDay % 60, width: 2, at: 17, in: text)
            text[19] = UInt8(ascii: "Z")
            return body(UnsafeRawBufferPointer(text))
        }
    }

    private static func put(_ value: Int64, width: Int, at offset: Int, in text: UnsafeMutableBufferPointer<UInt8>) {
        var remaining = value
        for position in stride(from: offset + width - 1, through: offset, by: -1) {
            text[position] = UInt8(ascii: "0") + UInt8(remaining % 10)
            remaining /= 10
        }
    }

    private static func floorDivide(_ value: Int64, by divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }

    /// Year, month and day of the proleptic Gregorian calendar (Howard Hinnant's
    /// `civil_from_days`).
    private static func civilDate(daysSince1970: Int64) -> (year: Int64, month: Int64, day: Int64) {
        // Shift the epoch to 0000-03-01 so that leap days end a year.
        let shifted = daysSince1970 + 719_468
        let era = floorDivide(shifted, by: 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// `ISO8601DateFormatter` is not `Sendable`; this one is only used under its lock.
    private static let formatter = LockedValue(FormatterBox())

    private final class FormatterBox: @unchecked Sendable {
        let formatter: ISO8601DateFormatter = {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = .withInternetDateTime
            return formatter
        }()
    }

    private static func formatted(_ date: Date) -> String {
        formatter.withLock { $0.formatter.string(from: date) }
    }
}
