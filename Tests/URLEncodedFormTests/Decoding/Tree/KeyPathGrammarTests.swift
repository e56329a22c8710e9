import Foundation
import Testing
import URLEncodedForm

/// Key paths: the `.brackets` grammar (`base[seg]…`, `[]` appends) and `.dots` on top of it;
/// names unescaped before they are split; names that do not fit the grammar read as one plain
/// key, literally; the depth limit exactly at and beyond `maximumDepth`, whatever the rest of
/// the name holds; and `keyDecoding` applied per segment (`JSONDecoder` is the oracle for
/// `.convertFromSnakeCase`). Expected trees are written by hand.
struct KeyPathGrammarTests {
    let brackets = URLEncodedFormDecoder()
    let dots = URLEncodedFormDecoder(keyPathDecoding: .dots)

    /// A one-key hash `{key: value}`.
    func plain(_ key: String, _ value: String = "1") -> Form {
        .hash([key: .value(value)])
    }

    // MARK: Brackets

    @Test func bracketSegmentsNestHashesAndEmptyBracketsAppend() throws {
        #expect(try brackets.form("a[b]=1") == .hash(["a": .hash(["b": .value("1")])]))
        #expect(try brackets.form("a[b][c]=1") == .hash(["a": .hash(["b": .hash(["c": .value("1")])])]))
        #expect(try brackets.form("a[]=1") == .hash(["a": .array([.value("1")])]))
        #expect(try brackets.form("a[b][]=1&a[b][]=2") == .hash(["a": .hash(["b": .array([.value("1"), .value("2")])])]))
        #expect(try brackets.form("a[0]=1") == .hash(["a": .hash(["0": .value("1")])]))
        #expect(try brackets.form("a[ ]=1") == .hash(["a": .hash([" ": .value("1")])]))
        #expect(try brackets.form("a[b.c]=1") == .hash(["a": .hash(["b.c": .value("1")])]))
    }

    @Test func namesAreUnescapedBeforeTheyAreSplit() throws {
        let nested = Form.hash(["a": .hash(["b": .value("1")])])
        #expect(try brackets.form("a%5Bb%5D=1") == nested)
        #expect(try brackets.form("a%5bb%5d=1") == nested)
        #expect(try brackets.form("a%5Bb]=1") == nested)
        #expect(try brackets.form("a%5B%5D=1&a[]=2") == .hash(["a": .array([.value("1"), .value("2")])]))
        #expect(try dots.form("a%2Eb=1") == nested)
        #expect(try brackets.form("a[%5D]=1") == plain("a[]]"))
        #expect(try brackets.form("a+b[c+d]=1") == .hash(["a b": .hash(["c d": .value("1")])]))
    }

    /// Names that do not fit `base[seg]…`: each is one plain key, the whole decoded name.
    static let malformedNames = ["a[b", "a]b[", "[a]", "a[b]c", "a[b[c]]", "a[b]]", "a]", "a[]b", "a[b][",
                                 "a[[b]]", "[]", "[", "]", "a[b]c[d]", "a%5Bb"]

    @Test(arguments: malformedNames)
    func malformedNameIsOnePlainKey(_ name: String) throws {
        let decoded = name.replacingOccurrences(of: "%5B", with: "[")
        #expect(try brackets.form(name + "=1") == plain(decoded))
    }

    @Test func emptyNameIsThePlainKeyEmptyString() throws {
        #expect(try brackets.form("=x") == plain("", "x"))
        #expect(try dots.form("=x") == plain("", "x"))
    }

    @Test func dotsArePlainCharactersUnderBrackets() throws {
        #expect(try brackets.form("a.b.c=1") == plain("a.b.c"))
        #expect(try brackets.form("a.b[c]=1") == .hash(["a.b": .hash(["c": .value("1")])]))
    }

    // MARK: Dots

    @Test func dotSegmentsNestHashes() throws {
        #expect(try dots.form("a.b.c=1") == .hash(["a": .hash(["b": .hash(["c": .value("1")])])]))
        #expect(try dots.form("a.b=1&a.c=2") == .hash(["a": .hash(["b": .value("1"), "c": .value("2")])]))
    }

