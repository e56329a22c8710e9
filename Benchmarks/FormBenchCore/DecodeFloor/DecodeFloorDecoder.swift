import Foundation

/// A `Decoder` that reads no input: every container answers every request with a constant
/// (`""`, `0`, `false`, the reference date, empty `Data`), every key is there and no value is
/// `nil`. Decoding a type through it runs the type's whole `Decodable` implementation, with real
/// containers: what is left is the cost every `Codable`-based decoder pays, the decode floor.
///
/// Arrays need a length and optionals a presence, which a constant cannot give: they are taken,
/// in the order they are asked for, from the `DecodeFloorShape` of a value of the type, so that
/// the walk visits as many elements and optionals as decoding that value does.
public final class DecodeFloorDecoder: Decoder, SingleValueDecodingContainer {
    private let shape: DecodeFloorShape
    private var nextArray = 0
    private var nextObject = 0
    private var nextOptional = 0

    /// A decoder that walks as decoding a value of `shape` does.
    public init(shape: DecodeFloorShape) {
        self.shape = shape
    }

    /// Whether the next optional asked for is there.
    func nextIsPresent() -> Bool {
        defer { nextOptional += 1 }
        return nextOptional < shape.presence.count ? shape.presence[nextOptional] : false
    }

    public var codingPath: [any CodingKey] { [] }
    public var userInfo: [CodingUserInfoKey: Any] { [:] }

    public func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        let keys = nextObject < shape.keyCounts.count ? shape.keyCounts[nextObject] : 0
        nextObject += 1
        return KeyedDecodingContainer(DecodeFloorKeyedContainer<Key>(decoder: self, names: shape.keyNames, keyCount: keys))
    }

    public func unkeyedContainer() -> any UnkeyedDecodingContainer {
        let count = nextArray < shape.arrayCounts.count ? shape.arrayCounts[nextArray] : 0
        nextArray += 1
        return DecodeFloorUnkeyedContainer(decoder: self, count: count)
    }

    public func singleValueContainer() -> any SingleValueDecodingContainer { self }

    /// The constant for `T`: `Date` and `Data` are leaves here, as the form decoder reads them.
    func constant<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == Date.self { return Date(timeIntervalSinceReferenceDate: 0) as! T }
        if T.self == Data.self { return Data() as! T }
        return try T(from: self)
    }

    public func decodeNil() -> Bool { false }
    public func decode(_ type: Bool.Type) -> Bool { false }
    public func decode(_ type: String.Type) -> String { "" }
    public func decode(_ type: Double.Type) -> Double { 0 }
    public func decode(_ type: Float.Type) -> Float { 0 }
    public func decode(_ type: Int.Type) -> Int { 0 }
    public func decode(_ type: Int8.Type) -> Int8 { 0 }
    public func decode(_ type: Int16.Type) -> Int16 { 0 }
    public func decode(_ type: Int32.Type) -> Int32 { 0 }
    public func decode(_ type: Int64.Type) -> Int64 { 0 }
    public func decode(_ type: UInt.Type) -> UInt { 0 }
    public func decode(_ type: UInt8.Type) -> UInt8 { 0 }
    public func decode(_ type: UInt16.Type) -> UInt16 { 0 }
    public func decode(_ type: UInt32.Type) -> UInt32 { 0 }
    public func decode(_ type: UInt64.Type) -> UInt64 { 0 }
    public func decode<T: Decodable>(_ type: T.Type) throws -> T { try constant(type) }
}
