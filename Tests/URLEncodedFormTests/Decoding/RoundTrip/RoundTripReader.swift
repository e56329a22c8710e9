import Foundation

/// Reads a value of a given shape back through a `Decoder`: a mirror of `RoundTripValue`'s
/// `encode(to:)` that asks for the containers and the leaf types the expected value has, as a
/// `Decodable` type of that shape would. The shape travels in a task-local, since `Decodable`'s
/// initializer takes nothing but the decoder.
struct RoundTripReader: Decodable {
    @TaskLocal static var shape: RoundTripValue = .object([])

    let value: RoundTripValue

    init(from decoder: any Decoder) throws {
        value = try Self.read(Self.shape, from: decoder)
    }

    private static func read(_ shape: RoundTripValue, from decoder: any Decoder) throws -> RoundTripValue {
        switch shape {
        case .leaf(let leaf):
            let container = try decoder.singleValueContainer()
            return .leaf(try leaf.decoded(from: container))
        case .object(let members):
            let container = try decoder.container(keyedBy: RoundTripKey.self)
            return .object(try members.map { key, member in
                (key, try container.decode(Member.self, forKey: RoundTripKey(stringValue: key), shape: member))
            })
        case .url:
            return .url(try decoder.singleValueContainer().decode(URL.self))
        case .intKeyed:
            return .intKeyed(try decoder.singleValueContainer().decode([Int: String].self).sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        case .textKeyed:
            return .textKeyed(try decoder.singleValueContainer().decode([String: Int].self).sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        case .array(let elements):
            var container = try decoder.unkeyedContainer()
            var read: [RoundTripValue] = []
            for element in elements { read.append(try container.decode(Member.self, shape: element)) }
            if !container.isAtEnd { throw DecodingError.dataCorrupted(.init(codingPath: container.codingPath, debugDescription: "more elements than written")) }
            return .array(read)
        }
    }

    /// One nested value, read by its shape (passed down the same task-local way).
    fileprivate struct Member: Decodable {
        let value: RoundTripValue
        init(from decoder: any Decoder) throws {
            value = try RoundTripReader.read(RoundTripReader.shape, from: decoder)
        }
    }
}

private extension KeyedDecodingContainer {
    func decode(_ type: RoundTripReader.Member.Type, forKey key: Key, shape: RoundTripValue) throws -> RoundTripValue {
        try RoundTripReader.$shape.withValue(shape) { try decode(type, forKey: key).value }
    }
}

private extension UnkeyedDecodingContainer {
    mutating func decode(_ type: RoundTripReader.Member.Type, shape: RoundTripValue) throws -> RoundTripValue {
        try RoundTripReader.$shape.withValue(shape) { try decode(type).value }
    }
}

extension VectorLeaf {
    /// A leaf of the same type as this one, read from `container`.
    func decoded(from container: any SingleValueDecodingContainer) throws -> VectorLeaf {
        switch self {
        case .string: return .string(try container.decode(String.self))
        case .bool: return .bool(try container.decode(Bool.self))
        case .int: return .int(try container.decode(Int.self))
        case .int8: return .int8(try container.decode(Int8.self))
        case .int16: return .int16(try container.decode(Int16.self))
        case .int32: return .int32(try container.decode(Int32.self))
        case .int64: return .int64(try container.decode(Int64.self))
        case .uint: return .uint(try container.decode(UInt.self))
        case .uint8: return .uint8(try container.decode(UInt8.self))
        case .uint16: return .uint16(try container.decode(UInt16.self))
        case .uint32: return .uint32(try container.decode(UInt32.self))
        case .uint64: return .uint64(try container.decode(UInt64.self))
        case .double: return .double(try container.decode(Double.self))
        case .float: return .float(try container.decode(Float.self))
        case .decimal: return .decimal(try container.decode(Decimal.self))
        case .date: return .date(try container.decode(Date.self))
        case .data: return .data(try container.decode(Data.self))
        }
    }

    /// Equal as the same type and value: floating-point values (and dates' seconds) by bit
    /// pattern (so `-0.0` is not `0.0`), every NaN equal to every NaN; strings by their scalars,
    /// and by their UTF-16 counts, which a `String` wrongly marked ASCII gets wrong (a unit per
    /// byte) where its scalars still compare equal.
    func isSame(as other: VectorLeaf) -> Bool {
        switch (self, other) {
        case let (.string(a), .string(b)): return a.unicodeScalars.elementsEqual(b.unicodeScalars) && a.utf16.count == b.utf16.count
        case let (.bool(a), .bool(b)): return a == b
        case let (.int(a), .int(b)): return a == b
        case let (.int8(a), .int8(b)): return a == b
        case let (.int16(a), .int16(b)): return a == b
        case let (.int32(a), .int32(b)): return a == b
        case let (.int64(a), .int64(b)): return a == b
        case let (.uint(a), .uint(b)): return a == b
        case let (.uint8(a), .uint8(b)): return a == b
        case let (.uint16(a), .uint16(b)): return a == b
        case let (.uint32(a), .uint32(b)): return a == b
        case let (.uint64(a), .uint64(b)): return a == b
        case let (.double(a), .double(b)): return (a.isNaN && b.isNaN) || a.bitPattern == b.bitPattern
        case let (.float(a), .float(b)): return (a.isNaN && b.isNaN) || a.bitPattern == b.bitPattern
        case let (.decimal(a), .decimal(b)): return a == b
        case let (.date(a), .date(b)):
            let (x, y) = (a.timeIntervalSinceReferenceDate, b.timeIntervalSinceReferenceDate)
            return (x.isNaN && y.isNaN) || x.bitPattern == y.bitPattern
        case let (.data(a), .data(b)): return a == b
        default: return false
        }
    }
}

extension RoundTripValue {
    /// The same shape, keys and leaves (`VectorLeaf.isSame(as:)`).
    func isSame(as other: RoundTripValue) -> Bool {
        switch (self, other) {
        case let (.leaf(a), .leaf(b)): return a.isSame(as: b)
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0.unicodeScalars.elementsEqual($1.0.unicodeScalars) && $0.1.isSame(as: $1.1) }
        case let (.array(a), .array(b)): return a.count == b.count && zip(a, b).allSatisfy { $0.isSame(as: $1) }
        case let (.url(a), .url(b)): return a.absoluteString.unicodeScalars.elementsEqual(b.absoluteString.unicodeScalars)
        case let (.intKeyed(a), .intKeyed(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1.unicodeScalars.elementsEqual($1.1.unicodeScalars) }
        case let (.textKeyed(a), .textKeyed(b)):
            // Compared in the order of their bytes: both sides sort their keys with `<`, which
            // finds some different keys neither smaller nor larger than each other (`"\u{C5}/"`
            // and `"\u{212B}"`), and leaves those in the order the sort was given them (found by
            // `FUZZ_CASES=250000`, seed 0x40692fea613c, in one process out of a few).
            let (x, y) = (Self.byBytes(a), Self.byBytes(b))
            return x.count == y.count && zip(x, y).allSatisfy { $0.0.unicodeScalars.elementsEqual($1.0.unicodeScalars) && $0.1 == $1.1 }
        default: return false
        }
    }

    /// `pairs` in the order of their keys' UTF-8 bytes, which orders every two different keys.
    static func byBytes(_ pairs: [(String, Int)]) -> [(String, Int)] {
        pairs.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
    }
}
