import Foundation

/// Which bytes an encoder writes as they are and which it percent-escapes, decided once per
/// encoder from `allowedCharacters` and `SpaceEncoding`, as Alamofire decides per string.
///
/// The table covers ASCII only: Foundation on Linux escapes every byte of a non-ASCII character
/// even when the set contains it. A space is never written as it is: it becomes `%20` or `+`.
final class EscapeTable: @unchecked Sendable {
    /// 256 entries: 1 where the byte is written as it is. Written only in `init`, as is
    /// `escapes`, hence `@unchecked Sendable`.
    private let passes: UnsafeMutablePointer<UInt8>
    /// 256 entries: the three bytes `%XY` of each byte's escape, in a little-endian word, so
    /// that escaping a byte is one load and one store.
    private let escapes: UnsafeMutablePointer<UInt32>
    /// Whether a space becomes `+` rather than `%20`.
    private let spaceAsPlus: Bool
    /// Whether digits, `-` and `.` are written as they are, so that numbers can be written
    /// straight into a buffer. (Always, but for a custom `allowedCharacters`.)
    let passesNumbers: Bool

    init(allowedCharacters: CharacterSet, spaceEncoding: URLEncodedFormEncoder.SpaceEncoding) {
        passes = .allocate(capacity: 256)
        passes.initialize(repeating: 0, count: 256)
        for byte in UInt8(0)..<128 where byte != UInt8(ascii: " ") {
            if allowedCharacters.contains(Unicode.Scalar(byte)) {
                passes[Int(byte)] = 1
            }
        }
        spaceAsPlus = spaceEncoding == .plusReplaced
        passesNumbers = "0123456789-.".utf8.allSatisfy { [passes] in passes[Int($0)] != 0 }
        escapes = .allocate(capacity: 256)
        for byte in 0..<256 {
            let percent = UInt32(UInt8(ascii: "%"))
            let high = UInt32(Self.hexDigit(UInt8(byte >> 4)))
            let low = UInt32(Self.hexDigit(UInt8(byte & 0x0F)))
            (escapes + byte).initialize(to: percent | high << 8 | low << 16)
        }
    }

    deinit {
        passes.deallocate()
        escapes.deallocate()
    }

    /// Appends `source` to `buffer`, copying runs of passing bytes in bulk and escaping the rest.
    func appendEscaped(_ source: UnsafeRawBufferPointer, to buffer: inout ByteBuffer) {
        let count = source.count
        guard count > 0, let input = source.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        // Every byte expands to at most three; an escape is stored as a four-byte word.
        let output = buffer.reserve(count &* 3 &+ 1)
        var read = 0
        var written = 0
        while read < count {
            // A run of bytes written as they are: found four bytes per test while it lasts.
            var runEnd = read
            while runEnd &+ 4 <= count
                && passes[Int(input[runEnd])] & passes[Int(input[runEnd &+ 1])]
                    & passes[Int(input[runEnd &+ 2])] & passes[Int(input[runEnd &+ 3])] != 0 {
                runEnd &+= 4
            }
            while runEnd < count && passes[Int(input[runEnd])] != 0 {
                runEnd &+= 1
            }
            ByteBuffer.copy(from: input + read, to: output + written, count: runEnd &- read)
            written &+= runEnd &- read
            read = runEnd

            // A run of bytes to escape: non-ASCII text is one long run.
            while read < count {
                let byte = input[read]
                guard passes[Int(byte)] == 0 else { break }
                read &+= 1
                if byte == UInt8(ascii: " ") && spaceAsPlus {
                    output[written] = UInt8(ascii: "+")
                    written &+= 1
                } else {
                    // The word's fourth byte lands past the escape and is overwritten next.
                    UnsafeMutableRawPointer(output + written).storeBytes(of: escapes[Int(byte)].littleEndian, as: UInt32.self)
                    written &+= 3
                }
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
