import Foundation

extension URLEncodedFormEncoder {
    /// How `Date` values are written.
    public enum DateEncoding: Sendable {
        /// `Date`'s own `Encodable` form: its `timeIntervalSinceReferenceDate` as a `Double`.
        case deferredToDate
        /// Seconds since 1970-01-01T00:00:00Z as a `Double`, e.g. `1700000000.5`.
        case secondsSince1970
        /// Milliseconds since 1970-01-01T00:00:00Z as a `Double`, e.g. `1700000000500.0`.
        case millisecondsSince1970
        /// ISO 8601 in UTC without fractional seconds: `2023-11-14T22:13:20Z`.
        case iso8601
        /// The formatter's string.
        case formatted(DateFormatter)
        /// The closure's string; an error it throws ends the encoding unchanged.
        case custom(@Sendable (Date) throws -> String)
    }
}
