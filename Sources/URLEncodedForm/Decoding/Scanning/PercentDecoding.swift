/// Unescaping a name or a value the scanner marked escaped: `+` is a space and `%XX` the byte
/// it spells; a `%` without two hexadecimal digits after it stays as written (the scanner has
/// thrown for it already unless the policy is WHATWG's). The result is at most as long as the
/// escaped text, which is what lets callers write it into memory of that size.
enum PercentDecoding {
    /// Writes the unescaped bytes of `source` to `destination`, which has room for
    /// `source.count` bytes, and returns how many it wrote.
    static func unescape(_ source: UnsafeBufferPointer<UInt8>, into destination: UnsafeMutableBufferPointer<UInt8>) -> Int {
        assert(destination.count >= source.count, "unescaping \(source.count) bytes into \(destination.count)")
        var read = 0
        var written = 0
        let count = source.count
        let digits = hexDigits
        while read < count {
            let byte = source[read]
            if byte == UInt8(ascii: "%") && read + 2 < count {
                let high = digits[source[read + 1]]
                let low = digits[source[read + 2]]
                if (high | low) & 0x80 == 0 {
                    destination[written] = high << 4 | low
                    written += 1
                    read += 3
                    continue
                }
            }
            destination[written] = byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte
            written += 1
            read += 1
        }
        return written
    }

    /// Each byte's value as a hexadecimal digit, either case, or 0xFF (high bit set): one table
    /// read per digit, for the check every `%` costs.
    static let hexDigits = ByteTable<UInt8> { hexValue($0) ?? 0xFF }

    /// The text of `source`, unescaped, as a `String`; under the WHATWG policy, bytes that are
    /// not UTF-8 become U+FFFD as the standard's decoder replaces them.
    static func string(unescaping source: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: source.count) { unescape(source, into: $0) }
    }
}
