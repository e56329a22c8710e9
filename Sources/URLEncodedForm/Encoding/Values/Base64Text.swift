import struct Foundation.Data

/// `DataEncoding.base64` text, as `Data.base64EncodedString()` writes it: the standard alphabet,
/// `=` padding, no line breaks.
enum Base64Text {
    /// Calls `body` with the Base64 ASCII of `data`.
    static func withText<R>(of data: Data, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        let length = (data.count + 2) / 3 * 4
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(length, 1)) { text in
            data.withUnsafeBytes { input in
                var write = 0
                var read = 0
                while read + 3 <= input.count {
                    let chunk = UInt32(input[read]) << 16 | UInt32(input[read + 1]) << 8 | UInt32(input[read + 2])
                    text[write] = symbol(chunk >> 18)
                    text[write + 1] = symbol(chunk >> 12)
                    text[write + 2] = symbol(chunk >> 6)
                    text[write + 3] = symbol(chunk)
                    write += 4
                    read += 3
                }
                let remaining = input.count - read
                if remaining > 0 {
                    let second = remaining == 2 ? UInt32(input[read + 1]) << 8 : 0
                    let chunk = UInt32(input[read]) << 16 | second
                    text[write] = symbol(chunk >> 18)
                    text[write + 1] = symbol(chunk >> 12)
                    text[write + 2] = remaining == 2 ? symbol(chunk >> 6) : UInt8(ascii: "=")
                    text[write + 3] = UInt8(ascii: "=")
                }
            }
            return body(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: text[..<length])))
        }
    }

    /// The alphabet symbol of the low six bits of `bits`: a table load, not a chain of range
    /// tests (random bytes made those branches mispredict on most symbols).
    @inline(__always)
    private static func symbol(_ bits: UInt32) -> UInt8 {
        alphabet.utf8Start[Int(bits & 0x3F)]
    }

    /// The 64 symbols in order. A literal, so reading it needs no lazy initialization.
    private static let alphabet: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
}
