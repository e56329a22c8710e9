/// The flat level of a form, read as the WHATWG URL standard reads
/// `application/x-www-form-urlencoded`, in one pass over the bytes: sequences split on `&` only
/// (never `;`), empty ones skipped, the name up to the first `=`. Every check on the flat level
/// happens here, before anything is built: the parameter count, and — over the whole input,
/// whether the decoded type reads the value or not — the percent escapes and the UTF-8 they
/// spell.
struct FormScanner {
    private let input: UnsafeBufferPointer<UInt8>
    private let throwsOnInvalidInput: Bool
    private let maximumParameterCount: Int

    init(input: UnsafeBufferPointer<UInt8>, options: URLEncodedFormDecoder) {
        self.input = input
        self.throwsOnInvalidInput = options.invalidInput == .throw
        self.maximumParameterCount = options.limits.maximumParameterCount
    }

    /// What each byte value is to the scanner: most bytes are `plain` and cost one table read.
    private enum ByteClass: UInt8 {
        case plain, ampersand, equals, percent, plus, nonASCII
    }

    private static let classes: [ByteClass] = (0...255).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "&"): return .ampersand
        case UInt8(ascii: "="): return .equals
        case UInt8(ascii: "%"): return .percent
        case UInt8(ascii: "+"): return .plus
        case 0x80...: return .nonASCII
        default: return .plain
        }
    }

    /// The pairs, in input order.
    ///
    /// - Throws: ``URLEncodedFormDecoder/Error/tooManyParameters(limit:)`` as soon as one more
    ///   sequence than the limit is seen; under ``URLEncodedFormDecoder/InvalidInputPolicy/throw``,
    ///   ``URLEncodedFormDecoder/Error/invalidPercentEscape(offset:)`` and
    ///   ``URLEncodedFormDecoder/Error/invalidUTF8(offset:)``.
    func pairs() throws(URLEncodedFormDecoder.Error) -> [FormPair] {
        var pairs: [FormPair] = []
        let classes = Self.classes
        let count = input.count
        var index = 0
        while index < count {
            let start = index
            var equals = -1
            // The part being read: the name until the first `=`, then the value.
            var escaped = false
            var nameIsEscaped = false
            var utf8 = UTF8Validator()
            while index < count {
                let byte = input[index]
                switch classes[Int(byte)] {
                case .plain:
                    if utf8.isInSequence { try utf8Failed(&utf8, &escaped, at: index) }
                    index += 1
                    continue
                case .ampersand:
                    break
                case .equals:
                    if equals < 0 {
                        try endPart(&utf8, &escaped)
                        nameIsEscaped = escaped
                        escaped = false
                        equals = index
                    } else if utf8.isInSequence {
                        try utf8Failed(&utf8, &escaped, at: index)
                    }
                    index += 1
                    continue
                case .plus:
                    if utf8.isInSequence { try utf8Failed(&utf8, &escaped, at: index) }
                    escaped = true
                    index += 1
                    continue
                case .percent:
                    escaped = true
                    if index + 2 < count, let high = hexValue(input[index + 1]), let low = hexValue(input[index + 2]) {
                        let byte = high << 4 | low
                        if !utf8.accept(byte, at: index) { try utf8Failed(&utf8, &escaped, at: index) }
                        index += 3
                    } else {
                        if throwsOnInvalidInput { throw .invalidPercentEscape(offset: index) }
                        // Kept as written: a `%`, an ASCII byte.
                        if utf8.isInSequence { try utf8Failed(&utf8, &escaped, at: index) }
                        index += 1
                    }
                    continue
                case .nonASCII:
                    if !utf8.accept(byte, at: index) { try utf8Failed(&utf8, &escaped, at: index) }
                    index += 1
                    continue
                }
                break
            }
            if index > start {
                try endPart(&utf8, &escaped)
                if pairs.count == maximumParameterCount { throw .tooManyParameters(limit: maximumParameterCount) }
                let end = Int32(truncatingIfNeeded: index)
                if equals < 0 {
                    pairs.append(FormPair(nameStart: Int32(truncatingIfNeeded: start), nameEnd: end,
                                          valueStart: end, valueEnd: end,
                                          nameIsEscaped: escaped, valueIsEscaped: false))
                } else {
                    pairs.append(FormPair(nameStart: Int32(truncatingIfNeeded: start), nameEnd: Int32(truncatingIfNeeded: equals),
                                          valueStart: Int32(truncatingIfNeeded: equals + 1), valueEnd: end,
                                          nameIsEscaped: nameIsEscaped, valueIsEscaped: escaped))
                }
            }
            index += 1
        }
        return pairs
    }

    /// A name or a value ends: a UTF-8 sequence still open in it is invalid.
    private func endPart(_ utf8: inout UTF8Validator, _ escaped: inout Bool) throws(URLEncodedFormDecoder.Error) {
        if utf8.isInSequence { try utf8Failed(&utf8, &escaped, at: utf8.sequenceStart) }
    }

    /// Invalid UTF-8: thrown, or (WHATWG) the part is marked to be repaired when it is read.
    private func utf8Failed(_ utf8: inout UTF8Validator, _ escaped: inout Bool, at offset: Int) throws(URLEncodedFormDecoder.Error) {
        if throwsOnInvalidInput { throw .invalidUTF8(offset: utf8.isInSequence ? utf8.sequenceStart : offset) }
        escaped = true
        utf8 = UTF8Validator()
    }
}

/// The value of an ASCII hexadecimal digit, either case.
@inline(__always)
func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte &- UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte &- UInt8(ascii: "a") &+ 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte &- UInt8(ascii: "A") &+ 10
    default: return nil
    }
}

/// Checks the bytes of a name or value, raw or unescaped, one at a time against UTF-8's
/// well-formed sequences (Unicode's table 3-7: no overlong forms, no surrogates, nothing past
/// U+10FFFF). ASCII bytes are not fed to it: the scanner checks only that no sequence is open
/// when one arrives.
struct UTF8Validator {
    /// Continuation bytes still expected.
    private var remaining = 0
    /// The range the next continuation byte must fall in (narrower after E0, ED, F0 and F4).
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF
    /// The input offset of the sequence's first byte (of its `%` when escaped).
    private(set) var sequenceStart = 0

    var isInSequence: Bool { remaining > 0 }

    /// Takes one byte at `offset`; `false` when it cannot stand there.
    @inline(__always)
    mutating func accept(_ byte: UInt8, at offset: Int) -> Bool {
        if remaining > 0 {
            guard byte >= lower && byte <= upper else { return false }
            remaining -= 1
            lower = 0x80
            upper = 0xBF
            return true
        }
        sequenceStart = offset
        switch byte {
        case 0x00...0x7F: return true
        case 0xC2...0xDF: remaining = 1
        case 0xE0: remaining = 2; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: remaining = 2
        case 0xED: remaining = 2; upper = 0x9F
        case 0xF0: remaining = 3; lower = 0x90
        case 0xF1...0xF3: remaining = 3
        case 0xF4: remaining = 3; upper = 0x8F
        default: return false
        }
        return true
    }
}
