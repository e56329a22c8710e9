/// One entry of a keyed container written through `encodeIfPresent(_:forKey:)`: each write passes
/// the value, or `nil` of the value's type when `present` is false, to the overload of that
/// optional type. Encoders must route those `nil`s to the `NilEncoding` (the standard library's
/// default implementation would skip the key), for every overload.
struct OptionalKeyedSlot<Key: CodingKey>: SingleValueEncodingContainer {
    var container: KeyedEncodingContainer<Key>
    let key: Key
    let present: Bool

    var codingPath: [any CodingKey] { container.codingPath + [key] }

    mutating func encodeNil() throws { try container.encodeNil(forKey: key) }
    mutating func encode(_ value: Bool) throws { try container.encodeIfPresent(present ? value : nil, forKey: key) }
    mutating func encode(_ value: String) throws { try container.encodeIfPresent(present ? value : nil, forKey: key) }
    mutating func encode(_ value: Double) throws { try container.encodeIfPresent(present ? value : nil, forKey: key) }
    mutating func encode(_ value: Float) throws { try container.encodeIfPresent(present ? value : nil, forKey: key) }
    mutating func encode(_ value: Int) throws { try container.encodeIfPresent(present ? value : nil, forKey: key) }
    mutating func encode(_ value: Int8) throws { try container.encodeIfPresent(present ? value : nil, forKey: key) }
    mutating func encode(_ value: Int16) throws { try container.encodeIfPresent(present ? value : nil, forKey: key) }
    mutating func encode(_ value: Int32) throws { try container.encodeIfPresent(present ? value : nil, forKey: key) }
    mutating func encode(_ value: Int64) throws { try container.encodeIfPresent(present ? value : nil, forKey: key) }
    mutating func encode(_ value: UInt) throws { try container.encodeIfPresent(present ? value : nil, forKey: key) }
    mutating func encode(_ value: UInt8) throws { try container.encodeIfPresent(present ? value : nil, forKey: key) }
    mutating func encode(_ value: UInt16) throws { try container.encodeIfPresent(present ? value : nil, forKey: key) }
    mutating func encode(_ value: UInt32) throws { try container.encodeIfPresent(present ? value : nil, forKey: key) }
    mutating func encode(_ value: UInt64) throws { try container.encodeIfPresent(present ? value : nil, forKey: key) }
    mutating func encode<T: Encodable>(_ value: T) throws { try container.encodeIfPresent(present ? value : nil, forKey: key) }
}
