import Foundation

/// Why a sample file cannot be used: the file, where (a byte offset for JSON), and what.
public struct SampleReadError: Error, CustomStringConvertible, Equatable {
    public let description: String

    public init(file: String, offset: Int? = nil, _ message: String) {
        description = "\(file)\(offset.map { " at byte \($0)" } ?? ""): \(message)"
    }
}

/// Reads samples into `SampleValue`s: JSON keeping the order of every object's keys (which
/// `JSONSerialization` loses) and the type of every number, and a form's tree (from the
/// decoder's `parameters(from:)`) with its keys in the order the form first names them.
public enum SampleReader {
    /// The deepest nesting a JSON sample may have: the depth the suite's decoders accept.
    public static let maximumDepth = 512

    /// The JSON document `bytes` (of the file named `file`, for messages), whose root must be an
    /// object. Numbers without a fraction or exponent that fit an `Int` are `Int`s, others
    /// `Double`s; a key given twice in one object is an error (which one would the server read?).
    public static func json(_ bytes: [UInt8], file: String) throws(SampleReadError) -> SampleValue {
        var parser = JSONParser(bytes: bytes, file: file)
        parser.skipSpace()
        guard parser.peek == UInt8(ascii: "{") else {
            throw parser.error(parser.peek == nil ? "empty document" : "the root must be a JSON object (a form's names and values)")
        }
        let value = try parser.value(depth: 1)
        parser.skipSpace()
        guard parser.peek == nil else { throw parser.error("unexpected text after the document") }
        return value
    }

    /// The sample a form's tree makes (`tree` as `URLEncodedFormDecoder.parameters(from:)`
    /// returns it: `[String: Any]` hashes, `[Any]` arrays, `String` leaves; `form` the form
    /// itself, which gives the order of the keys). A hash whose keys are exactly `0`…`n−1` is an
    /// array (a typed `[T]` reads such indices); a leaf that an `Int` or a `Double` writes back
    /// unchanged is that number, any other leaf a string.
    public static func form(tree: [String: Any], form: [UInt8]) -> SampleValue {
        let order = keyOrder(of: form)
        func convert(_ node: Any) -> SampleValue {
            switch node {
            case let hash as [String: Any]:
                if let elements = indexed(hash) { return .array(elements.map(convert)) }
                let keys = hash.keys.sorted { (order[$0] ?? .max, $0) < (order[$1] ?? .max, $1) }
                return .object(keys.map { SampleMember(key: $0, value: convert(hash[$0]!)) })
            case let array as [Any]: return .array(array.map(convert))
            case let text as String: return leaf(text)
            default: return .string("\(node)")
            }
        }
        let keys = tree.keys.sorted { (order[$0] ?? .max, $0) < (order[$1] ?? .max, $1) }
        return .object(keys.map { SampleMember(key: $0, value: convert(tree[$0]!)) })
    }

    /// The leaf `text` as the type a server's struct would most likely read it into: an `Int`
    /// or a `Double` when that number writes back exactly as `text`, else a `String`.
    static func leaf(_ text: String) -> SampleValue {
        if let number = Int(text), String(number) == text { return .int(number) }
        if text.contains("."), let number = Double(text), number.isFinite, number.description == text { return .double(number) }
        return .string(text)
    }

    /// A hash's values in index order when its keys are exactly `0`…`n−1`, else `nil`.
    private static func indexed(_ hash: [String: Any]) -> [Any]? {
        guard !hash.isEmpty else { return nil }
        var elements = [Any?](repeating: nil, count: hash.count)
        for (key, value) in hash {
            guard let index = Int(key), String(index) == key, elements.indices.contains(index) else { return nil }
            elements[index] = value
        }
        return elements.map { $0! }
    }

    /// Each name segment (the base and every bracketed segment of every pair's name, unescaped)
    /// with the position of the first pair naming it: the order a hash's keys are listed in.
    private static func keyOrder(of form: [UInt8]) -> [String: Int] {
        var order: [String: Int] = [:]
        for (position, pair) in form.split(separator: UInt8(ascii: "&")).enumerated() {
            let rawName = pair.prefix { $0 != UInt8(ascii: "=") }.map { $0 == UInt8(ascii: "+") ? UInt8(ascii: " ") : $0 }
            let name = String(decoding: rawName, as: UTF8.self)
            let decoded = name.removingPercentEncoding ?? name
            for segment in decoded.split(whereSeparator: { $0 == "[" || $0 == "]" }) where order[String(segment)] == nil {
                order[String(segment)] = position
            }
        }
        return order
    }
}

