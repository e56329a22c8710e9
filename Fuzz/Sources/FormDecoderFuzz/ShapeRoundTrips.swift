import Foundation
import URLEncodedForm

/// The typed round trip on a few `Decodable` shapes: whatever a decoder reads from the input,
/// the encoder with the matching options writes, and the decoder reads back the same value. A
/// shape avoids what the README lists as not invertible: optional arrays (an empty array writes
/// nothing, as `nil` does), objects inside arrays that may write nothing (each has a required
/// field), and dictionary keys that are empty or hold `[`, `]` (or `.` under dots), or that
/// Swift gives an `intValue` (`"0"`, `"-1"`: the encoder, as Alamofire does, writes such keys as
/// array indices, README "Alamofire's quirks"), which are checked per value below.
struct ShapeRoundTrips {
    let bytes: [UInt8]

    func run() {
        for (decoder, again, encoder, separators) in [
            (Decoders.standard, Decoders.standardAgain, Decoders.indexEncoder, "[]"),
            (Decoders.dots, Decoders.dotsAgain, Decoders.dotsEncoder, "[]."),
        ] {
            let trip = RoundTrip(bytes: bytes, decoder: decoder, again: again, encoder: encoder, separators: Set(separators.utf8))
            trip.check(Flat.self)
            trip.check(Nested.self)
            trip.check(Catalog.self)
            trip.check([String: [String: Int]].self)
            trip.check(Optionals.self)
        }
    }
}

struct RoundTrip {
    let bytes: [UInt8]
    let decoder: URLEncodedFormDecoder
    let again: URLEncodedFormDecoder
    let encoder: URLEncodedFormEncoder
    let separators: Set<UInt8>

    func check<T: Codable & Equatable & RoundTripChecked>(_ type: T.Type) {
        let value: T
        do {
            value = try decoder.decode(T.self, from: bytes)
        } catch is DecodingError {
            return
        } catch {
            fuzzFailure("decoding \(T.self) threw \(error), not a DecodingError", input: bytes)
        }
        // An empty optional collection, a key that reads back as a path or an append, or one the
        // encoder writes as an index: the README's documented ambiguities.
        guard !value.hasEmptyOptionalCollection, value.dictionaryKeys.allSatisfy({ key in
            !key.isEmpty && !key.utf8.contains(where: separators.contains) && Int(key) == nil
        }) else { return }
        let text: String
        do {
            text = try encoder.encode(value)
        } catch {
            fuzzFailure("the encoder refuses \(value) decoded as \(T.self): \(error)", input: bytes)
        }
        do {
            let read = try again.decode(T.self, from: text)
            if read != value { fuzzFailure("\(T.self) \(value) re-encoded as \(text) reads back as \(read)", input: bytes) }
        } catch {
            fuzzFailure("\(T.self) \(value) re-encoded as \(text) throws \(error)", input: bytes)
        }
    }
}

/// What the round trip checks a decoded value for before it expects it back.
protocol RoundTripChecked {
    /// The keys of the dictionaries the value holds.
    var dictionaryKeys: [String] { get }
    /// Whether an optional array or dictionary in it is empty.
    var hasEmptyOptionalCollection: Bool { get }
}

extension RoundTripChecked {
    var hasEmptyOptionalCollection: Bool { false }
}

/// A `Double` whose NaNs are equal, so that `nan` reads back as itself.
struct FuzzDouble: Codable, Equatable {
    let value: Double
    init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(Double.self) }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
    static func == (lhs: FuzzDouble, rhs: FuzzDouble) -> Bool {
        lhs.value == rhs.value || (lhs.value.isNaN && rhs.value.isNaN)
    }
}

struct Flat: Codable, Equatable, RoundTripChecked {
    let name: String
    let count: Int?
    let ok: Bool?
    let score: FuzzDouble?
    let small: Int8?
    let big: UInt64?
    var dictionaryKeys: [String] { [] }
}

struct Nested: Codable, Equatable, RoundTripChecked {
    struct User: Codable, Equatable {
        struct Address: Codable, Equatable { let city: String; let zip: Int? }
        let name: String?
        let address: Address?
        let tags: [String]
    }
    let user: User
    let meta: [String: String]?
    var dictionaryKeys: [String] { meta.map { Array($0.keys) } ?? [] }
    var hasEmptyOptionalCollection: Bool { meta?.isEmpty == true }
}

struct Catalog: Codable, Equatable, RoundTripChecked {
    struct Item: Codable, Equatable {
        let sku: String
        let quantity: Int?
        let sizes: [Int]
        let options: [Option]
    }
    struct Option: Codable, Equatable { let name: String; let on: Bool? }
    let items: [Item]
    let ids: Set<Int>
    var dictionaryKeys: [String] { [] }
}

struct Optionals: Codable, Equatable, RoundTripChecked {
    struct Inner: Codable, Equatable { let x: String; let y: [String: Int]? }
    let a: String?
    let b: Int?
    let c: [Int]?
    let d: Inner?
    let e: [Inner]?
    var dictionaryKeys: [String] { Array(d?.y?.keys ?? [:].keys) + (e ?? []).flatMap { Array($0.y?.keys ?? [:].keys) } }
    var hasEmptyOptionalCollection: Bool {
        c?.isEmpty == true || e?.isEmpty == true || ([d].compactMap { $0 } + (e ?? [])).contains { $0.y?.isEmpty == true }
    }
}

extension Dictionary: RoundTripChecked where Key == String, Value == [String: Int] {
    var dictionaryKeys: [String] { Array(keys) + values.flatMap(\.keys) }
}
