import Foundation

/// A value of the recorded vector file (`Fixtures/alamofire-5.12-linux.json`), encoded exactly as
/// the recording did: keyed containers with string-only or int-valued keys, unkeyed containers,
/// and each leaf through the container's `encode` overload for its Swift type.
indirect enum VectorNode: Encodable, Sendable {
    case object([(String, VectorNode)])
    case indexed([(Int, VectorNode)])
    case array([VectorNode])
    case leaf(VectorLeaf)
    case null

    struct ParseError: Error, CustomStringConvertible {
        let description: String
    }

    /// Parses the JSON form described in the vector README.
    init(json: JSONValue) throws {
        guard let dictionary = json.object, dictionary.count == 1, let (tag, payload) = dictionary.first else {
            throw ParseError(description: "not a one-entry object: \(json)")
        }
        switch tag {
        case "object":
            guard let pairs = payload.array?.compactMap(\.array), pairs.count == payload.array?.count else { throw ParseError(description: "bad object \(payload)") }
            self = .object(try pairs.map { pair in
                guard pair.count == 2, let key = pair[0].string else { throw ParseError(description: "bad pair \(pair)") }
                return (key, try VectorNode(json: pair[1]))
            })
        case "indexed":
            guard let pairs = payload.array?.compactMap(\.array), pairs.count == payload.array?.count else { throw ParseError(description: "bad indexed \(payload)") }
            self = .indexed(try pairs.map { pair in
                guard pair.count == 2, let index = pair[0].integer.map(Int.init) else { throw ParseError(description: "bad pair \(pair)") }
                return (index, try VectorNode(json: pair[1]))
            })
        case "array":
            guard let elements = payload.array else { throw ParseError(description: "bad array \(payload)") }
            self = .array(try elements.map(VectorNode.init(json:)))
        case "nil":
            self = .null
        default:
            self = .leaf(try VectorLeaf(tag: tag, payload: payload))
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case let .object(pairs):
            var container = encoder.container(keyedBy: VectorKey.self)
            try Self.encode(pairs.map { (VectorKey(stringValue: $0.0), $0.1) }, into: &container)
        case let .indexed(pairs):
            var container = encoder.container(keyedBy: VectorKey.self)
            try Self.encode(pairs.map { (VectorKey(intValue: $0.0), $0.1) }, into: &container)
        case let .array(elements):
            var container = encoder.unkeyedContainer()
            try Self.encode(elements, into: &container)
        case let .leaf(leaf):
            var container = encoder.singleValueContainer()
            try leaf.encode(into: &container)
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        }
    }

    private static func encode(_ pairs: [(VectorKey, VectorNode)], into container: inout KeyedEncodingContainer<VectorKey>) throws {
        for (key, node) in pairs {
            switch node {
            case let .object(children):
                var nested = container.nestedContainer(keyedBy: VectorKey.self, forKey: key)
                try encode(children.map { (VectorKey(stringValue: $0.0), $0.1) }, into: &nested)
            case let .indexed(children):
                var nested = container.nestedContainer(keyedBy: VectorKey.self, forKey: key)
                try encode(children.map { (VectorKey(intValue: $0.0), $0.1) }, into: &nested)
            case let .array(elements):
                var nested = container.nestedUnkeyedContainer(forKey: key)
                try encode(elements, into: &nested)
            case let .leaf(leaf):
                try leaf.encode(into: &container, forKey: key)
            case .null:
                try container.encodeNil(forKey: key)
            }
        }
    }

    private static func encode(_ elements: [VectorNode], into container: inout any UnkeyedEncodingContainer) throws {
        for node in elements {
            switch node {
            case let .object(children):
                var nested = container.nestedContainer(keyedBy: VectorKey.self)
                try encode(children.map { (VectorKey(stringValue: $0.0), $0.1) }, into: &nested)
            case let .indexed(children):
                var nested = container.nestedContainer(keyedBy: VectorKey.self)
                try encode(children.map { (VectorKey(intValue: $0.0), $0.1) }, into: &nested)
            case let .array(elements):
                var nested = container.nestedUnkeyedContainer()
                try encode(elements, into: &nested)
            case let .leaf(leaf):
                try leaf.encode(into: &container)
            case .null:
                try container.encodeNil()
            }
        }
    }
}

/// A coding key with a string and, for `indexed` objects, an int value.
struct VectorKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

/// A leaf of the vector file, typed as the recording typed it.
enum VectorLeaf: Sendable {
    case string(String), bool(Bool)
    case int(Int), int8(Int8), int16(Int16), int32(Int32), int64(Int64)
    case uint(UInt), uint8(UInt8), uint16(UInt16), uint32(UInt32), uint64(UInt64)
    case double(Double), float(Float), decimal(Decimal), date(Date), data(Data)

