import Foundation

/// Which bytes an encoder writes as they are and which it percent-escapes, decided once per
/// encoder from `allowedCharacters` and `SpaceEncoding`, as Alamofire decides per string.
///
/// The table covers ASCII only: Foundation on Linux escapes every byte of a non-ASCII character
/// even when the set contains it. A space is never written as it is: it becomes `%20` or `+`.
final class EscapeTable: Sendable {
    /// What each byte becomes, as a little-endian word: the byte itself, `+` for a space
    /// under `.plusReplaced`, or the three bytes `%XY`; the top byte is how many bytes that is
    /// (1 or 3). Escaping a byte is then one load, one store and one add.
    private let writes: ByteTable<UInt32>
    /// Whether digits, `-` and `.` are written as they are, so that numbers can be written
    /// straight into a buffer. (Always, but for a custom `allowedCharacters`.)
    let passesNumbers: Bool
    /// Whether every byte written as it is may stand in a URL's query as it is (RFC 3986: letters,
    /// digits, `-._~!$&'()*+,;=:@/?`; `%` only as an escape), so that text made through the
    /// table needs no check before Foundation takes it as a `percentEncodedQuery`. True of the
    /// default set; a custom `allowedCharacters` may let `[`, `]`, `#`, `%`… through.
    let passesOnlyQueryCharacters: Bool

    /// Whether a space is written as `+` (`.plusReplaced`), so that `+` reads back as a space.
    let writesSpaceAsPlus: Bool

    /// Whether escaped text reads back unambiguously: `%` is always escaped, and `+` is when
    /// spaces are written as `+`. Not so for a custom `allowedCharacters` that lets `%` (or `+`,
    /// with `.plusReplaced`) through; `SessionOptions.rawText` then keeps leaves' raw text.
    let readsBack: Bool

    convenience init(allowedCharacters: CharacterSet, spaceEncoding: URLEncodedFormEncoder.SpaceEncoding) {
        var passes = [Bool](repeating: false, count: 256)
        for byte in UInt8(0)..<128 where byte != UInt8(ascii: " ") {
            passes[Int(byte)] = allowedCharacters.contains(Unicode.Scalar(byte))
        }
        self.init(passes: passes, spaceAsPlus: spaceEncoding == .plusReplaced)
    }

    /// The table that writes every byte as it is: the raw text of a leaf.
    static let identity = EscapeTable(passes: [Bool](repeating: true, count: 256), spaceAsPlus: false)

    private init(passes: [Bool], spaceAsPlus: Bool) {
        writesSpaceAsPlus = spaceAsPlus
        readsBack = !passes[Int(UInt8(ascii: "%"))] && !(spaceAsPlus && passes[Int(UInt8(ascii: "+"))])
        passesNumbers = "0123456789-.".utf8.allSatisfy { passes[Int($0)] }
        passesOnlyQueryCharacters = (0..<128).allSatisfy { byte in
            !passes[byte] || URLQueryText.mayStandInQuery(UInt8(byte))
        }
        writes = ByteTable { byte in
            if passes[Int(byte)] { return UInt32(byte) | 1 << 24 }
            if byte == UInt8(ascii: " ") && spaceAsPlus { return UInt32(UInt8(ascii: "+")) | 1 << 24 }
            let percent = UInt32(UInt8(ascii: "%"))
            let high = UInt32(HexDigit.uppercase(byte >> 4))
            let low = UInt32(HexDigit.uppercase(byte & 0x0F))
            return percent | high << 8 | low << 16 | 3 << 24
        }
    }

    /// The table for `allowedCharacters` and `spaceEncoding`: for the default set, a table built
    /// once per process; for any other, a new one.
    ///
    /// Most encoders use the default set, and building a table asks the `CharacterSet` about 128
    /// characters, which takes longer than encoding a small form: an encoder made per request
    /// would pay that on every request.
    static func table(allowedCharacters: CharacterSet, spaceEncoding: URLEncodedFormEncoder.SpaceEncoding) -> EscapeTable {
        guard PrivateLayouts.isCopy(allowedCharacters, of: .afURLQueryAllowed) else {
            return EscapeTable(allowedCharacters: allowedCharacters, spaceEncoding: spaceEncoding)
        }
        return switch spaceEncoding {
        case .percentEscaped: defaultPercentEscaped
        case .plusReplaced: defaultPlusReplaced
        }
    }

    /// Alamofire's default: `afURLQueryAllowed`, spaces as `%20`. Also what `URLEncoding` and
    /// AFNetworking's query string escape with.
    static let defaultPercentEscaped = EscapeTable(allowedCharacters: .afURLQueryAllowed, spaceEncoding: .percentEscaped)
    private static let defaultPlusReplaced = EscapeTable(allowedCharacters: .afURLQueryAllowed, spaceEncoding: .plusReplaced)

    /// Appends `source` to `buffer`, escaping the bytes that need it.
    ///
    /// The loop has no branch but its own: text mixes runs of bytes written as they are with
    /// runs of escaped ones (words of non-Latin scripts, spaces, reserved characters), and
    /// branching at each change of run mispredicts more time away than copying runs in bulk
    /// saves (Benchmarks/README.md).
    func appendEscaped(_ source: UnsafeRawBufferPointer, to buffer: inout UncheckedBytes) {
        let count = source.count
        guard count > 0, let input = source.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        // Every byte expands to at most three, stored as a four-byte word whose last byte the
        // next store overwrites (or that lands past the end).
        let reserved = count &* 3 &+ 1
        let output = UnsafeMutableRawPointer(buffer.reserve(reserved))
        var written = 0
        for index in 0..<count {
            let write = writes[input[index]]
            // The last word ends at most 3 * (count - 1) + 4 bytes in: inside the reservation.
            assert(written &+ 4 <= reserved, "a word stored past the reserved bytes")
            output.storeBytes(of: write.littleEndian, toByteOffset: written, as: UInt32.self)
            written &+= Int(write >> 24)
        }
        buffer.commit(written)
    }

    /// What `byte` becomes, little-endian in the low bytes of `bytes`, and how many bytes
    /// that is.
    func escape(_ byte: UInt8) -> (bytes: UInt32, count: Int) {
        let write = writes[byte]
        return (write & 0xFF_FFFF, Int(write >> 24))
    }

    /// Appends the escaped UTF-8 of `string` to `buffer`.
    func appendEscaped(_ string: String, to buffer: inout UncheckedBytes) {
        string.withUTF8Bytes { appendEscaped($0, to: &buffer) }
    }
}
