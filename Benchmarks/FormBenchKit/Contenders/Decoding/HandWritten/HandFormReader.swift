import Foundation

/// What the hand-written decoders share: the pairs of a form read one by one. Each decoder knows
/// its payload's shape and nothing of `Codable`; this part is the same whatever the shape, so it
/// is written once: split on `&` and the first `=`, note whether a name or value holds an escape
/// (so that text without one is read in place), and hand out each pair as two `HandFormText`s.
///
/// It reads the bytes through a pointer lent for the whole decoding (`read(_:_:)`), as a parser
/// written for speed would, but byte by byte, with no tricks: what a competent engineer writes
/// in an afternoon, not a tuned scanner.
struct HandFormReader {
    /// A pair of the form: its name and its value (empty when the pair has no `=`).
    struct Pair {
        let name: HandFormText
        let value: HandFormText
    }

    private let form: UnsafeBufferPointer<UInt8>
    private var position = 0

    private init(_ form: UnsafeBufferPointer<UInt8>) {
        self.form = form
    }

    /// Runs `body` with a reader of `form`'s pairs; the pairs it hands out are valid inside
    /// `body` only.
    static func read<Result>(_ form: [UInt8], _ body: (inout HandFormReader) throws -> Result) throws -> Result {
        try form.withUnsafeBufferPointer { bytes in
            var reader = HandFormReader(bytes)
            return try body(&reader)
        }
    }

    /// The next pair, or `nil` at the end of the form. Empty pairs (`a=1&&b=2`, a trailing `&`)
    /// are skipped, as browsers and servers skip them.
    mutating func next() -> Pair? {
        while position < form.count {
            let name = text(upTo: FormByte.equals)
            var value = HandFormText(bytes: UnsafeBufferPointer(rebasing: form[position..<position]), isEscaped: false)
            if position < form.count, form[position] == FormByte.equals {
                position += 1
                value = text(upTo: FormByte.ampersand)
            }
            position += 1 // past the `&`
            if !name.bytes.isEmpty || !value.bytes.isEmpty {
                return Pair(name: name, value: value)
            }
        }
        return nil
    }

    /// The text from the position up to `stop` or the pair's end (an `&`), which it leaves the
    /// position at.
    private mutating func text(upTo stop: UInt8) -> HandFormText {
        let start = position
        var isEscaped = false
        while position < form.count {
            let byte = form[position]
            if byte == stop || byte == FormByte.ampersand { break }
            isEscaped = isEscaped || byte == FormByte.percent || byte == FormByte.plus
            position += 1
        }
        return HandFormText(bytes: UnsafeBufferPointer(rebasing: form[start..<position]), isEscaped: isEscaped)
    }
}

/// A name or a value as the form holds it, and what a hand-written decoder makes of it: text
/// (unescaped, checked as UTF-8), an integer, a `Double`, a numeric `Bool`, Base64 `Data`, or a
/// key path. Each reads the form's own bytes where nothing is escaped, and otherwise a copy
/// unescaped on the stack (the heap, for long text).
struct HandFormText {
    /// The bytes as sent.
    let bytes: UnsafeBufferPointer<UInt8>
    /// Whether they hold an escape to undo: a `%XX`, or a `+` for a space.
    let isEscaped: Bool

    /// `bytes` unescaped, lent to `body`; throws `badEscape` for a `%` not followed by two
    /// hexadecimal digits.
    func withUnescaped<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) throws -> Result {
        guard isEscaped else { return try body(bytes) }
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { buffer in
            var count = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == FormByte.percent {
                    guard index + 2 < bytes.count, let high = Self.hexValue(bytes[index + 1]),
                          let low = Self.hexValue(bytes[index + 2]) else { throw HandFormError.badEscape }
                    buffer[count] = high << 4 | low
                    index += 3
                } else {
                    buffer[count] = byte == FormByte.plus ? FormByte.space : byte
                    index += 1
                }
                count += 1
            }
            return try body(UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// The text, unescaped; throws `invalidUTF8` when its bytes are not UTF-8.
    func string() throws -> String {
        try withUnescaped { bytes in
            guard let text = String(validating: bytes, as: UTF8.self) else { throw HandFormError.invalidUTF8 }
            return text
        }
    }

    /// A decimal integer, as `String(Int)` writes it.
    func int() throws -> Int {
        try withUnescaped { try Self.decimal($0, signed: true) }
    }

    /// A `Double`, as its `description` writes it.
    func double() throws -> Double {
        try withUnescaped { bytes in
            // Short ASCII: a small `String`, made without allocating.
            guard let value = Double(String(decoding: bytes, as: UTF8.self)) else { throw HandFormError.invalidValue }
            return value
        }
    }

    /// A `Bool` as the encoder writes it by default: `1` or `0`.
    func bool() throws -> Bool {
        try withUnescaped { bytes in
            guard bytes.count == 1, bytes[0] == FormByte.one || bytes[0] == FormByte.zero else { throw HandFormError.invalidValue }
            return bytes[0] == FormByte.one
        }
    }

    /// `Data` sent as Base64.
    func data() throws -> Data {
        try withUnescaped { bytes in
            guard let data = Data(base64Encoded: Data(bytes)) else { throw HandFormError.invalidValue }
            return data
        }
    }

    /// The name unescaped and cut into its key path, lent to `body`.
    func withKeyPath<Result>(_ body: (inout HandKeyPath) throws -> Result) throws -> Result {
        try withUnescaped { name in
            var path = HandKeyPath(name)
            return try body(&path)
        }
    }

    /// The digits of `bytes` as a number, with a leading `-` where `signed`; throws
    /// `invalidValue` for anything else, and for a number `Int` cannot hold.
    static func decimal(_ bytes: UnsafeBufferPointer<UInt8>, signed: Bool) throws -> Int {
        let negative = signed && bytes.first == FormByte.minus
        var index = negative ? 1 : 0
        guard index < bytes.count else { throw HandFormError.invalidValue }
        var value = 0
        while index < bytes.count {
            let digit = bytes[index] &- FormByte.zero
            guard digit < 10 else { throw HandFormError.invalidValue }
            let (shifted, overflowShifting) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowAdding) = negative ? shifted.subtractingReportingOverflow(Int(digit))
                : shifted.addingReportingOverflow(Int(digit))
            guard !overflowShifting, !overflowAdding else { throw HandFormError.invalidValue }
            value = next
            index += 1
        }
        return value
    }

    /// The value of a hexadecimal digit, either case.
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        let digit = byte &- FormByte.zero
        if digit < 10 { return digit }
        let letter = (byte | 0x20) &- UInt8(ascii: "a") // `| 0x20`: lower case
        return letter < 6 ? letter + 10 : nil
    }
}

