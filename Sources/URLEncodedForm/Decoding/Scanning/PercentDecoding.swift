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
        while read < count {
            var byte = source[read]
            read += 1
            if byte == UInt8(ascii: "+") {
                byte = UInt8(ascii: " ")
            } else if byte == UInt8(ascii: "%"), read + 1 < count,
                      let high = hexValue(source[read]), let low = hexValue(source[read + 1]) {
                byte = high << 4 | low
                read += 2
            }
            destination[written] = byte
            written += 1
        }
        return written
    }

    /// The text of `source`, unescaped, as a `String`; under the WHATWG policy, bytes that are
    /// not UTF-8 become U+FFFD as the standard's decoder replaces them.
    static func string(unescaping source: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: source.count) { unescape(source, into: $0) }
    }
}