/// A JSON reader over bytes that keeps what `SampleValue` needs: key order and number types.
private struct JSONParser {
    let bytes: [UInt8]
    let file: String
    var offset = 0

    var peek: UInt8? {
        offset < bytes.count ? bytes[offset] : nil
    }

    func error(_ message: String) -> SampleReadError {
        SampleReadError(file: file, offset: offset, message)
    }

    mutating func skipSpace() {
        while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { offset += 1 }
    }

    mutating func expect(_ byte: UInt8) throws(SampleReadError) {
        skipSpace()
        guard peek == byte else { throw error("expected '\(Character(Unicode.Scalar(byte)))'") }
        offset += 1
    }

    mutating func value(depth: Int) throws(SampleReadError) -> SampleValue {
        skipSpace()
        // Objects and arrays count, leaves do not: a depth of 512 is 512 nested containers.
        if peek == UInt8(ascii: "{") || peek == UInt8(ascii: "["), depth > SampleReader.maximumDepth {
            throw error("nested deeper than \(SampleReader.maximumDepth) levels")
        }
        switch peek {
        case UInt8(ascii: "{"):
            offset += 1
            var members: [SampleMember] = []
            var seen: Set<String> = []
            skipSpace()
            if peek == UInt8(ascii: "}") { offset += 1; return .object(members) }
            repeat {
                skipSpace()
                let start = offset
                guard peek == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
                let key = try string()
                guard seen.insert(key).inserted else {
                    throw SampleReadError(file: file, offset: start, "the key \"\(key)\" appears twice in one object")
                }
                try expect(UInt8(ascii: ":"))
                members.append(SampleMember(key: key, value: try value(depth: depth + 1)))
                skipSpace()
            } while try more(closing: UInt8(ascii: "}"))
            return .object(members)
        case UInt8(ascii: "["):
            offset += 1
            var elements: [SampleValue] = []
            skipSpace()
            if peek == UInt8(ascii: "]") { offset += 1; return .array(elements) }
            repeat {
                elements.append(try value(depth: depth + 1))
                skipSpace()
            } while try more(closing: UInt8(ascii: "]"))
            return .array(elements)
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case let byte? where byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte):
            return try number()
        case nil: throw error("unexpected end of the document")
        default: throw error("unexpected character")
        }
    }

    /// After a member or element: `,` (another follows) or the closing bracket.
    mutating func more(closing: UInt8) throws(SampleReadError) -> Bool {
        switch peek {
        case UInt8(ascii: ","): offset += 1; return true
        case closing: offset += 1; return false
        default: throw error("expected ',' or '\(Character(Unicode.Scalar(closing)))'")
        }
    }

    mutating func literal(_ word: String) throws(SampleReadError) {
        let utf8 = Array(word.utf8)
        guard offset + utf8.count <= bytes.count, Array(bytes[offset..<offset + utf8.count]) == utf8 else {
            throw error("unexpected character")
        }
        offset += utf8.count
    }

    mutating func number() throws(SampleReadError) -> SampleValue {
        let start = offset
        while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            offset += 1
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        let isInteger = !text.contains { $0 == "." || $0 == "e" || $0 == "E" }
        if isInteger, let integer = Int(text), text != "-0" { return .int(integer) }
        guard let number = Double(text), number.isFinite, text.first != "+", text.last?.isNumber == true else {
            throw SampleReadError(file: file, offset: start, "'\(text)' is not a number JSON allows")
        }
        return .double(number)
    }

    mutating func string() throws(SampleReadError) -> String {
        offset += 1 // the opening quote
        var text: [UInt8] = []
        while true {
            guard let byte = peek else { throw error("unterminated string") }
            offset += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let string = String(bytes: text, encoding: .utf8) else { throw error("a string is not valid UTF-8") }
                return string
            case UInt8(ascii: "\\"):
                guard let escaped = peek else { throw error("unterminated string") }
                offset += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escaped)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        // A high surrogate: the low one must follow as another \u escape.
                        guard peek == UInt8(ascii: "\\"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: "u") else {
                            throw error("a lone surrogate in \\u escapes")
                        }
                        offset += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("a lone surrogate in \\u escapes") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw error("a lone surrogate in \\u escapes") }
                    text += Array(String(Character(unicode)).utf8)
                default: throw error("an unknown escape")
                }
            case 0x00..<0x20: throw error("a control character in a string")
            default: text.append(byte)
            }
        }
    }

    mutating func hex4() throws(SampleReadError) -> UInt32 {
        guard offset + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[offset..<offset + 4], as: UTF8.self), radix: 16) else {
            throw error("a \\u escape needs four hex digits")
        }
        offset += 4
        return value
    }
}
