import Foundation

/// A parsed JSON value. The vector fixture is read with `JSONDecoder` because Foundation's
/// `JSONSerialization` on Linux silently drops U+FEFF inside strings of large documents.
indirect enum JSONValue: Decodable, Sendable {
    case string(String)
    case integer(Int64)
    case number(Double)
    case bool(Bool)
    case array([JSONValue])
    case object([String: JSONValue])
    case null

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let integer = try? container.decode(Int64.self) {
            self = .integer(integer)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    var string: String? { if case let .string(value) = self { return value } else { return nil } }
    var integer: Int64? { if case let .integer(value) = self { return value } else { return nil } }
    var bool: Bool? { if case let .bool(value) = self { return value } else { return nil } }
    var array: [JSONValue]? { if case let .array(value) = self { return value } else { return nil } }
    var object: [String: JSONValue]? { if case let .object(value) = self { return value } else { return nil } }
}
