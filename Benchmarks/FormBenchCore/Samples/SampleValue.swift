import Foundation

/// A user's sample as a value the encoders take: what a JSON document or a form body holds,
/// with its keys in the sample's order and its leaves of the sample's types. It encodes as a
/// `Codable` struct of that shape would: objects through keyed containers in key order, arrays
/// through unkeyed ones, a `null` member as a `nil` optional (`encodeIfPresent`).
public indirect enum SampleValue: Equatable, Sendable, Encodable {
    case object([SampleMember])
    case array([SampleValue])
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case let .object(members):
            var container = encoder.container(keyedBy: SampleKey.self)
            for member in members {
                let key = SampleKey(member.key)
                switch member.value {
                case let .string(text): try container.encode(text, forKey: key)
                case let .int(number): try container.encode(number, forKey: key)
                case let .double(number): try container.encode(number, forKey: key)
                case let .bool(flag): try container.encode(flag, forKey: key)
                // A struct's optional property that is nil: `encodeIfPresent`, which the
                // encoder's `nilEncoding` decides about.
                case .null: try container.encodeIfPresent(nil as String?, forKey: key)
                case .object, .array: try container.encode(member.value, forKey: key)
                }
            }
        case let .array(elements):
            var container = encoder.unkeyedContainer()
            for element in elements {
                switch element {
                case let .string(text): try container.encode(text)
                case let .int(number): try container.encode(number)
                case let .double(number): try container.encode(number)
                case let .bool(flag): try container.encode(flag)
                case .null: try container.encodeNil()
                case .object, .array: try container.encode(element)
                }
            }
        case let .string(text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case let .int(number):
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case let .double(number):
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case let .bool(flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        }
    }

    /// The same data as the `[String: Any]` a caller of `URLEncoding` builds: objects as
    /// dictionaries, arrays as arrays, leaves as `String`, `Int`, `Double` and `Bool`; `null`s
    /// are left out, as a caller leaves out a missing value. `nil` when the value is not an object.
    public var parameters: [String: any Sendable]? {
        guard case let .object(members) = self else { return nil }
        return Self.dictionary(members)
    }

    private static func dictionary(_ members: [SampleMember]) -> [String: any Sendable] {
        var dictionary: [String: any Sendable] = [:]
        dictionary.reserveCapacity(members.count)
        for member in members {
            if let value = any(member.value) { dictionary[member.key] = value }
        }
        return dictionary
    }

    private static func any(_ value: SampleValue) -> (any Sendable)? {
        switch value {
        case let .object(members): return dictionary(members)
        case let .array(elements): return elements.compactMap(any)
        case let .string(text): return text
        case let .int(number): return number
        case let .double(number): return number
        case let .bool(flag): return flag
        case .null: return nil
        }
    }

    /// The sample `copies` times over, to show how the costs grow: every array member of the
    /// root object with its elements repeated `copies` times (the sample's records, in order);
    /// a root without array members becomes `records[]` of `copies` copies of it. One copy is
    /// the sample itself.
    public func replicated(_ copies: Int) -> SampleValue {
        guard copies > 1, case let .object(members) = self else { return self }
        guard members.contains(where: { if case .array = $0.value { true } else { false } }) else {
            return .object([SampleMember(key: "records", value: .array(Array(repeating: self, count: copies)))])
        }
        return .object(members.map { member in
            guard case let .array(elements) = member.value else { return member }
            var repeated: [SampleValue] = []
            repeated.reserveCapacity(elements.count * copies)
            for _ in 0..<copies { repeated += elements }
            return SampleMember(key: member.key, value: .array(repeated))
        })
    }

    /// What `replicated(_:)` does to this sample, in words, for reports.
    public var replicationSummary: String {
        guard case let .object(members) = self else { return "" }
        let arrays = members.filter { if case .array = $0.value { true } else { false } }.map(\.key)
        return arrays.isEmpty ? "×k: k copies of the sample under records[]"
            : "×k: the elements of \(arrays.map { "\($0)[]" }.joined(separator: ", ")) repeated k times"
    }
}

/// One member of a sample's object: its key and value, in the sample's order.
public struct SampleMember: Equatable, Sendable {
    public let key: String
    public let value: SampleValue

    public init(key: String, value: SampleValue) {
        self.key = key
        self.value = value
    }
}

/// The coding key of a sample's member: its text.
struct SampleKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ text: String) {
        stringValue = text
    }

    init?(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) {
        stringValue = String(intValue)
    }
}
