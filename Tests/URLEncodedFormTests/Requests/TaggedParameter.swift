import Foundation

/// Builds the `Parameters` values of the request vectors from their tagged form (vector README,
/// "Tagged parameter values"): each value a one-key object naming its Swift type.
enum TaggedParameter {
    /// A `{"dictionary": [[key, VALUE], ...]}` as `[String: any Sendable]`.
    static func dictionary(_ json: JSONValue) throws -> [String: any Sendable] {
        guard let dictionary = try value(json) as? [String: any Sendable] else {
            throw VectorNode.ParseError(description: "not a dictionary: \(json)")
        }
        return dictionary
    }

    /// A tagged value as the Swift value the recorder stored.
    static func value(_ json: JSONValue) throws -> any Sendable {
        let (tag, payload) = try entry(json)
        switch tag {
        case "null":
            return NSNull()
        case "optionalNil":
            return String?.none as any Sendable
        case "optional":
            return wrapped(try value(payload))
        case "nsnumber":
            return try number(payload)
        case "set":
            guard let elements = payload.array, elements.count == 1 else { throw VectorNode.ParseError(description: "bad set \(payload)") }
            switch try leaf(elements[0]) {
            case let .string(string): return Set([string])
            case let .int(int): return Set([int])
            default: throw VectorNode.ParseError(description: "bad set element \(elements[0])")
            }
        case "array":
            guard let elements = payload.array else { throw VectorNode.ParseError(description: "bad array \(payload)") }
            return try elements.map(value) as [any Sendable]
        case "dictionary":
            guard let pairs = payload.array?.compactMap(\.array), pairs.count == payload.array?.count else {
                throw VectorNode.ParseError(description: "bad dictionary \(payload)")
            }
            var dictionary: [String: any Sendable] = [:]
            for pair in pairs {
                guard pair.count == 2, let key = pair[0].string, dictionary[key] == nil else {
                    throw VectorNode.ParseError(description: "bad pair \(pair)")
                }
                dictionary[key] = try value(pair[1])
            }
            return dictionary
        default:
            return try VectorLeaf(tag: tag, payload: payload).parameterValue
        }
    }

    /// The tag and payload of a one-key object.
    private static func entry(_ json: JSONValue) throws -> (tag: String, payload: JSONValue) {
        guard let object = json.object, object.count == 1, let (tag, payload) = object.first else {
            throw VectorNode.ParseError(description: "not a one-entry object: \(json)")
        }
        return (tag, payload)
    }

    private static func leaf(_ json: JSONValue) throws -> VectorLeaf {
        let (tag, payload) = try entry(json)
        return try VectorLeaf(tag: tag, payload: payload)
    }

    /// `Optional<T>.some(value)`, `T` being the dynamic type of `value`: passing the existential
    /// to a generic parameter opens it, so `Optional<[any Sendable]>` wraps an array and
    /// `Optional<Optional<String>>` wraps `String?.none`.
    static func wrapped<T: Sendable>(_ value: T) -> any Sendable {
        Optional.some(value) as any Sendable
    }

    /// `NSNumber(value:)` of a leaf's Swift value.
    private static func number(_ json: JSONValue) throws -> NSNumber {
        guard let number = try leaf(json).numberValue else { throw VectorNode.ParseError(description: "no NSNumber of \(json)") }
        return number
    }
}

extension VectorLeaf {
    /// The leaf's Swift value, of its own type, as a `Parameters` holds it: the fuzz's `value` is
    /// `any Encodable`, which is not known to be `Sendable` (and `Sendable` cannot be cast to).
    var parameterValue: any Sendable {
        switch self {
        case let .string(value): return value
        case let .bool(value): return value
        case let .int(value): return value
        case let .int8(value): return value
        case let .int16(value): return value
        case let .int32(value): return value
        case let .int64(value): return value
        case let .uint(value): return value
        case let .uint8(value): return value
        case let .uint16(value): return value
        case let .uint32(value): return value
        case let .uint64(value): return value
        case let .double(value): return value
        case let .float(value): return value
        case let .decimal(value): return value
        case let .date(value): return value
        case let .data(value): return value
        }
    }

    /// `NSNumber(value:)` of the leaf's Swift value; `nil` for the leaves no `NSNumber(value:)`
    /// takes (strings, decimals, dates, data).
    var numberValue: NSNumber? {
        switch self {
        case let .bool(value): return NSNumber(value: value)
        case let .int(value): return NSNumber(value: value)
        case let .int8(value): return NSNumber(value: value)
        case let .int16(value): return NSNumber(value: value)
        case let .int32(value): return NSNumber(value: value)
        case let .int64(value): return NSNumber(value: value)
        case let .uint(value): return NSNumber(value: value)
        case let .uint8(value): return NSNumber(value: value)
        case let .uint16(value): return NSNumber(value: value)
        case let .uint32(value): return NSNumber(value: value)
        case let .uint64(value): return NSNumber(value: value)
        case let .double(value): return NSNumber(value: value)
        case let .float(value): return NSNumber(value: value)
        case .string, .decimal, .date, .data: return nil
        }
    }
}