/// An unescaped name cut into its key path: the base before the first `[`, then the bracketed
/// segments one by one (`records[3][tags][0]`: `records`, then `3`, `tags`, `0`).
struct HandKeyPath {
    private let name: UnsafeBufferPointer<UInt8>
    private var position: Int
    /// The name before the first `[`: all of it when there is none.
    let base: HandSegment

    init(_ name: UnsafeBufferPointer<UInt8>) {
        self.name = name
        position = name.firstIndex(of: FormByte.openBracket) ?? name.count
        base = HandSegment(bytes: UnsafeBufferPointer(rebasing: name[..<position]))
    }

    /// The next segment; throws `invalidName` where the name has none, or where what follows is
    /// not a bracketed segment.
    mutating func segment() throws -> HandSegment {
        guard position < name.count, name[position] == FormByte.openBracket,
              let close = name[(position + 1)...].firstIndex(of: FormByte.closeBracket) else { throw HandFormError.invalidName }
        defer { position = close + 1 }
        return HandSegment(bytes: UnsafeBufferPointer(rebasing: name[(position + 1)..<close]))
    }

    /// Throws `invalidName` unless the path has no segment left: a field where the shape has a
    /// leaf.
    func end() throws {
        guard position == name.count else { throw HandFormError.invalidName }
    }
}

/// A segment of a key path (or its base): compared with the shape's keys, or read as an index.
struct HandSegment {
    let bytes: UnsafeBufferPointer<UInt8>

    /// Whether the segment is `key`.
    func `is`(_ key: StaticString) -> Bool {
        `is`(UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
    }

    /// Whether the segment is `key`'s UTF-8.
    func `is`(_ key: [UInt8]) -> Bool {
        key.withUnsafeBufferPointer(`is`)
    }

    /// Whether the segment is `key`'s bytes: the lengths first, then byte by byte.
    private func `is`(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == key.count else { return false }
        for index in 0..<key.count where bytes[index] != key[index] {
            return false
        }
        return true
    }

    /// The segment as an array index; throws `invalidName` unless it is decimal digits.
    func index() throws -> Int {
        do {
            return try HandFormText.decimal(bytes, signed: false)
        } catch {
            throw HandFormError.invalidName
        }
    }
}

/// Why a hand-written decoder refused a form. It never traps on what the form holds: every
/// escape, every byte of text, every number and every index is checked.
package enum HandFormError: Error, Equatable, CustomStringConvertible {
    /// A `%` not followed by two hexadecimal digits.
    case badEscape
    /// Text whose bytes, unescaped, are not UTF-8.
    case invalidUTF8
    /// A number, `Bool` or Base64 that does not read as one.
    case invalidValue
    /// A name that does not fit the payload's shape: brackets that do not pair, an index that is
    /// not one, a leaf with segments after it.
    case invalidName
    /// A field (`"title"`) or array (`"tags"`, whose indices are not exactly 0 to n − 1) the
    /// value needs and the form does not send whole.
    case missing(String)

    package var description: String {
        switch self {
        case .badEscape: "a % not followed by two hexadecimal digits"
        case .invalidUTF8: "text that is not UTF-8"
        case .invalidValue: "a value that is not a number, Bool or Base64 as expected"
        case .invalidName: "a name that does not fit the payload's shape"
        case let .missing(what): "\(what) missing"
        }
    }
}

extension Optional {
    /// The value the form sent for `field`; throws `missing(field)` when it sent none.
    func required(_ field: @autoclosure () -> String) throws -> Wrapped {
        guard let self else { throw HandFormError.missing(field()) }
        return self
    }
}

/// The bytes a form's syntax is made of.
enum FormByte {
    static let ampersand = UInt8(ascii: "&")
    static let equals = UInt8(ascii: "=")
    static let percent = UInt8(ascii: "%")
    static let plus = UInt8(ascii: "+")
    static let space = UInt8(ascii: " ")
    static let minus = UInt8(ascii: "-")
    static let zero = UInt8(ascii: "0")
    static let one = UInt8(ascii: "1")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
}
