/// The keyed container of `DecodeFloorDecoder`: every key is there but for the optionals the
/// shape says are not (`decodeIfPresent` asks `contains` first), every answer a constant.
struct DecodeFloorKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: DecodeFloorDecoder
    /// The shape's key names, of which `allKeys` lists the first `keyCount` (as many as the
    /// object had): a dictionary decodes each.
    let names: [String]
    let keyCount: Int

    var codingPath: [any CodingKey] { [] }
    // A range, not a slice of `names`: the standard library's unspecialized `compactMap` over an
    // `ArraySlice` allocates a coroutine frame per element, which would count against the floor.
    var allKeys: [Key] { (0..<keyCount).compactMap { Key(stringValue: names[$0]) } }
    func contains(_ key: Key) -> Bool { decoder.nextIsPresent() }
    func decodeNil(forKey key: Key) -> Bool { false }
    func decode(_ type: Bool.Type, forKey key: Key) -> Bool { false }
    func decode(_ type: String.Type, forKey key: Key) -> String { "" }
    func decode(_ type: Double.Type, forKey key: Key) -> Double { 0 }
    func decode(_ type: Float.Type, forKey key: Key) -> Float { 0 }
    func decode(_ type: Int.Type, forKey key: Key) -> Int { 0 }
    func decode(_ type: Int8.Type, forKey key: Key) -> Int8 { 0 }
    func decode(_ type: Int16.Type, forKey key: Key) -> Int16 { 0 }
    func decode(_ type: Int32.Type, forKey key: Key) -> Int32 { 0 }
    func decode(_ type: Int64.Type, forKey key: Key) -> Int64 { 0 }
    func decode(_ type: UInt.Type, forKey key: Key) -> UInt { 0 }
    func decode(_ type: UInt8.Type, forKey key: Key) -> UInt8 { 0 }
    func decode(_ type: UInt16.Type, forKey key: Key) -> UInt16 { 0 }
    func decode(_ type: UInt32.Type, forKey key: Key) -> UInt32 { 0 }
    func decode(_ type: UInt64.Type, forKey key: Key) -> UInt64 { 0 }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoder.constant(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) -> KeyedDecodingContainer<NestedKey> {
        decoder.container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedDecodingContainer { decoder.unkeyedContainer() }
    func superDecoder() -> any Decoder { decoder }
    func superDecoder(forKey key: Key) -> any Decoder { decoder }
}
