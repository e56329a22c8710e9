/// An `Encoder` that stores nothing. Encoding a value through it walks the value's whole
/// `Encodable` implementation, with real keyed, unkeyed and single-value containers that
/// discard what they are given: what is left is the cost every Codable-based encoder pays.
struct WalkFloorEncoder: Encoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(WalkFloorKeyedContainer<Key>())
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        WalkFloorUnkeyedContainer()
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        WalkFloorSingleValueContainer()
    }
}
