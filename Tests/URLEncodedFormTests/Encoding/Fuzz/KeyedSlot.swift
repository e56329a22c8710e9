/// One entry of a keyed container, seen as a single-value container: writing to it calls the
/// keyed container's `encode(_:forKey:)` overload of the same type. It lets one write routine
/// (`FuzzValue.write(into:log:)`) serve all three container kinds.
struct KeyedSlot<Key: CodingKey>: SingleValueEncodingContainer {
    var container: KeyedEncodingContainer<Key>
    let key: Key

    var codingPath: [any CodingKey] { container.codingPath + [key] }

    mutating func encodeNil() throws { try container.encodeNil(forKey: key) }
    mutating func encode(_ value: Bool) throws { try container.encode(value, forKey: key) }
    mutating func encode(_ value: String) throws { try container.encode(value, forKey: key) }
    mutating func encode(_ value: Double) throws { try container.encode(value, forKey: key) }
    mutating func encode(_ value: Float) throws { try container.encode(value, forKey: key) }
    mutating func encode(_ value: Int) throws { try container.encode(value, forKey: key) }
    mutating func encode(_ value: Int8) throws { try container.encode(value, forKey: key) }
    mutating func encode(_ value: Int16) throws { try container.encode(value, forKey: key) }
    mutating func encode(_ value: Int32) throws { try container.encode(value, forKey: key) }
    mutating func encode(_ value: Int64) throws { try container.encode(value, forKey: key) }
    mutating func encode(_ value: UInt) throws { try container.encode(value, forKey: key) }
    mutating func encode(_ value: UInt8) throws { try container.encode(value, forKey: key) }
    mutating func encode(_ value: UInt16) throws { try container.encode(value, forKey: key) }
    mutating func encode(_ value: UInt32) throws { try container.encode(value, forKey: key) }
    mutating func encode(_ value: UInt64) throws { try container.encode(value, forKey: key) }
    mutating func encode<T: Encodable>(_ value: T) throws { try container.encode(value, forKey: key) }
}
