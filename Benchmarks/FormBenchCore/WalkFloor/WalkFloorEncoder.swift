/// An `Encoder` that stores nothing. Encoding a value through it walks the value's whole
/// `Encodable` implementation, with real keyed, unkeyed and single-value containers that
/// discard what they are given: what is left is the cost every Codable-based encoder pays.
public struct WalkFloorEncoder: Encoder {
    public init() {}

    public var codingPath: [any CodingKey] { [] }
    public var userInfo: [CodingUserInfoKey: Any] { [:] }

    public func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(WalkFloorKeyedContainer<Key>())
    }

    public func unkeyedContainer() -> any UnkeyedEncodingContainer {
        WalkFloorUnkeyedContainer()
    }

    public func singleValueContainer() -> any SingleValueEncodingContainer {
        WalkFloorSingleValueContainer()
    }
}
