import FormBenchCore
import Foundation
import Testing
import URLEncodedForm

/// The flat level's escapes and UTF-8 check, against an oracle written from the rules alone:
/// random byte forms (separators, plain text, `+`, escapes of every kind of byte in either case,
/// raw non-ASCII bytes, characters of every length spelled in a mix of raw and escaped bytes,
/// near misses of them, broken escapes, names that repeat a cut of the last name) read as the
/// oracle reads them. Under `.throw`: the error at the smallest offset among the invalid escapes
/// outside a character and the characters that are not well-formed UTF-8 (a character's error at
/// its first byte), or the pairs when there is none; under `.whatwg`: the pairs, each part
/// percent-decoded on its own (a broken escape kept as written) and read by the standard
/// library's replacing UTF-8 decoder.
///
/// The oracle decodes each character and checks its scalar (overlong, surrogate, past
/// U+10FFFF) instead of following Unicode's table of well-formed byte ranges as the scanner
/// does, so the two do not share a mistake.
///
/// Seeded and replayable as the other fuzzers: `FUZZ_CASES=n`, `FUZZ_SEED=0x…`, `FUZZ_BASE=…`.
struct FlatLevelPropertyTests {
    /// What a form reads as: the values of each name in order, or the input error.
    enum Outcome: Equatable, CustomStringConvertible {
        case pairs([String: [String]])
        case error(URLEncodedFormDecoder.Error)

        /// Equal as `==` finds the pairs, and by every key's and value's UTF-16 count too: a
        /// `String` wrongly marked ASCII counts a unit per byte, where `==` may find it equal.
        static func == (left: Outcome, right: Outcome) -> Bool {
            switch (left, right) {
            case let (.error(a), .error(b)): return a == b
            case let (.pairs(a), .pairs(b)):
                return a == b && a.keys.map(\.utf16.count).sorted() == b.keys.map(\.utf16.count).sorted()
                    && a.allSatisfy { key, values in values.map(\.utf16.count) == b[key]?.map(\.utf16.count) }
            default: return false
            }
        }

        var description: String {
            switch self {
            case .pairs(let pairs): return "\(pairs.sorted { $0.key < $1.key })"
            case .error(let error): return "error \(error)"
            }
        }
    }

    /// Bytes an escape or a raw byte spells: ASCII that matters to the flat level, and
    /// non-ASCII bytes of every class (continuations, leads of each length, the leads with a
    /// narrower second byte, bytes UTF-8 never uses).
    private static let interestingBytes: [UInt8] = [0x41, 0x7A, 0x20, 0x26, 0x3D, 0x2B, 0x25, 0x00,
                                                    0x80, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC,
                                                    0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFE, 0xFF]
    /// Characters of one to four bytes, the edges of each length among them.
    private static let characters: [Unicode.Scalar] = ["\u{80}", "\u{E9}", "\u{7FF}", "\u{800}", "\u{6771}", "\u{D7FF}",
                                                       "\u{E000}", "\u{FFFD}", "\u{FFFF}", "\u{10000}", "\u{1F680}", "\u{10FFFF}"]
    /// What a near miss puts in place of a character's byte: the edges of the ranges that
    /// Unicode's table allows after each lead byte, and lead bytes.
    private static let nearMissBytes: [UInt8] = [0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xE0, 0xED, 0xF0, 0xF4, 0xFF]
    private static let brokenEscapes = ["%", "%4", "%G1", "%4G", "%%", "%+1"]

    /// `%XX` for `byte`, its hexadecimal digits in upper or lower case.
    private static func escape(_ byte: UInt8, using rng: inout SplitMix64) -> [UInt8] {
        let hex = String(byte, radix: 16, uppercase: Bool.random(using: &rng))
        return Array(("%" + (hex.count == 1 ? "0" : "") + hex).utf8)
    }

