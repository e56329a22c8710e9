import Foundation

/// A primitive leaf of a fuzz case: the recorded vectors' leaf, typed as its Swift type so that
/// it can be written through the container overload for that type.
typealias FuzzLeaf = VectorLeaf

extension VectorLeaf: CustomStringConvertible {
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
