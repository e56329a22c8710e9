import FormBenchCore
import Foundation
import URLEncodedForm

/// A value of the encoder fuzz (`FuzzValue`) cut down to what a form can carry back: keyed
/// objects, arrays and leaves, with everything the README lists as ambiguous left out for the
/// options of the case (`RoundTripOptions.admits`). It encodes itself, and `RoundTripReader`
/// decodes the same shape back through any `Decoder`.
indirect enum RoundTripValue {
    case leaf(VectorLeaf)
    case object([(String, RoundTripValue)])
    case array([RoundTripValue])
    /// A `URL`, through URL's own `Codable`: its text keyed by an integer, which the encoder
    /// writes as an array's one element.
    case url(URL)
    /// An `[Int: String]`, its pairs in key order: keys with an `intValue`, carried only under
    /// `IntegerKeyEncoding.keys`.
    case intKeyed([(Int, String)])
    /// A `[String: Int]` whose keys mostly read as integers (`"0"`, `"007"`, `"+5"`, `"-3"`), so
    /// that Swift gives them an `intValue`: carried only under `IntegerKeyEncoding.keys`.
    case textKeyed([(String, Int)])

    /// Whether the value writes no pair at all (an empty container, or one of empty ones).
    var writesNothing: Bool {
        switch self {
        case .leaf(.data(let data)): return data.isEmpty
        case .leaf, .url: return false
        case .intKeyed(let pairs): return pairs.isEmpty
        case .textKeyed(let pairs): return pairs.isEmpty
        case .object(let members): return members.allSatisfy { $0.1.writesNothing }
        case .array(let elements): return elements.allSatisfy(\.writesNothing)
        }
    }

    /// The part of `value` that `options` can carry, or `nil` if none.
    static func projecting(_ value: FuzzValue, options: RoundTripOptions, inArray: Bool = false) -> RoundTripValue? {
        switch value {
        case let .leaf(leaf, _), let .optional(leaf, true, _):
            return options.admits(leaf, inArray: inArray).map(RoundTripValue.leaf)
        case .null, .optional, .program, .intDictionary:
            return nil
        case let .object(pairs):
            return object(pairs.map { ($0.0.stringValue, $0.1) }, options: options, inArray: inArray)
        case let .stringDictionary(dictionary):
            return object(dictionary.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }, options: options, inArray: inArray)
        case let .textDictionary(dictionary):
            return object(dictionary.sorted { $0.key < $1.key }.map { ($0.key, .leaf(.string($0.value), .concrete)) },
                          options: options, inArray: inArray)
        case let .array(elements):
            return array(elements, options: options, inArray: inArray)
        case let .contents(strings):
            return array(strings.map { .leaf(.string($0), .concrete) }, options: options, inArray: inArray)
        }
    }

    private static func object(_ pairs: [(String, FuzzValue)], options: RoundTripOptions, inArray: Bool) -> RoundTripValue? {
        // Objects inside arrays only where elements are told apart by index.
        guard !inArray || options.arrayEncoding == .indexInBrackets else { return nil }
        var members: [(String, RoundTripValue)] = []
        for (key, value) in pairs where options.admits(key: key) && !members.contains(where: { $0.0 == key }) {
            if let member = projecting(value, options: options) { members.append((key, member)) }
        }
        return .object(members)
    }

    private static func array(_ elements: [FuzzValue], options: RoundTripOptions, inArray: Bool) -> RoundTripValue? {
        // Arrays inside arrays only where elements are told apart by index.
        guard !inArray || options.arrayEncoding == .indexInBrackets else { return nil }
        // An element that writes nothing would close up its gap and move the others.
        return .array(elements.compactMap { projecting($0, options: options, inArray: true) }.filter { !$0.writesNothing })
    }
}

/// The invertible options of one case: each encoder option with the decoder option that reads
/// it back, and the rules of what such a form can carry.
struct RoundTripOptions: CustomStringConvertible {
    enum Arrays: CaseIterable { case indexInBrackets, brackets, noBrackets }
    let arrayEncoding: Arrays
    let sortsArrays: Bool
    let dots: Bool
    let literalBools: Bool
    let lenientBools: Bool
    let secondsSince1970: Bool
    let deferredData: Bool
    /// `IntegerKeyEncoding.keys`: dictionaries keyed by integers, or by texts that read as
    /// integers, are carried.
    let integerKeysAsText: Bool