    init(tag: String, payload: JSONValue) throws {
        func number() throws -> Int64 {
            guard let number = payload.integer else { throw VectorNode.ParseError(description: "\(tag): \(payload)") }
            return number
        }
        func text() throws -> String {
            guard let text = payload.string else { throw VectorNode.ParseError(description: "\(tag): \(payload)") }
            return text
        }
        func parsed<T>(_ value: T?) throws -> T {
            guard let value else { throw VectorNode.ParseError(description: "\(tag): \(payload)") }
            return value
        }
        switch tag {
        case "string": self = .string(try text())
        case "bool": self = .bool(try parsed(payload.bool))
        case "int": self = .int(Int(try number()))
        case "int8": self = .int8(try parsed(Int8(exactly: try number())))
        case "int16": self = .int16(try parsed(Int16(exactly: try number())))
        case "int32": self = .int32(try parsed(Int32(exactly: try number())))
        case "int64": self = .int64(try number())
        case "uint": self = .uint(try parsed(UInt(exactly: try number())))
        case "uint8": self = .uint8(try parsed(UInt8(exactly: try number())))
        case "uint16": self = .uint16(try parsed(UInt16(exactly: try number())))
        case "uint32": self = .uint32(try parsed(UInt32(exactly: try number())))
        case "uint64": self = .uint64(try parsed(UInt64(try text())))
        case "double": self = .double(try parsed(Double(try text())))
        case "float": self = .float(try parsed(Float(try text())))
        case "decimal": self = .decimal(try parsed(Decimal(string: try text())))
        case "date": self = .date(Date(timeIntervalSinceReferenceDate: try parsed(Double(try text()))))
        case "data": self = .data(try parsed(Data(base64Encoded: try text())))
        default: throw VectorNode.ParseError(description: "unknown leaf \(tag)")
        }
    }

    func encode<Key>(into container: inout KeyedEncodingContainer<Key>, forKey key: Key) throws {
        switch self {
        case let .string(value): try container.encode(value, forKey: key)
        case let .bool(value): try container.encode(value, forKey: key)
        case let .int(value): try container.encode(value, forKey: key)
        case let .int8(value): try container.encode(value, forKey: key)
        case let .int16(value): try container.encode(value, forKey: key)
        case let .int32(value): try container.encode(value, forKey: key)
        case let .int64(value): try container.encode(value, forKey: key)
        case let .uint(value): try container.encode(value, forKey: key)
        case let .uint8(value): try container.encode(value, forKey: key)
        case let .uint16(value): try container.encode(value, forKey: key)
        case let .uint32(value): try container.encode(value, forKey: key)
        case let .uint64(value): try container.encode(value, forKey: key)
        case let .double(value): try container.encode(value, forKey: key)
        case let .float(value): try container.encode(value, forKey: key)
        case let .decimal(value): try container.encode(value, forKey: key)
        case let .date(value): try container.encode(value, forKey: key)
        case let .data(value): try container.encode(value, forKey: key)
        }
    }

    func encode(into container: inout any UnkeyedEncodingContainer) throws {
        switch self {
        case let .string(value): try container.encode(value)
        case let .bool(value): try container.encode(value)
        case let .int(value): try container.encode(value)
        case let .int8(value): try container.encode(value)
        case let .int16(value): try container.encode(value)
        case let .int32(value): try container.encode(value)
        case let .int64(value): try container.encode(value)
        case let .uint(value): try container.encode(value)
        case let .uint8(value): try container.encode(value)
        case let .uint16(value): try container.encode(value)
        case let .uint32(value): try container.encode(value)
        case let .uint64(value): try container.encode(value)
        case let .double(value): try container.encode(value)
        case let .float(value): try container.encode(value)
        case let .decimal(value): try container.encode(value)
        case let .date(value): try container.encode(value)
        case let .data(value): try container.encode(value)
        }
    }

    /// Writes the value through the overload for its static type (`encode(_: Int)`, …); the
    /// types without one (`Decimal`, `Date`, `Data`) go through `encode<T>`.
    func encode(into container: inout some SingleValueEncodingContainer) throws {
        switch self {
        case let .string(value): try container.encode(value)
        case let .bool(value): try container.encode(value)
        case let .int(value): try container.encode(value)
        case let .int8(value): try container.encode(value)
        case let .int16(value): try container.encode(value)
        case let .int32(value): try container.encode(value)
        case let .int64(value): try container.encode(value)
        case let .uint(value): try container.encode(value)
        case let .uint8(value): try container.encode(value)
        case let .uint16(value): try container.encode(value)
        case let .uint32(value): try container.encode(value)
        case let .uint64(value): try container.encode(value)
        case let .double(value): try container.encode(value)
        case let .float(value): try container.encode(value)
        case let .decimal(value): try container.encode(value)
        case let .date(value): try container.encode(value)
        case let .data(value): try container.encode(value)
        }
    }
}
