import Foundation

/// What a constant cannot answer about a value, for `DecodeFloorDecoder`: the lengths of its
/// arrays, the number of keys of its objects and whether each of its optionals is there, in the order its `Encodable`
/// implementation meets them — the order its `Decodable` one asks. `Date` and `Data` count as
/// leaves, as the form decoder reads them.
public struct DecodeFloorShape: Equatable, Sendable {
    /// The array lengths, in the order arrays are opened.
    public let arrayCounts: [Int]
    /// Whether each optional is present, in the order `decodeIfPresent` asks.
    public let presence: [Bool]
    /// The number of keys of each keyed container, in the order they are opened: what a
    /// dictionary's `allKeys` lists.
    public let keyCounts: [Int]
    /// The keys a keyed container lists (`k0`, `k1`, …, as many as the widest object has), made
    /// here once so that listing them costs no more than a decoder's own keys would.
    let keyNames: [String]

    /// The shape of `value`.
    public init(of value: some Encodable) throws {
        let recorder = ArrayCountRecorder()
        try value.encode(to: recorder)
        arrayCounts = recorder.counts
        presence = recorder.presence
        keyCounts = recorder.keyCounts
        keyNames = (0..<(keyCounts.max() ?? 0)).map { "k\($0)" }
    }
}

/// Walks a value as an `Encoder`, recording each unkeyed container's final count and each
/// optional's presence.
private final class ArrayCountRecorder: Encoder {
    var counts: [Int] = []
    var presence: [Bool] = []
    var keyCounts: [Int] = []
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        keyCounts.append(0)
        return KeyedEncodingContainer(RecordingKeyedContainer<Key>(recorder: self, slot: keyCounts.count - 1))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        counts.append(0)
        return RecordingUnkeyedContainer(recorder: self, slot: counts.count - 1)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { RecordingSingleValueContainer(recorder: self) }

    func walk<T: Encodable>(_ value: T) throws {
        if T.self == Date.self || T.self == Data.self { return }
        try value.encode(to: self)
    }
}

private struct RecordingKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let recorder: ArrayCountRecorder
    let slot: Int
    var codingPath: [any CodingKey] { [] }
    mutating func encodeNil(forKey key: Key) { recorder.keyCounts[slot] += 1 }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        recorder.keyCounts[slot] += 1
        try recorder.walk(value)
    }

    private func present<T: Encodable>(_ value: T?) throws {
        recorder.presence.append(value != nil)
        if let value {
            recorder.keyCounts[slot] += 1
            try recorder.walk(value)
        }
    }

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try present(value) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try present(value) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        recorder.keyCounts[slot] += 1
        return recorder.container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        recorder.keyCounts[slot] += 1
        return recorder.unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { recorder }
    mutating func superEncoder(forKey key: Key) -> any Encoder { recorder }
}

private struct RecordingUnkeyedContainer: UnkeyedEncodingContainer {
    let recorder: ArrayCountRecorder
    let slot: Int
    var codingPath: [any CodingKey] { [] }
    var count: Int { recorder.counts[slot] }
    mutating func encodeNil() { recorder.counts[slot] += 1 }
    mutating func encode<T: Encodable>(_ value: T) throws {
        recorder.counts[slot] += 1
        try recorder.walk(value)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        recorder.counts[slot] += 1
        return recorder.container(keyedBy: keyType)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        recorder.counts[slot] += 1
        return recorder.unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { recorder }
}

/// Where the walk ends: primitives write themselves through these, which record nothing.
private struct RecordingSingleValueContainer: SingleValueEncodingContainer {
    let recorder: ArrayCountRecorder
    var codingPath: [any CodingKey] { [] }
    mutating func encodeNil() {}
    mutating func encode(_ value: Bool) {}
    mutating func encode(_ value: String) {}
    mutating func encode(_ value: Double) {}
    mutating func encode(_ value: Float) {}
    mutating func encode(_ value: Int) {}
    mutating func encode(_ value: Int8) {}
    mutating func encode(_ value: Int16) {}
    mutating func encode(_ value: Int32) {}
    mutating func encode(_ value: Int64) {}
    mutating func encode(_ value: UInt) {}
    mutating func encode(_ value: UInt8) {}
    mutating func encode(_ value: UInt16) {}
    mutating func encode(_ value: UInt32) {}
    mutating func encode(_ value: UInt64) {}
    mutating func encode<T: Encodable>(_ value: T) throws { try recorder.walk(value) }
}