    init(using rng: inout SplitMix64) {
        arrayEncoding = rng.pick(Arrays.allCases)
        // Only indices survive sorting: the decoder orders them by number.
        sortsArrays = arrayEncoding == .indexInBrackets && rng.chance(0.5)
        dots = rng.chance(0.3)
        literalBools = rng.chance(0.5)
        lenientBools = rng.chance(0.5)
        secondsSince1970 = rng.chance(0.3)
        // Bytes as an array of numbers are an array: where arrays nest, only by index.
        deferredData = arrayEncoding == .indexInBrackets && rng.chance(0.3)
        integerKeysAsText = rng.chance(0.5)
    }

    var encoder: URLEncodedFormEncoder {
        let arrays: URLEncodedFormEncoder.ArrayEncoding = switch arrayEncoding {
        case .indexInBrackets: .indexInBrackets
        case .brackets: .brackets
        case .noBrackets: .noBrackets
        }
        return URLEncodedFormEncoder(sortsArrayElements: sortsArrays, arrayEncoding: arrays,
                                     boolEncoding: literalBools ? .literal : .numeric,
                                     dataEncoding: deferredData ? .deferredToData : .base64,
                                     dateEncoding: secondsSince1970 ? .secondsSince1970 : .deferredToDate,
                                     keyPathEncoding: dots ? .dots : .brackets,
                                     integerKeyEncoding: integerKeysAsText ? .keys : .arrayIndices)
    }

    var decoder: URLEncodedFormDecoder {
        URLEncodedFormDecoder(keyPathDecoding: dots ? .dots : .brackets,
                              boolDecoding: lenientBools ? .lenient : literalBools ? .literal : .numeric,
                              dataDecoding: deferredData ? .deferredToData : .base64,
                              dateDecoding: secondsSince1970 ? .secondsSince1970 : .deferredToDate)
    }

    /// Keys that read back as themselves: not empty (`a[]` appends), no bracket (or dot under
    /// dots) of their own, which would read as a path.
    func admits(key: String) -> Bool {
        // By bytes: `[` followed by a combining mark is one `Character`, and still a bracket.
        !key.isEmpty && !key.utf8.contains(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") || (dots && $0 == UInt8(ascii: ".")) })
    }

    /// The leaf as these options carry it, or `nil`: a `Decimal` NaN has no text to read back;
    /// seconds since 1970 are exact only for whole seconds, so dates become whole seconds there;
    /// bytes as an array of numbers cannot be an array element's only content when empty.
    func admits(_ leaf: VectorLeaf, inArray: Bool) -> VectorLeaf? {
        switch leaf {
        case .decimal(let decimal) where decimal.isNaN: return nil
        case .date(let date) where secondsSince1970:
            let seconds = date.timeIntervalSince1970
            guard seconds.isFinite, abs(seconds) < 1e12 else { return nil }
            return .date(Date(timeIntervalSince1970: seconds.rounded(.down)))
        case .data where deferredData && inArray: return nil
        default: return leaf
        }
    }

    var description: String {
        "arrays \(arrayEncoding)\(sortsArrays ? " sorted" : ""), \(dots ? "dots" : "brackets"), bools \(literalBools ? "literal" : "numeric")"
            + "\(lenientBools ? " read leniently" : ""), dates \(secondsSince1970 ? "secondsSince1970" : "deferredToDate"), "
            + "data \(deferredData ? "deferredToData" : "base64"), integer keys \(integerKeysAsText ? "as keys" : "as indices")"
    }

    /// The families of options the census requires round trips of: each value of each option.
    var families: [String] {
        ["arrays \(arrayEncoding)", sortsArrays ? "arrays sorted" : "arrays unsorted", dots ? "dots" : "brackets",
         literalBools ? "bools literal" : "bools numeric", lenientBools ? "bools read leniently" : "bools read strictly",
         secondsSince1970 ? "dates secondsSince1970" : "dates deferredToDate",
         deferredData ? "data deferredToData" : "data base64", integerKeysAsText ? "integer keys as keys" : "integer keys as indices"]
    }
}

/// A `String` coding key.
struct RoundTripKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
}

