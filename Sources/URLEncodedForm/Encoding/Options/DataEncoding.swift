import struct Foundation.Data

extension URLEncodedFormEncoder {
    /// How `Data` values are written.
    public enum DataEncoding: Sendable {
        /// `Data`'s own `Encodable` form: an array of its bytes.
        case deferredToData
        /// Base64 with padding and no line breaks.
        case base64
        /// The closure's string; an error it throws ends the encoding unchanged.
        case custom(@Sendable (Data) throws -> String)
    }
}
