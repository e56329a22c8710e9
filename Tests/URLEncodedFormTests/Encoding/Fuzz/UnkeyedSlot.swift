/// The next element of an unkeyed container, seen as a single-value container: writing to it
/// calls the unkeyed container's `encode` overload of the same type (see `KeyedSlot`).
struct UnkeyedSlot: SingleValueEncodingContainer {
    var container: any UnkeyedEncodingContainer

    var codingPath: [any CodingKey] { container.codingPath }

    mutating func encodeNil() throws { try container.encodeNil() }
    mutating func encode(_ value: Bool) throws { try container.encode(value) }
    mutating func encode(_ value: String) throws { try container.encode(value) }
    mutating func encode(_ value: Double) throws { try container.encode(value) }
    mutating func encode(_ value: Float) throws { try container.encode(value) }
    mutating func encode(_ value: Int) throws { try container.encode(value) }
    mutating func encode(_ value: Int8) throws { try container.encode(value) }
    mutating func encode(_ value: Int16) throws { try container.encode(value) }
    mutating func encode(_ value: Int32) throws { try container.encode(value) }
    mutating func encode(_ value: Int64) throws { try container.encode(value) }
    mutating func encode(_ value: UInt) throws { try container.encode(value) }
    mutating func encode(_ value: UInt8) throws { try container.encode(value) }
    mutating func encode(_ value: UInt16) throws { try container.encode(value) }
    mutating func encode(_ value: UInt32) throws { try container.encode(value) }
    mutating func encode(_ value: UInt64) throws { try container.encode(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try container.encode(value) }
}