extension RoundTripValue {
    /// Members the encoder fuzz's values do not make, for `options`: a URL, and under
    /// `IntegerKeyEncoding.keys` an `[Int: String]` and a `[String: Int]` keyed by integer texts.
    static func extraMembers(options: RoundTripOptions, using rng: inout SplitMix64) -> [(String, RoundTripValue)] {
        var members: [(String, RoundTripValue)] = []
        if rng.chance(0.5) { members.append(("link", .url(randomURL(using: &rng)))) }
        // URLs in an array: each an array of one (`links[][]=`, `links[0][0]=`, or a repeated
        // `links=`); but under `IntegerKeyEncoding.keys` each is an object (`links[][relative]=`),
        // carried in an array only where elements carry indices.
        if (options.arrayEncoding == .indexInBrackets || !options.integerKeysAsText) && rng.chance(0.6) {
            members.append(("links", .array((0 ..< rng.smallCount(in: 1 ... 3)).map { _ in .url(randomURL(using: &rng)) })))
        }
        guard options.integerKeysAsText else { return members }
        let intPairs = (0 ..< rng.smallCount(in: 1 ... 6)).map { _ in
            (rng.pick([0, 1, 2, 7, 10, 11, -1, -3, 100, Int.max, Int.min, Int.random(in: -1_000_000 ... 1_000_000, using: &rng)]),
             FuzzStrings.value(using: &rng))
        }
        members.append(("byNumber", .intKeyed(uniqueSorted(intPairs))))
        let textPairs = (0 ..< rng.smallCount(in: 1 ... 6)).map { _ in
            (rng.chance(0.8) ? rng.pick(["0", "1", "007", "+5", "-3", "10", "2", "00", "-0", "12345678901234567890"])
                             : FuzzStrings.key(using: &rng),
             Int.random(in: -1_000 ... 1_000, using: &rng))
        }.filter { options.admits(key: $0.0) }
        if !textPairs.isEmpty { members.append(("byCode", .textKeyed(uniqueSorted(textPairs)))) }
        return members
    }

    /// The pairs with the first of each key kept, in key order (as a dictionary reads back).
    private static func uniqueSorted<Key: Comparable & Hashable, Value>(_ pairs: [(Key, Value)]) -> [(Key, Value)] {
        var seen = Set<Key>()
        return pairs.filter { seen.insert($0.0).inserted }.sorted { $0.0 < $1.0 }
    }

    /// A URL with a random host, path and query, the path and query texts escaped as
    /// `URLComponents` escapes them.
    static func randomURL(using rng: inout SplitMix64) -> URL {
        var components = URLComponents()
        components.scheme = rng.pick(["https", "http", "ftp"])
        components.host = String((0 ..< rng.smallCount(in: 1 ... 12)).map { _ in rng.pick("abcdefghijklmnopqrstuvwxyz0123456789-") })
            .trimmingCharacters(in: CharacterSet(charactersIn: "-")) + ".example"
        components.path = (0 ..< rng.smallCount(in: 0 ... 3)).map { _ in "/" + FuzzStrings.value(using: &rng) }.joined()
        if rng.chance(0.5) {
            components.queryItems = (0 ..< rng.smallCount(in: 1 ... 3)).map { _ in
                URLQueryItem(name: FuzzStrings.key(using: &rng), value: rng.chance(0.8) ? FuzzStrings.value(using: &rng) : nil)
            }
        }
        if rng.chance(0.2) { components.fragment = FuzzStrings.value(using: &rng) }
        return components.url ?? URL(string: "https://fallback.example/")!
    }
}

extension RoundTripValue: Encodable {
    func encode(to encoder: any Encoder) throws {
        switch self {
        case .url(let url):
            var container = encoder.singleValueContainer()
            try container.encode(url)
        case .intKeyed(let pairs):
            var container = encoder.singleValueContainer()
            try container.encode(Dictionary(uniqueKeysWithValues: pairs))
        case .textKeyed(let pairs):
            var container = encoder.singleValueContainer()
            try container.encode(Dictionary(uniqueKeysWithValues: pairs))
        case .leaf(let leaf):
            var container = encoder.singleValueContainer()
            try container.encode(leaf.value)
        case .object(let members):
            var container = encoder.container(keyedBy: RoundTripKey.self)
            for (key, value) in members { try container.encode(value, forKey: RoundTripKey(stringValue: key)) }
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        }
    }
}
