import Foundation
import Testing

/// Objects of thousands of keys: from 4,096 the optimized encoder asks for what it will read a
/// few children ahead as it writes a level in key order, and from 65,536 for the key table's
/// slots of a `[String: String]`'s keys before it interns them. Those requests must change
/// nothing, and must read nothing past the level's end (which a debug build asserts).
///
/// The reference port takes seconds for a level this wide (Alamofire's merging is quadratic),
/// so the expected text is built here the way Alamofire's serializer builds it: each pair's key
/// and value percent-escaped by Foundation with the default allowed set, the pairs of a level
/// sorted as strings and joined by `&`.
struct LargeLevelTests {
    /// Foundation's query-allowed set without `:#[]@!$&'()*+,;=`: Alamofire's
    /// `afURLQueryAllowed`, the encoder's default, built here apart from either module.
    private static let allowed = CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: ":#[]@!$&'()*+,;="))

    private static func escaped(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: allowed)!
    }

    /// `count` keys, none of which is a prefix of another when `prefixes` is off (each ends in
    /// `.`); with it on, "k1" begins "k10" to "k19", and so on. Some need escaping.
    private static func keys(_ count: Int, prefixes: Bool) -> [String] {
        let marks = ["", " é", "+", "&x", "日本"]
        return (0..<count).map { index in "k\(index)" + marks[index % marks.count] + (prefixes ? "" : ".") }
    }

    private static func value(_ index: Int) -> String {
        ["v", "a b", "100%", "ü", "=", "[0]"][index % 6] + String(index * 7_919 % 10_007)
    }

    @Test(arguments: [false, true])
    func aDictionaryOfThousandsOfKeysIsWrittenInTheOrderOfItsEscapedPairs(prefixes: Bool) throws {
        let keys = Self.keys(4_500, prefixes: prefixes)
        let dictionary = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($0.element, Self.value($0.offset)) })
        let expected = dictionary.map { Self.escaped($0.key) + "=" + Self.escaped($0.value) }.sorted().joined(separator: "&")
        #expect(try Contender.optimized.encode(dictionary) == expected)
    }

    @Test func aDictionaryOfTensOfThousandsOfKeysIsWrittenInTheOrderOfItsPairs() throws {
        // Keys and values that need no escaping, so that the expected text is quick to build.
        let dictionary = Dictionary(uniqueKeysWithValues: (0..<70_000).map { ("k\($0).", "v\($0 * 7_919 % 70_001)") })
        let expected = dictionary.map { $0.key + "=" + $0.value }.sorted().joined(separator: "&")
        #expect(try Contender.optimized.encode(dictionary) == expected)
    }

    @Test func objectsSharingThousandsOfKeysAreWrittenInTheOrderOfTheirEscapedPairs() throws {
        // Five objects of the same 4,200 keys: the keys recur, so the encoder ranks them once
        // and writes each object by rank.
        let keys = Self.keys(4_200, prefixes: false)
        let names = ["a", "b", "c", "d", "e"]
        let objects = Dictionary(uniqueKeysWithValues: names.enumerated().map { position, name in
            (name, Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($0.element, Self.value($0.offset + position)) }))
        })
        let expected = names.map { name in
            objects[name]!.map { Self.escaped("\(name)[\($0.key)]") + "=" + Self.escaped($0.value) }.sorted().joined(separator: "&")
        }.joined(separator: "&")
        #expect(try Contender.optimized.encode(objects) == expected)
    }
}
