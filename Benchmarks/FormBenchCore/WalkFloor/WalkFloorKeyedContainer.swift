/// The keyed container of `WalkFloorEncoder`: scalars are dropped, nested values are walked.
struct WalkFloorKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) {}
    mutating func encode(_ value: Bool, forKey key: Key) {}
    mutating func encode(_ value: String, forKey key: Key) {}
    mutating func encode(_ value: Double, forKey key: Key) {}
    mutating func encode(_ value: Float, forKey key: Key) {}
    mutating func encode(_ value: Int, forKey key: Key) {}
    mutating func encode(_ value: Int8, forKey key: Key) {}
    mutating func encode(_ value: Int16, forKey key: Key) {}
    mutating func encode(_ value: Int32, forKey key: Key) {}
    mutating func encode(_ value: Int64, forKey key: Key) {}
    mutating func encode(_ value: UInt, forKey key: Key) {}
    mutating func encode(_ value: UInt8, forKey key: Key) {}
    mutating func encode(_ value: UInt16, forKey key: Key) {}
    mutating func encode(_ value: UInt32, forKey key: Key) {}
    mutating func encode(_ value: UInt64, forKey key: Key) {}

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try value.encode(to: WalkFloorEncoder())
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                        forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(WalkFloorKeyedContainer<NestedKey>())
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        WalkFloorUnkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        WalkFloorEncoder()
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        WalkFloorEncoder()
    }
}
