/// Unescaping a name (or a segment of one) the scanner marked escaped: `+` is a space and `%XX`
/// the byte it spells. The result is at most as long as the escaped text, which is what lets
/// callers write it into memory of that size. (Values are unescaped by the scanner itself, as
/// it checks them: `UnescapedText`.)
///
/// Two loops, for what the scanner guarantees: under the `.throw` policy it has thrown for any
/// `%` that begins no escape, so every `%` left spells a byte, and runs of escapes (all text
/// outside ASCII) are read two at a time from one word; under `.whatwg` such a `%` stays as
/// written, and each escape's digits are checked first.
enum PercentDecoding {
    /// Writes the unescaped bytes of `source` to `destination`, which has room for
    /// `source.count` bytes, and returns how many it wrote. `checked` says that the scanner
    /// checked `source` under the `.throw` policy: every `%` in it begins a valid escape.
    @inline(__always)
    static func unescape(_ source: UnsafeBufferPointer<UInt8>, checked: Bool,
                         into destination: UnsafeMutableBufferPointer<UInt8>) -> Int {
        checked ? unescape(checked: source, into: destination) : unescape(unchecked: source, into: destination)
    }

    /// `unescape(_:checked:into:)` for text in which every `%` begins a valid escape.
    private static func unescape(checked source: UnsafeBufferPointer<UInt8>,
                                 into destination: UnsafeMutableBufferPointer<UInt8>) -> Int {
        assert(destination.count >= source.count, "unescaping \(source.count) bytes into \(destination.count)")
        let count = source.count
        guard count > 0 else { return 0 }
        let input = UnsafeRawPointer(source.baseAddress!)
        let output = UnsafeMutableRawPointer(destination.baseAddress!)
        var read = 0
        var written = 0
        while read < count {
            let byte = source[read]
            guard byte == UInt8(ascii: "%") else {
                destination[written] = byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte
                written &+= 1
                read &+= 1
                continue
            }
            // `%XY%ZW` and two bytes more, while the run of escapes lasts: the four digits'
            // values at once (`digitValues`), then the two bytes they spell, stored together.
            while read &+ 8 <= count {
                let word = ByteWord.load(input, at: read)
                guard word & 0xFF00_00FF == 0x2500_0025 else { break }
                assert(isEscape(source, at: read) && isEscape(source, at: read + 3), "an unchecked escape at \(read)")
                let digits = digitValues(word) >> 8
                let spelled = digits << 4 | digits >> 8
                let bytes = UInt16(truncatingIfNeeded: spelled & 0xFF | spelled >> 16 & 0xFF00)
                output.storeBytes(of: bytes.littleEndian, toByteOffset: written, as: UInt16.self)
                written &+= 2
                read &+= 6
            }
            // One escape: the run's last, or one near the end.
            if read < count && source[read] == UInt8(ascii: "%") {
                assert(isEscape(source, at: read), "an unchecked escape at \(read)")
                let digits = digitValues(UInt64(source[read &+ 1]) | UInt64(source[read &+ 2]) << 8)
                destination[written] = UInt8(truncatingIfNeeded: digits << 4 | digits >> 8)
                written &+= 1
                read &+= 3
            }
        }
        return written
    }

    /// The value of each byte of `word` that is a hexadecimal digit, in its place: the low four
    /// bits, plus 9 for a letter (bit 6 set: `A`–`F`, `a`–`f`). Other bytes give values up to 24,
    /// which never carry into the next byte.
    @inline(__always)
    private static func digitValues(_ word: UInt64) -> UInt64 {
        (word & 0x0F0F_0F0F_0F0F_0F0F) &+ (word >> 6 & 0x0101_0101_0101_0101) &* 9
    }

    /// Whether a valid escape begins at `index` of `source`.
    private static func isEscape(_ source: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        index + 2 < source.count && source[index] == UInt8(ascii: "%")
            && (HexDigit.values[source[index + 1]] | HexDigit.values[source[index + 2]]) & 0x80 == 0
    }

    /// `unescape(_:checked:into:)` for text in which a `%` may begin no escape: it stays as
    /// written, as WHATWG's percent-decoding keeps it.
    private static func unescape(unchecked source: UnsafeBufferPointer<UInt8>,
                                 into destination: UnsafeMutableBufferPointer<UInt8>) -> Int {
        assert(destination.count >= source.count, "unescaping \(source.count) bytes into \(destination.count)")
        var read = 0
        var written = 0
        let count = source.count
        let digits = HexDigit.values
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

    /// The text of `source`, unescaped (`checked` as in `unescape(_:checked:into:)`), as a
    /// `String`; under the WHATWG policy, bytes that are not UTF-8 become U+FFFD as the
    /// standard's decoder replaces them.
    static func string(unescaping source: UnsafeBufferPointer<UInt8>, checked: Bool) -> String {
        String(unsafeUninitializedCapacity: source.count) { unescape(source, checked: checked, into: $0) }
    }
}