    @Test func dotsMixWithBrackets() throws {
        #expect(try dots.form("a.tags[]=x&a.tags[]=y")
                == .hash(["a": .hash(["tags": .array([.value("x"), .value("y")])])]))
        #expect(try dots.form("a.items[0].name=n")
                == .hash(["a": .hash(["items": .hash(["0": .hash(["name": .value("n")])])])]))
        #expect(try dots.form("a[b].c=1") == .hash(["a": .hash(["b": .hash(["c": .value("1")])])]))
        #expect(try dots.form("a[].x=1&a[].x=2")
                == .hash(["a": .array([.hash(["x": .value("1")]), .hash(["x": .value("2")])])]))
        // Inside brackets a dot is part of the segment.
        #expect(try dots.form("a[b.c]=1") == .hash(["a": .hash(["b.c": .value("1")])]))
    }

    /// Names that do not fit the `.dots` grammar (an empty segment or base).
    @Test(arguments: ["a..b", "a.", ".a", ".", "a.b.", "a.[b]", "a.b["])
    func malformedDottedNameIsOnePlainKey(_ name: String) throws {
        #expect(try dots.form(name + "=1") == plain(name))
    }

    /// The typed side reads the same paths.
    struct Account: Decodable, Equatable {
        struct User: Decodable, Equatable {
            let name: String
            let tags: [String]
        }
        let user: User
    }

    @Test func typedDecodingFollowsBracketAndDotPaths() throws {
        let expected = Account(user: .init(name: "Ann", tags: ["x", "y"]))
        #expect(try brackets.decode(Account.self, from: "user[name]=Ann&user[tags][]=x&user[tags][]=y") == expected)
        #expect(try brackets.decode(Account.self, from: "user%5Bname%5D=Ann&user%5Btags%5D%5B%5D=x&user%5Btags%5D%5B%5D=y") == expected)
        #expect(try dots.decode(Account.self, from: "user.name=Ann&user.tags[]=x&user.tags[]=y") == expected)
        #expect(try dots.decode(Account.self, from: "user.name=Ann&user.tags.0=x&user.tags.1=y") == expected)
    }

    // MARK: Depth

    /// `base` followed by `count` segments `[x]`, and `=1`.
    func deep(_ count: Int, base: String = "a") -> String {
        base + String(repeating: "[x]", count: count) + "=1"
    }

    func depth(_ limit: Int, _ keyPaths: URLEncodedFormDecoder.KeyPathDecoding = .brackets) -> URLEncodedFormDecoder {
        URLEncodedFormDecoder(keyPathDecoding: keyPaths, limits: .init(maximumDepth: limit))
    }

    @Test func defaultDepthLimitIs64Segments() throws {
        var expected = Form.value("1")
        for _ in 0..<64 { expected = .hash(["x": expected]) }
        #expect(try brackets.form(deep(64)) == .hash(["a": expected]))
        #expect(inputError { _ = try brackets.parameters(from: deep(65)) } == .tooDeep(key: "a", limit: 64))
        #expect(inputError { _ = try brackets.decode([String: String].self, from: deep(65)) } == .tooDeep(key: "a", limit: 64))
    }

    @Test func loweredDepthLimitThrowsOneSegmentPastIt() throws {
        #expect(try depth(2).form("a[b][c]=1") == .hash(["a": .hash(["b": .hash(["c": .value("1")])])]))
        #expect(try depth(2).form("a[][]=1") == .hash(["a": .array([.array([.value("1")])])]))
        #expect(inputError { _ = try depth(2).parameters(from: "a[b][c][d]=1") } == .tooDeep(key: "a", limit: 2))
        #expect(inputError { _ = try depth(2).parameters(from: "a[][][]=1") } == .tooDeep(key: "a", limit: 2))
        #expect(try depth(0).form("a=1") == plain("a"))
        #expect(inputError { _ = try depth(0).parameters(from: "a[]=1") } == .tooDeep(key: "a", limit: 0))
        #expect(inputError { _ = try depth(0).parameters(from: "a%5Bb%5D=1") } == .tooDeep(key: "a", limit: 0))
    }

    @Test func raisedDepthLimitAcceptsUpToIt() throws {
        #expect(throws: Never.self) { try depth(100).parameters(from: deep(100)) }
        #expect(inputError { _ = try depth(100).parameters(from: deep(101)) } == .tooDeep(key: "a", limit: 100))
    }

    @Test func depthCountsOpeningBracketsWhateverTheRestOfTheNameHolds() throws {
        // 64 `[` with no `]`: a malformed name, so a plain key; 65: too deep all the same.
        let open64 = "a" + String(repeating: "[", count: 64)
        #expect(try brackets.form(open64 + "=1") == plain(open64))
        #expect(inputError { _ = try brackets.parameters(from: "a" + String(repeating: "[", count: 65) + "=1") }
                == .tooDeep(key: "a", limit: 64))
        #expect(inputError { _ = try brackets.parameters(from: String(repeating: "[", count: 65)) }
                == .tooDeep(key: "", limit: 64))
        #expect(inputError { _ = try depth(1).parameters(from: "a[b]c[d]=1") } == .tooDeep(key: "a", limit: 1))
        // Closing brackets open nothing, and brackets in a value are not a name's.
        #expect(try depth(0).form("a]]]=1") == plain("a]]]"))
        #expect(try depth(0).form("a=%5B%5B[[") == plain("a", "[[[["))
    }

    @Test func depthErrorNamesTheBaseCutTo64Characters() throws {
        let base = String(repeating: "k", count: 100)
        #expect(inputError { _ = try brackets.parameters(from: deep(65, base: base)) }
                == .tooDeep(key: String(repeating: "k", count: 64), limit: 64))
        let accented = String(repeating: "\u{E9}", count: 100)
        let error = inputError { _ = try brackets.parameters(from: deep(65, base: accented)) }
        guard let error, error.code == .tooDeep, error.limit == 64, let key = error.key else {
            Issue.record("expected tooDeep, got \(String(describing: error))")
            return
        }
        #expect(Array(key.unicodeScalars) == Array(String(repeating: "\u{E9}", count: 64).unicodeScalars))
    }

    @Test func dotsCountTowardDepthUnderDotsOnly() throws {
        #expect(try depth(1, .dots).form("a.b=1") == .hash(["a": .hash(["b": .value("1")])]))
        #expect(inputError { _ = try depth(1, .dots).parameters(from: "a.b.c=1") } == .tooDeep(key: "a", limit: 1))
        #expect(inputError { _ = try depth(1, .dots).parameters(from: "user.b[c]=1") } == .tooDeep(key: "user", limit: 1))
        #expect(inputError { _ = try depth(1, .dots).parameters(from: "user[b].c=1") } == .tooDeep(key: "user", limit: 1))
        #expect(try depth(0, .brackets).form("a.b.c.d=1") == plain("a.b.c.d"))
    }

    // MARK: Key decoding

    /// The keys of the root hash, after `keyDecoding`.
    struct RootKeys: Decodable {
        let keys: [String]
        init(from decoder: any Decoder) throws {
            keys = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
        }
    }

    /// `key` as `JSONDecoder` converts it from snake case: the oracle.
    func jsonDecoderConversion(of key: String) throws -> String {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let json = try JSONSerialization.data(withJSONObject: [key: 1])
        return try #require(try decoder.decode(RootKeys.self, from: json).keys.first)
    }

    func formConversion(of key: String, _ keyDecoding: URLEncodedFormDecoder.KeyDecoding) throws -> String {
        let decoder = URLEncodedFormDecoder(keyDecoding: keyDecoding)
        return try #require(try decoder.decode(RootKeys.self, from: key + "=1").keys.first)
    }

    /// Snake-case keys and their camel-case conversion, by hand from `JSONDecoder`'s rules:
    /// underscores split words, the first word is lower-cased and the others capitalized, and
    /// leading and trailing underscores are kept.
    static let snakeCaseKeys: [(key: String, converted: String)] = [
        ("user_id", "userId"), ("_private_", "_private_"), ("__x__", "__x__"), ("a__b", "aB"),
        ("URL_path", "urlPath"), ("a_b_c", "aBC"), ("already", "already"), ("_", "_"), ("__", "__"),
        ("user_ID", "userId"), ("_leading", "_leading"), ("trailing_", "trailing_"),
    ]

    @Test(arguments: snakeCaseKeys)
    func snakeCaseConvertsAsJSONDecoderDoes(_ vector: (key: String, converted: String)) throws {
        let jsonDecoder = try jsonDecoderConversion(of: vector.key)
        #expect(jsonDecoder == vector.converted, "the hand-written expectation disagrees with JSONDecoder")
        #expect(try formConversion(of: vector.key, .convertFromSnakeCase) == jsonDecoder)
    }

    @Test(arguments: ["a_b", "two_words_here", "x1_y2", "mixed_Case_Key", "a1_2b", "HTTP_header_name", "ends_with_"])
    func snakeCaseAgreesWithJSONDecoder(_ key: String) throws {
        #expect(try formConversion(of: key, .convertFromSnakeCase) == jsonDecoderConversion(of: key))
    }

    /// Kebab-case keys and their conversion: the snake-case rules with `-` for `_`.
    static let kebabCaseKeys: [(key: String, converted: String)] = [
        ("user-id", "userId"), ("-private-", "-private-"), ("--x--", "--x--"), ("a--b", "aB"),
        ("URL-path", "urlPath"), ("a-b-c", "aBC"), ("already", "already"),
    ]

    @Test(arguments: kebabCaseKeys)
    func kebabCaseConvertsAsSnakeCaseDoesForHyphens(_ vector: (key: String, converted: String)) throws {
        let viaJSONDecoder = try jsonDecoderConversion(of: vector.key.replacingOccurrences(of: "-", with: "_"))
            .replacingOccurrences(of: "_", with: "-")
        #expect(viaJSONDecoder == vector.converted, "the hand-written expectation disagrees with JSONDecoder")
        #expect(try formConversion(of: vector.key, .convertFromKebabCase) == vector.converted)
    }

    @Test func kebabCaseLeavesUnderscoresAndSnakeCaseLeavesHyphens() throws {
        #expect(try formConversion(of: "a_b", .convertFromKebabCase) == "a_b")
        #expect(try formConversion(of: "a-b", .convertFromSnakeCase) == "a-b")
    }

    struct Profile: Decodable, Equatable {
        struct Info: Decodable, Equatable {
            let firstName: String
            let itemIds: [Int]
        }
        let userInfo: Info
    }

    @Test func keyDecodingConvertsEverySegmentNotTheWholeName() throws {
        let expected = Profile(userInfo: .init(firstName: "Ann", itemIds: [1, 2]))
        let snake = URLEncodedFormDecoder(keyDecoding: .convertFromSnakeCase)
        #expect(try snake.decode(Profile.self, from: "user_info[first_name]=Ann&user_info[item_ids][]=1&user_info[item_ids][]=2") == expected)
        let snakeDots = URLEncodedFormDecoder(keyPathDecoding: .dots, keyDecoding: .convertFromSnakeCase)
        #expect(try snakeDots.decode(Profile.self, from: "user_info.first_name=Ann&user_info.item_ids[1]=2&user_info.item_ids[0]=1") == expected)
        let kebab = URLEncodedFormDecoder(keyDecoding: .convertFromKebabCase)
        #expect(try kebab.decode(Profile.self, from: "user-info[first-name]=Ann&user-info[item-ids]=1&user-info[item-ids]=2") == expected)
    }

    struct Shouting: Decodable, Equatable {
        struct Inner: Decodable, Equatable {
            let NAME: String
        }
        let USER: Inner
    }

    @Test func customKeyDecodingMapsEachSegment() throws {
        let upper = URLEncodedFormDecoder(keyDecoding: .custom { $0.uppercased() })
        #expect(try upper.decode(Shouting.self, from: "user[name]=Ann") == Shouting(USER: .init(NAME: "Ann")))
        // A closure that saw the brackets would map `user[name]` to a key no type asks for.
        let marked = URLEncodedFormDecoder(keyDecoding: .custom { "<" + $0 + ">" })
        #expect(try marked.decode(RootKeys.self, from: "user[name]=Ann").keys == ["<user>"])
        #expect(try marked.decode(Marked.self, from: "user[name]=Ann").user.keys == ["<name>"])
    }

    /// A root whose one key is `<user>`, holding the keys below it.
    struct Marked: Decodable {
        let user: RootKeys
        enum CodingKeys: String, CodingKey {
            case user = "<user>"
        }
    }
}