    /// One case: up to forty pieces; in half the cases only pieces that read under `.throw`
    /// (no stray non-ASCII byte, no broken escape), so that the pairs are compared there too.
    static func form(seed: UInt64) -> [UInt8] {
        var rng = SplitMix64(seed: seed)
        let wellFormed = Bool.random(using: &rng)
        var form: [UInt8] = []
        for _ in 0 ..< Int.random(in: 0 ... 40, using: &rng) {
            var piece = Int.random(in: 0 ..< 100, using: &rng)
            if wellFormed && (piece >= 29 && piece < 67 || piece >= 82 && piece < 90) { piece = 67 }
            if wellFormed && piece >= 97 { piece = 12 }
            switch piece {
            case 0 ..< 6: form.append(UInt8(ascii: "&"))
            case 6 ..< 12: form.append(UInt8(ascii: "="))
            case 12 ..< 25: form += Array(["a", "bc", "x1", "~"].randomElement(using: &rng)!.utf8)
            case 25 ..< 29: form.append(UInt8(ascii: "+"))
            case 29 ..< 55: form += escape(interestingBytes.randomElement(using: &rng)!, using: &rng)
            case 55 ..< 67: form.append(interestingBytes.filter { $0 >= 0x80 }.randomElement(using: &rng)!)
            case 67 ..< 90:
                var bytes = Array(String(characters.randomElement(using: &rng)!).utf8)
                // A near miss: one byte of the character changed, or its last one dropped (an
                // overlong form, a surrogate, a code point past U+10FFFF, a cut character).
                if piece >= 82 {
                    if Int.random(in: 0 ..< 3, using: &rng) > 0 {
                        bytes[Int.random(in: 0 ..< bytes.count, using: &rng)] = nearMissBytes.randomElement(using: &rng)!
                    } else {
                        bytes.removeLast()
                    }
                }
                // All escaped as an encoder sends it (the scanner reads such runs apart), or
                // each byte raw or escaped.
                let allEscaped = Bool.random(using: &rng)
                for byte in bytes {
                    form += allEscaped || Bool.random(using: &rng) ? escape(byte, using: &rng) : [byte]
                }
            case 90 ..< 97:
                // A pair whose name repeats the last name, cut anywhere past its half (within an
                // escape or a character too): the scanner takes over what a long name shares
                // with the last.
                let pairStart = (form.lastIndex(of: UInt8(ascii: "&")) ?? -1) + 1
                let nameEnd = form[pairStart...].firstIndex(of: UInt8(ascii: "=")) ?? form.count
                form.append(UInt8(ascii: "&"))
                let length = nameEnd - pairStart
                // Whole in the forms meant to read, where a cut could break a character.
                form += form[pairStart ..< nameEnd].prefix(wellFormed ? length : Int.random(in: length / 2 ... length, using: &rng))
            default: form += Array(brokenEscapes.randomElement(using: &rng)!.utf8)
            }
        }
        return form
    }

    /// A part's bytes, percent-decoded: each with the offset it starts at in the form, and
    /// whether it is the `%` of a broken escape (then read as written).
    private struct DecodedByte {
        let value: UInt8
        let offset: Int
        let isBrokenEscape: Bool
    }

