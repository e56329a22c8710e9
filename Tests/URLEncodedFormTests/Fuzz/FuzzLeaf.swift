import Foundation

/// A primitive value of one of the types encoders special-case, typed as its Swift type so that
/// it can be written through the container overload for that type.
enum FuzzLeaf: CustomStringConvertible {
    case string(String), bool(Bool)
    case int(Int), int8(Int8), int16(Int16), int32(Int32), int64(Int64)
    case uint(UInt), uint8(UInt8), uint16(UInt16), uint32(UInt32), uint64(UInt64)
    case double(Double), float(Float), decimal(Decimal), date(Date), data(Data)

    /// The value, type-erased, for the generic `encode<T>` paths.
    var value: any Encodable {
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

    /// The name of the leaf's Swift type.
    var typeName: String { "\(type(of: value))" }

    /// Writes the value through the overload for its static type (`encode(_: Int)`, …); the
    /// types without one (`Decimal`, `Date`, `Data`) go through `encode<T>`.
    func encodeConcretely(into container: inout some SingleValueEncodingContainer) throws {
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

    var description: String {
        switch self {
        case let .string(value): return FuzzStrings.literal(value)
        case let .bool(value): return "\(value)"
        case let .int(value): return "Int(\(value))"
        case let .int8(value): return "Int8(\(value))"
        case let .int16(value): return "Int16(\(value))"
        case let .int32(value): return "Int32(\(value))"
        case let .int64(value): return "Int64(\(value))"
        case let .uint(value): return "UInt(\(value))"
        case let .uint8(value): return "UInt8(\(value))"
        case let .uint16(value): return "UInt16(\(value))"
        case let .uint32(value): return "UInt32(\(value))"
        case let .uint64(value): return "UInt64(\(value))"
        case let .double(value): return "Double(\(value.debugDescription))"
        case let .float(value): return "Float(\(value.debugDescription))"
        case let .decimal(value): return "Decimal(\(value))"
        case let .date(value): return "Date(sinceReferenceDate: \(value.timeIntervalSinceReferenceDate.debugDescription))"
        case let .data(value): return "Data(\(Array(value)))"
        }
    }
}
