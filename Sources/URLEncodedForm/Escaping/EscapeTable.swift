import Foundation

/// Which bytes an encoder writes as they are and which it percent-escapes, decided once per
/// encoder from `allowedCharacters` and `SpaceEncoding`, as Alamofire does per string.
///
/// The table covers ASCII only: Foundation on Linux escapes every byte of a non-ASCII character
/// even when the set contains it. A space is never written as it is: it becomes `%20` or `+`.
struct EscapeTable: Sendable {
    /// Bit `b` is set when ASCII byte `b` (0..<64) is written as it is.
    private let lowMask: UInt64
    /// Bit `b - 64` is set when ASCII byte `b` (64..<128) is written as it is.
    private let highMask: UInt64
    /// Whether a space becomes `+` rather than `%20`.
    private let spaceAsPlus: Bool

    init(allowedCharacters: CharacterSet, spaceEncoding: URLEncodedFormEncoder.SpaceEncoding) {
        var low: UInt64 = 0
        var high: UInt64 = 0
        for byte in UInt8(0)..<128 where byte != UInt8(ascii: " ") {
            guard allowedCharacters.contains(Unicode.Scalar(byte)) else { continue }
            if byte < 64 {
                low |= 1 << UInt64(byte)
            } else {
                high |= 1 << UInt64(byte - 64)
            }
        }
        self.lowMask = low
        self.highMask = high
        self.spaceAsPlus = spaceEncoding == .plusReplaced
    }

    @inline(__always)
    func passes(_ byte: UInt8) -> Bool {
        if byte < 64 {
            return lowMask >> UInt64(byte) & 1 != 0
        }
        return byte < 128 && highMask >> UInt64(byte &- 64) & 1 != 0
    }

    /// Appends `source` to `buffer`, copying runs of passing bytes in bulk and escaping the rest.
    func appendEscaped(_ source: UnsafeRawBufferPointer, to buffer: inout ByteBuffer) {
        let count = source.count
        guard count > 0, let input = source.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        // Every byte expands to at most three.
        let output = buffer.reserve(count &* 3)
        var read = 0
        var written = 0
        while read < count {
            // The common case: a run that needs no escaping, copied with one memcpy.
            var runEnd = read
            while runEnd < count && passes(input[runEnd]) {
                runEnd &+= 1
            }
            if runEnd > read {
                (output + written).update(from: input + read, count: runEnd &- read)
                written &+= runEnd &- read
                read = runEnd
                if read == count { break }
            }
            let byte = input[read]
            read &+= 1
            if byte == UInt8(ascii: " ") && spaceAsPlus {
                output[written] = UInt8(ascii: "+")
                written &+= 1
            } else {
                output[written] = UInt8(ascii: "%")
                output[written &+ 1] = Self.hexDigit(byte >> 4)
                output[written &+ 2] = Self.hexDigit(byte & 0x0F)
                written &+= 3
            }
        }
        buffer.commit(written)
    }

    /// Appends the escaped UTF-8 of `string` to `buffer`.
    func appendEscaped(_ string: String, to buffer: inout ByteBuffer) {
        var string = string
        string.withUTF8 { appendEscaped(UnsafeRawBufferPointer($0), to: &buffer) }
    }

    /// The upper-case hex digit of a nibble, as Foundation writes it.
    @inline(__always)
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? nibble &+ UInt8(ascii: "0") : nibble &+ (UInt8(ascii: "A") &- 10)
    }
}
