/// The unkeyed container of `DecodeFloorDecoder`: `count` constant elements.
struct DecodeFloorUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: DecodeFloorDecoder
    let count: Int?
    private(set) var currentIndex = 0

    init(decoder: DecodeFloorDecoder, count: Int) {
        self.decoder = decoder
        self.count = count
    }

    var codingPath: [any CodingKey] { [] }
    var isAtEnd: Bool { currentIndex >= count! }

    private mutating func next<T>(_ value: T) -> T {
        currentIndex += 1
        return value
    }

    mutating func decodeNil() -> Bool { false }
    mutating func decode(_ type: Bool.Type) -> Bool { next(false) }
    mutating func decode(_ type: String.Type) -> String { next("") }
    mutating func decode(_ type: Double.Type) -> Double { next(0) }
    mutating func decode(_ type: Float.Type) -> Float { next(0) }
    mutating func decode(_ type: Int.Type) -> Int { next(0) }
    mutating func decode(_ type: Int8.Type) -> Int8 { next(0) }
    mutating func decode(_ type: Int16.Type) -> Int16 { next(0) }
    mutating func decode(_ type: Int32.Type) -> Int32 { next(0) }
    mutating func decode(_ type: Int64.Type) -> Int64 { next(0) }
    mutating func decode(_ type: UInt.Type) -> UInt { next(0) }
    mutating func decode(_ type: UInt8.Type) -> UInt8 { next(0) }
    mutating func decode(_ type: UInt16.Type) -> UInt16 { next(0) }
    mutating func decode(_ type: UInt32.Type) -> UInt32 { next(0) }
    mutating func decode(_ type: UInt64.Type) -> UInt64 { next(0) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { next(try decoder.constant(type)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) -> KeyedDecodingContainer<NestedKey> {
        next(decoder.container(keyedBy: type))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedDecodingContainer { next(decoder.unkeyedContainer()) }
    mutating func superDecoder() -> any Decoder { next(decoder) }
}