    private static func percentDecoded(_ form: [UInt8], _ range: Range<Int>) -> [DecodedByte] {
        var bytes: [DecodedByte] = []
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = form[index]
            if byte == UInt8(ascii: "%") {
                if index + 2 < range.upperBound, let high = hexDigit(form[index + 1]), let low = hexDigit(form[index + 2]) {
                    bytes.append(DecodedByte(value: high * 16 + low, offset: index, isBrokenEscape: false))
                    index += 3
                } else {
                    bytes.append(DecodedByte(value: byte, offset: index, isBrokenEscape: true))
                    index += 1
                }
                continue
            }
            bytes.append(DecodedByte(value: byte == UInt8(ascii: "+") ? 0x20 : byte, offset: index, isBrokenEscape: false))
            index += 1
        }
        return bytes
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        UInt8(String(UnicodeScalar(byte)), radix: 16)
    }

    /// The offsets of `part`'s errors: each broken escape outside a character, and the first
    /// byte of each character that is not UTF-8.
    private static func errors(in part: [DecodedByte]) -> [URLEncodedFormDecoder.Error] {
        var errors: [URLEncodedFormDecoder.Error] = []
        var index = 0
        while index < part.count {
            let lead = part[index]
            if lead.value < 0x80 {
                if lead.isBrokenEscape { errors.append(.invalidPercentEscape(offset: lead.offset)) }
                index += 1
                continue
            }
            // 1 for a byte no character starts with (a continuation, or 0xF8 and above).
            let length = lead.value >= 0xF8 ? 1 : lead.value >= 0xF0 ? 4 : lead.value >= 0xE0 ? 3 : lead.value >= 0xC0 ? 2 : 1
            var scalar = UInt32(lead.value) & [0, 0, 0x1F, 0x0F, 0x07][length]
            var taken = 1
            while taken < length, index + taken < part.count, part[index + taken].value & 0xC0 == 0x80 {
                scalar = scalar << 6 | UInt32(part[index + taken].value & 0x3F)
                taken += 1
            }
            let smallest: UInt32 = [0, 0, 0x80, 0x800, 0x10000][length]
            if length == 1 || taken < length || scalar < smallest || (0xD800 ... 0xDFFF).contains(scalar) || scalar > 0x10FFFF {
                errors.append(.invalidUTF8(offset: lead.offset))
                // What follows is read anew from the first byte that is not a continuation.
                index += 1
                while index < part.count, part[index].value & 0xC0 == 0x80, !part[index].isBrokenEscape { index += 1 }
            } else {
                index += length
            }
        }
        return errors
    }

    /// What the rules say `form` reads as under `policy`.
    static func expected(_ form: [UInt8], _ policy: URLEncodedFormDecoder.InvalidInputPolicy) -> Outcome {
        var pairs: [String: [String]] = [:]
        var errors: [URLEncodedFormDecoder.Error] = []
        var start = 0
        for end in form.indices.filter({ form[$0] == UInt8(ascii: "&") }) + [form.count] {
            defer { start = end + 1 }
            guard end > start else { continue }
            let equals = form[start ..< end].firstIndex(of: UInt8(ascii: "=")) ?? end
            let name = percentDecoded(form, start ..< equals)
            let value = percentDecoded(form, min(equals + 1, end) ..< end)
            errors += Self.errors(in: name) + Self.errors(in: value)
            func text(_ part: [DecodedByte]) -> String { String(decoding: part.map(\.value), as: UTF8.self) }
            pairs[text(name), default: []].append(text(value))
        }
        guard policy == .throw, let first = errors.min(by: { offset(of: $0) < offset(of: $1) }) else { return .pairs(pairs) }
        return .error(first)
    }

    private static func offset(of error: URLEncodedFormDecoder.Error) -> Int {
        error.offset ?? -1
    }

    /// What the decoder reads `form` as under `policy`.
    static func actual(_ form: [UInt8], _ policy: URLEncodedFormDecoder.InvalidInputPolicy) -> Outcome {
        do {
            return .pairs(try URLEncodedFormDecoder(invalidInput: policy).decode([String: [String]].self, from: form))
        } catch let DecodingError.dataCorrupted(context) {
            if let error = context.underlyingError as? URLEncodedFormDecoder.Error { return .error(error) }
            return .error(.conflictingKey("unexpected: \(context)"))
        } catch {
            return .error(.conflictingKey("unexpected: \(error)"))
        }
    }

    /// A difference between the decoder and the oracle on the seed's form, if any.
    static func difference(seed: UInt64) -> String? {
        let form = form(seed: seed)
        for policy in [URLEncodedFormDecoder.InvalidInputPolicy.throw, .whatwg] {
            let expected = expected(form, policy)
            let actual = actual(form, policy)
            if expected != actual {
                return "FUZZ_SEED=0x\(String(seed, radix: 16)) \(policy): \(form.map { String(format: "%02X", $0) }.joined(separator: " "))\n"
                    + "  expected: \(expected)\n  actual:   \(actual)"
            }
        }
        return nil
    }

    @Test func escapesAndUTF8ReadAsTheRulesSay() {
        FuzzConfiguration(defaultCases: 5_000).expectNoDifference { Self.difference(seed: $0) }
    }

    /// The generator reaches what the property is about: forms that read, and forms that fail
    /// with each error, a broken escape within a character among them.
    @Test func theFormsReachPairsAndBothErrors() {
        let forms = FuzzConfiguration(defaultCases: 5_000, environment: [:]).seeds.map { Self.form(seed: $0) }
        let outcomes = forms.map { Self.expected($0, .throw) }
        let read = outcomes.compactMap { if case .pairs(let pairs) = $0 { pairs } else { nil } }
        #expect(read.count > 1_800)
        #expect(read.filter { $0.contains { pair in (pair.key + pair.value.joined()).unicodeScalars.contains { !$0.isASCII } } }.count > 1_000)
        #expect(outcomes.filter { if case .error(let error) = $0 { error.code == .invalidUTF8 } else { false } }.count > 1_000)
        #expect(outcomes.filter { if case .error(let error) = $0 { error.code == .invalidPercentEscape } else { false } }.count > 200)
        let characterThenBrokenEscape = forms.filter { form in
            form.indices.dropLast(3).contains { form[$0] >= 0xC2 && form[$0] <= 0xF4 && form[$0 + 1] == UInt8(ascii: "%") && form[$0 + 2] == UInt8(ascii: "G") }
        }
        #expect(characterThenBrokenEscape.count > 10)
        let longSharedNames = forms.filter { form in
            let names = form.split(separator: UInt8(ascii: "&")).map { $0.prefix { $0 != UInt8(ascii: "=") } }
            return zip(names, names.dropFirst()).contains { last, name in last.count >= 64 && zip(last, name).prefix { $0 == $1 }.count >= 48 }
        }
        #expect(longSharedNames.count > 300, "\(longSharedNames.count)")
        // Values whose escapes the scanner unescapes 32 bytes at a time (`cpercent_unescape`).
        let bulkValues = forms.filter { form in
            form.indices.contains { index in
                let pair = form[..<index].split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false).last!
                return (form[index] == UInt8(ascii: "%") || form[index] == UInt8(ascii: "+")) && pair.contains(UInt8(ascii: "="))
                    && index + 64 <= form.count && !form[index ..< index + 48].contains(UInt8(ascii: "&"))
            }
        }
        #expect(bulkValues.count > 300, "\(bulkValues.count)")
    }
}
