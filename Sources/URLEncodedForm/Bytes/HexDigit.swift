/// Hexadecimal digits, read and written: the one place the module turns a `%XY` into its byte
/// and a byte into its `%XY`.
enum HexDigit {
    /// The value of an ASCII hexadecimal digit, either case, or `nil`: two subtractions that wrap
    /// below zero, rather than three range tests.
    @inline(__always)
    static func value(of byte: UInt8) -> UInt8? {
        let digit = byte &- UInt8(ascii: "0")
        if digit < 10 { return digit }
        let letter = (byte | 0x20) &- UInt8(ascii: "a")
        return letter < 6 ? letter &+ 10 : nil
    }

    /// Each byte's value as a hexadecimal digit, either case, or 0xFF (high bit set): one table
    /// read per digit, for the check every `%` of a form costs.
    static let values = ByteTable<UInt8> { value(of: $0) ?? 0xFF }

    /// The upper-case digit of a nibble (0 to 15), as Foundation writes escapes.
    @inline(__always)
    static func uppercase(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? nibble &+ UInt8(ascii: "0") : nibble &+ (UInt8(ascii: "A") &- 10)
    }
}
