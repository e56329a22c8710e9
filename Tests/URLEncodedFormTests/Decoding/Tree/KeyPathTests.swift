import Foundation
import Testing
import URLEncodedForm

/// Names as key paths (README, "Decoding forms"): brackets and dots, names unescaped before
/// they are split, malformed names as one plain key, the depth limit, and `KeyDecoding`.
struct KeyPathTests {
    private let decoder = URLEncodedFormDecoder()

    @Test func bracketsNestAndEmptyBracketsAppend() throws {
        #expect(try decoder.form("a[b][c]=1&a[d]=2&t[]=x&t[]=y") == .hash([
            "a": .hash(["b": .hash(["c": .value("1")]), "d": .value("2")]),
            "t": .array([.value("x"), .value("y")]),
        ]))
    }

    @Test func namesAreUnescapedBeforeTheyAreSplit() throws {
        #expect(try decoder.form("a%5Bb%5D=1&t%5B%5D=x") == .hash(["a": .hash(["b": .value("1")]), "t": .array([.value("x")])]))
    }

    @Test func malformedNamesAreOnePlainKey() throws {
        for name in ["a[b", "a]b[", "a[b]c", "a[b[c]]", "a]", "a[b]]", "[a]", "[]"] {
            #expect(try decoder.form("\(name)=1") == .hash([name: .value("1")]), "\(name)")
        }
    }

    @Test func dotsSplitUnderDotsDecodingOnly() throws {
        #expect(try decoder.form("a.b=1") == .hash(["a.b": .value("1")]))
        let dots = URLEncodedFormDecoder(keyPathDecoding: .dots)
        #expect(try dots.form("a.b.c=1&a.tags[]=x&a.items[0].name=n") == .hash(["a": .hash([
            "b": .hash(["c": .value("1")]),
            "tags": .array([.value("x")]),
            "items": .hash(["0": .hash(["name": .value("n")])]),
        ])]))
        for name in ["a..b", "a.", ".a", "a.b]"] {
            #expect(try dots.form("\(name)=1") == .hash([name: .value("1")]), "\(name)")
        }
    }

    @Test func depthUpToTheLimitDecodes() throws {
        let limited = URLEncodedFormDecoder(limits: .init(maximumDepth: 3))
        #expect(try limited.form("a[b][c][d]=1") == .hash(["a": .hash(["b": .hash(["c": .hash(["d": .value("1")])])])]))
    }

    @Test func depthPastTheLimitThrowsWhateverTheRestOfTheNameHolds() {
        let limited = URLEncodedFormDecoder(limits: .init(maximumDepth: 3))
        #expect(inputError { _ = try limited.parameters(from: "a[b][c][d][e]=1") } == .tooDeep(key: "a", limit: 3))
        // Malformed, but four openers all the same.
        #expect(inputError { _ = try limited.parameters(from: "x=1&a[[[[=1") } == .tooDeep(key: "a", limit: 3))
        #expect(inputError { _ = try limited.parameters(from: "k%5B%5B%5B%5B=1") } == .tooDeep(key: "k", limit: 3))
        let dots = URLEncodedFormDecoder(keyPathDecoding: .dots, limits: .init(maximumDepth: 1))
        #expect(inputError { _ = try dots.parameters(from: "a.b.c=1") } == .tooDeep(key: "a", limit: 1))
        let none = URLEncodedFormDecoder(limits: .init(maximumDepth: 0))
        #expect(inputError { _ = try none.parameters(from: "a[]=1") } == .tooDeep(key: "a", limit: 0))
    }

    @Test func theDefaultDepthIs64() {
        let deep = "a" + String(repeating: "[b]", count: 64)
        #expect((try? decoder.parameters(from: deep + "=1")) != nil)
        #expect(inputError { _ = try decoder.parameters(from: deep + "[c]=1") } == .tooDeep(key: "a", limit: 64))
    }

    @Test func theDepthErrorNamesAtMost64CharactersOfTheBase() {
        let base = String(repeating: "k", count: 100)
        let limited = URLEncodedFormDecoder(limits: .init(maximumDepth: 0))
        #expect(inputError { _ = try limited.parameters(from: base + "[x]=1") } == .tooDeep(key: String(repeating: "k", count: 64), limit: 0))
    }

    private struct User: Decodable, Equatable {
        let userId: Int
        let firstName: String
        let _private_: String
    }

    @Test func snakeCaseKeysConvertAsJSONDecoderConvertsThem() throws {
        let snake = URLEncodedFormDecoder(keyDecoding: .convertFromSnakeCase)
        let user = try snake.decode(User.self, from: "user_id=7&first_name=Ada&_private_=p")
        #expect(user == User(userId: 7, firstName: "Ada", _private_: "p"))
        // JSONDecoder is the oracle for the conversion itself.
        let keys = ["user_id", "_leading", "trailing__", "__both__", "a__b", "URL_path", "already", "x_y_z", "_", "__"]
        let json = JSONDecoder()
        json.keyDecodingStrategy = .convertFromSnakeCase
        for key in keys {
            let expected = try json.decode(KeyProbe.self, from: Data("{\"\(key)\": 1}".utf8)).keys
            let converted = try snake.decode(KeyProbe.self, from: "\(key)=1").keys
            #expect(converted == expected, "\(key)")
        }
    }

    @Test func kebabAndCustomKeyDecodingConvertEachSegment() throws {
        struct Inner: Decodable, Equatable { let lastName: String }
        struct Outer: Decodable, Equatable { let personName: Inner }
        let kebab = URLEncodedFormDecoder(keyDecoding: .convertFromKebabCase)
        #expect(try kebab.decode(Outer.self, from: "person-name[last-name]=Lovelace") == Outer(personName: Inner(lastName: "Lovelace")))
        let custom = URLEncodedFormDecoder(keyDecoding: .custom { $0.lowercased() })
        struct Lower: Decodable, Equatable { let name: String }
        #expect(try custom.decode(Lower.self, from: "NAME=x") == Lower(name: "x"))
    }
}

/// The keys of a keyed container as a decoder's `KeyDecoding` presents them.
private struct KeyProbe: Decodable {
    let keys: [String]
    init(from decoder: any Decoder) throws {
        keys = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
    }
}

/// Any key: for reading `allKeys` as sent.
struct AnyKey: CodingKey {
    let stringValue: String
    let intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue; intValue = Int(stringValue) }
    init(intValue: Int) { stringValue = String(intValue); self.intValue = intValue }
}
