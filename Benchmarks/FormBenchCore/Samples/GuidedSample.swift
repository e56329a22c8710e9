import Foundation

/// A sample read back by a decoder, guided by the sample's own shape: a sample has no type of
/// its own, so this stands in for the struct a server would declare. Its `init(from:)` asks
/// each container for what the sample holds there, member by member in the sample's order —
/// objects as keyed containers, arrays as unkeyed ones of the sample's length, each leaf as its
/// type, a `null` member with `decodeIfPresent` — as that struct's synthesized `init(from:)`
/// would. The shape comes from a ``SampleGuide`` (decoders pass no context a `Decodable` could
/// read), so decode it only inside ``SampleGuide/decode(_:)``.
public struct GuidedSample: Decodable, Sendable {
    /// What was read.
    public let value: SampleValue

    public init(from decoder: any Decoder) throws {
        guard let cursor = SampleGuide.cursor else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "GuidedSample decodes only inside SampleGuide.decode"))
        }
        value = try Self.read(cursor.node, from: decoder, cursor: cursor)
    }

    private static func read(_ expected: SampleValue, from decoder: any Decoder, cursor: SampleGuide.Cursor) throws -> SampleValue {
        switch expected {
        case let .object(members):
            let container = try decoder.container(keyedBy: SampleKey.self)
            var read: [SampleMember] = []
            read.reserveCapacity(members.count)
            for member in members {
                let key = SampleKey(member.key)
                let value: SampleValue
                switch member.value {
                case .string: value = .string(try container.decode(String.self, forKey: key))
                case .int: value = .int(try container.decode(Int.self, forKey: key))
                case .double: value = .double(try container.decode(Double.self, forKey: key))
                case .bool: value = .bool(try container.decode(Bool.self, forKey: key))
                case .null: value = try container.decodeIfPresent(String.self, forKey: key).map(SampleValue.string) ?? .null
                case .object, .array:
                    cursor.node = member.value
                    value = try container.decode(GuidedSample.self, forKey: key).value
                }
                read.append(SampleMember(key: member.key, value: value))
            }
            return .object(read)
        case let .array(elements):
            var container = try decoder.unkeyedContainer()
            var read: [SampleValue] = []
            read.reserveCapacity(elements.count)
            for element in elements {
                switch element {
                case .string: read.append(.string(try container.decode(String.self)))
                case .int: read.append(.int(try container.decode(Int.self)))
                case .double: read.append(.double(try container.decode(Double.self)))
                case .bool: read.append(.bool(try container.decode(Bool.self)))
                case .null: read.append(try container.decodeNil() ? .null : .string(try container.decode(String.self)))
                case .object, .array:
                    cursor.node = element
                    read.append(try container.decode(GuidedSample.self).value)
                }
            }
            return .array(read)
        case .string: return .string(try decoder.singleValueContainer().decode(String.self))
        case .int: return .int(try decoder.singleValueContainer().decode(Int.self))
        case .double: return .double(try decoder.singleValueContainer().decode(Double.self))
        case .bool: return .bool(try decoder.singleValueContainer().decode(Bool.self))
        case .null: return try decoder.singleValueContainer().decodeNil() ? .null : .string("")
        }
    }
}

/// The shape ``GuidedSample`` is read by: made once, outside any clock, then each
/// ``decode(_:)`` points the calling thread at it (a thread-specific pointer, no allocation).
public final class SampleGuide: @unchecked Sendable {
    /// The node being read; a `GuidedSample` reads it on entry, its parent sets it before.
    final class Cursor {
        var node: SampleValue = .null
    }

    private let root: SampleValue
    private let cursor = Cursor()

    /// A guide to read values shaped as `sample`. One thread at a time decodes with it.
    public init(_ sample: SampleValue) {
        root = sample
    }

    /// Runs `body` (a decoder decoding a ``GuidedSample``) guided by the sample.
    public func decode<Result>(_ body: () throws -> Result) rethrows -> Result {
        cursor.node = root
        let previous = pthread_getspecific(Self.key)
        pthread_setspecific(Self.key, Unmanaged.passUnretained(cursor).toOpaque())
        defer { pthread_setspecific(Self.key, previous) }
        return try body()
    }

    /// The calling thread's cursor, inside `decode`.
    static var cursor: Cursor? {
        pthread_getspecific(key).map { Unmanaged<Cursor>.fromOpaque($0).takeUnretainedValue() }
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()
}
