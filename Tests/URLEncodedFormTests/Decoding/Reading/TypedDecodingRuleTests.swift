import Foundation
import Testing
import URLEncodedForm

/// Typed decoding, rule by rule: keyed containers (unknown keys ignored), unkeyed containers
/// from `[]`, from a repeated plain key and from an index hash ordered numerically, arrays of
/// objects, dictionaries, single values under each `duplicateKeys` policy, absent containers
/// and values, the coding paths and texts in errors. Leaves (numbers, dates, data, nil) are in
/// ``TypedLeafDecodingTests``. Every expected value is written by hand.
struct TypedDecodingRuleTests {
    let decoder = URLEncodedFormDecoder()

    struct User: Decodable, Equatable {
        let name: String
        let age: Int
    }

    struct Tags: Decodable, Equatable {
        let a: [String]
    }

    struct Item: Decodable, Equatable {
        let id: Int
        let name: String
    }

    struct Catalog: Decodable, Equatable {
        let items: [Item]
    }

    // MARK: Keyed

    @Test func keyedContainerReadsItsKeysAndIgnoresUnknownOnes() throws {
        #expect(try decoder.decode(User.self, from: "name=Ann&age=30") == User(name: "Ann", age: 30))
        #expect(try decoder.decode(User.self, from: "extra=1&age=30&name=Ann&more[x][]=2") == User(name: "Ann", age: 30))
    }

    struct Nested: Decodable, Equatable {
        let user: User
    }

    @Test func nestedKeyedContainerReadsAHash() throws {
        #expect(try decoder.decode(Nested.self, from: "user[age]=3&user[name]=Bo") == Nested(user: User(name: "Bo", age: 3)))
    }

    /// What a keyed container sees: `allKeys` and `contains`.
    struct Probe: Decodable {
        let keys: Set<String>
        let containsA: Bool
        let containsZ: Bool
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            keys = Set(container.allKeys.map(\.stringValue))
            containsA = container.contains(AnyKey(stringValue: "a"))
            containsZ = container.contains(AnyKey(stringValue: "z"))
        }
    }

    @Test func keyedContainerListsEverySentKeyOnce() throws {
        let probe = try decoder.decode(Probe.self, from: "a=1&b[c]=2&d[]=3&a=4&e")
        #expect(probe.keys == ["a", "b", "d", "e"])
        #expect(probe.containsA)
        #expect(!probe.containsZ)
    }

    // MARK: Unkeyed

    @Test func unkeyedContainerReadsAnArrayMadeWithEmptyBrackets() throws {
        #expect(try decoder.decode(Tags.self, from: "a[]=x&a[]=y&a[]=x") == Tags(a: ["x", "y", "x"]))
        #expect(try decoder.decode(Tags.self, from: "a[]=&a[]") == Tags(a: ["", ""]))
    }

    @Test func unkeyedContainerReadsTheValuesOfARepeatedPlainKey() throws {
        #expect(try decoder.decode(Tags.self, from: "a=x&a=y&a=z") == Tags(a: ["x", "y", "z"]))
        #expect(try decoder.decode(Tags.self, from: "a=x&b=0&a=y") == Tags(a: ["x", "y"]))
    }

    /// Keys sent in ascending order are added without searching the others (the tree checks
    /// each against the last): one sent again, last or after a later key, or after a key that
    /// ends the order, still joins the values it was sent with.
    @Test func repeatedKeyJoinsItsValuesWhereverTheOrderOfTheKeysBreaks() throws {
        struct Form: Decodable, Equatable { let a: [String]; let b: [String]; let c: [String]; let d: [String] }
        #expect(try decoder.decode(Form.self, from: "a=1&b=2&b=3&c=4&d=5")
                == Form(a: ["1"], b: ["2", "3"], c: ["4"], d: ["5"]))
        #expect(try decoder.decode(Form.self, from: "a=1&b=2&c=3&d=4&b=5&c=6")
                == Form(a: ["1"], b: ["2", "5"], c: ["3", "6"], d: ["4"]))
        #expect(try decoder.decode(Form.self, from: "b=1&d=2&a=3&d=4&c=5&b=6")
                == Form(a: ["3"], b: ["1", "6"], c: ["5"], d: ["2", "4"]))
        struct Outer: Decodable, Equatable { let x: Form }
        #expect(try decoder.decode(Outer.self, from: "x[b]=1&x[d]=2&x[a]=3&x[d]=4&a=5&x[b]=6")
                == Outer(x: Form(a: ["3"], b: ["1", "6"], c: [], d: ["2", "4"])))
        // Past 32 keys a hash's keys are looked up in a table, which an ascending key enters
        // without a search.
        let keys = (10 ..< 50).map { "k\($0)" }
        let wide = try decoder.decode([String: [String]].self, from: (keys.map { "\($0)=\($0)" } + ["k15=again", "k49=last"]).joined(separator: "&"))
        #expect(wide.count == 40 && wide["k15"] == ["k15", "again"] && wide["k49"] == ["k49", "last"] && wide["k30"] == ["k30"])
    }

    /// A wide hash whose keys came in ascending order is left out of the tree's table (the
    /// build never searches it); a type that reads it key by key, in any order, finds each key
    /// and misses the ones not sent, under the form's nesting as at its root.
    @Test func keysOfAWideHashSentInAscendingOrderAreFoundInAnyOrder() throws {
        struct Picks: Decodable, Equatable { let k49: String; let k10: String; let k31: Int; let k11: String?; let k50: String? }
        struct Outer: Decodable, Equatable { let x: Picks; let y: Picks }
        let form = (10 ..< 50).map { "k\($0)=\($0)" }.joined(separator: "&")
        #expect(try decoder.decode(Picks.self, from: form) == Picks(k49: "49", k10: "10", k31: 31, k11: "11", k50: nil))
        let nested = (10 ..< 50).flatMap { ["x[k\($0)]=\($0)", "y[k\($0)]=\(100 + $0)"] }.sorted().joined(separator: "&")
        #expect(try decoder.decode(Outer.self, from: nested)
                == Outer(x: Picks(k49: "49", k10: "10", k31: 31, k11: "11", k50: nil), y: Picks(k49: "149", k10: "110", k31: 131, k11: "111", k50: nil)))
    }

    @Test func plainKeySentOnceReadsAsAnArrayOfOne() throws {
        // What the encoder writes for a one-element array without brackets: the round trip
        // needs it back as one element.
        let text: String = try URLEncodedFormEncoder(arrayEncoding: .noBrackets).encode(["a": ["x"]])
        #expect(text == "a=x")
        #expect(try decoder.decode(Tags.self, from: "a=x") == Tags(a: ["x"]))
    }

    /// Every order of `a[0]`, `a[2]`, `a[10]`: a hash of indices reads in numeric order, its gaps
    /// closed.
    static let indexOrders = ["a[0]=p&a[2]=q&a[10]=r", "a[0]=p&a[10]=r&a[2]=q", "a[2]=q&a[0]=p&a[10]=r",
                              "a[2]=q&a[10]=r&a[0]=p", "a[10]=r&a[0]=p&a[2]=q", "a[10]=r&a[2]=q&a[0]=p"]

    @Test(arguments: indexOrders)
    func indexHashReadsInNumericOrderWithGapsClosed(_ query: String) throws {
        #expect(try decoder.decode(Tags.self, from: query) == Tags(a: ["p", "q", "r"]))
    }

    @Test func indicesInAlamofiresSortedTextOrderReadInNumericOrder() throws {
        let query = "a[0]=v0&a[1]=v1&a[10]=v10&a[11]=v11&a[2]=v2&a[3]=v3&a[4]=v4&a[5]=v5&a[6]=v6&a[7]=v7&a[8]=v8&a[9]=v9"
        #expect(try decoder.decode(Tags.self, from: query)
                == Tags(a: ["v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11"]))
    }

    /// An array of leaves whose indices come out of order fails at the first index whose value
    /// fails, not at the first value sent that fails: a path that reads the values in the
    /// order they came, to stream them, must still throw that error (one was tried:
    /// Benchmarks/README, "What each of the decoder's speed mechanisms buys", the twenty-third
    /// round).
    @Test func leavesSentOutOfOrderFailAtTheFirstIndexThatFails() throws {
        struct Counts: Decodable { let a: [Int] }
        // Sent as text sorts them: `10` (bad) comes before `2` (bad).
        let form = (0 ..< 12).map { "a[\($0)]=\($0 == 10 || $0 == 2 ? "x" : String($0))" }.sorted().joined(separator: "&")
        let error = decodingError { _ = try decoder.decode(Counts.self, from: form) }
        #expect(error?.kind == "dataCorrupted")
        #expect(error?.path == ["a", "#2"])

        // Texts read before a child that is no leaf (`a[1][k]`, sent last).
        let nested = "a[3]=d&a[0]=a&a[2]=c&a[1][k]=b"
        let texts = decodingError { _ = try decoder.decode(Tags.self, from: nested) }
        #expect(texts?.path == ["a", "#1"])
        #expect(texts?.kind == "typeMismatch")
    }

    /// The same array read element by element (`WrappedText`) and as leaves whole (`[String]`):
    /// the same values, or the same error at the same index.
    @Test(arguments: ["a[2]=c&a[0]=a&a[1]=b", "a[1]=b&a[10]=k&a[0]=a&a[2]=c&a[3]=d&a[4]=e&a[5]=f&a[6]=g&a[7]=h&a[8]=i&a[9]=j",
                      "a[1]=b&a[0][x]=a", "a[1]=b&a[0]=a&a[3]=d", "a[1]=b&a[0]=a&a[b]=c", "a[1]=b&a[0]=a&a[2][]=c", "a[1]=b&a[0]"])
    func leavesReadWholeAsElementByElement(_ form: String) {
        struct OneByOne: Decodable { let a: [WrappedText] }
        let whole = Result { try decoder.decode(Tags.self, from: form).a }
        let oneByOne = Result { try decoder.decode(OneByOne.self, from: form).a.map(\.text) }
        switch (whole, oneByOne) {
        case (.success(let left), .success(let right)):
            #expect(left == right, "\(form)")
        case (.failure(let left as DecodingError), .failure(let right as DecodingError)):
            #expect(left.kind == right.kind && left.path == right.path, "\(form): \(left) against \(right)")
        default:
            Issue.record("\(form): \(whole) against \(oneByOne)")
        }
    }

    @Test func hugeIndicesAreOrderedWithoutSizingAnything() throws {
        #expect(try decoder.decode(Tags.self, from: "a[4294967295]=x") == Tags(a: ["x"]))
        #expect(try decoder.decode(Tags.self, from: "a[18446744073709551616]=x") == Tags(a: ["x"]))
        #expect(try decoder.decode(Tags.self, from: "a[18446744073709551616]=x&a[2]=y") == Tags(a: ["y", "x"]))
        #expect(try decoder.decode(Tags.self, from: "a[18446744073709551616]=x&a[18446744073709551615]=y") == Tags(a: ["y", "x"]))
        #expect(try decoder.decode(Tags.self, from: "a[100000000000000000000000000000]=z&a[99999999999999999999999999999]=y&a[9223372036854775808]=x")
                == Tags(a: ["x", "y", "z"]))
    }

    /// 18 digits are read as a number, 19 and more compared by their digits (beyond every
    /// shorter index): the largest 19-digit index does not fit in an `Int`.
    @Test func indicesOfNineteenDigitsAndMoreReadAfterShorterOnes() throws {
        #expect(try decoder.decode(Tags.self, from: "a[9999999999999999999]=x&a[0]=y") == Tags(a: ["y", "x"]))
        #expect(try decoder.decode(Tags.self, from: "a[1000000000000000000]=x&a[999999999999999999]=y") == Tags(a: ["y", "x"]))
        #expect(try decoder.decode(Tags.self, from: "a[999999999999999999]=y&a[1000000000000000000]=x&a[1000000000000000001]=z")
                == Tags(a: ["y", "x", "z"]))
        #expect(try decoder.decode(Tags.self, from: "a[18446744073709551615]=y&a[18446744073709551616]=x") == Tags(a: ["y", "x"]))
    }

    /// Hashes that are not arrays: a key that is not `0` or `[1-9][0-9]*`.
    @Test(arguments: ["a[01]=x", "a[-1]=x", "a[%2B1]=x", "a[1e3]=x", "a[0]=x&a[b]=y", "a[1.0]=x", "a[%201]=x", "a[b]=x"])
    func hashWithAKeyThatIsNoIndexIsNoArray(_ query: String) {
        let error = decodingError { _ = try decoder.decode(Tags.self, from: query) }
        #expect(error?.kind == "typeMismatch", "\(query): \(String(describing: error))")
        #expect(error?.path == ["a"])
    }

    @Test func repeatedIndexIsASingleValueSentTwice() throws {
        #expect(try URLEncodedFormDecoder(duplicateKeys: .first).decode(Tags.self, from: "a[0]=x&a[0]=y") == Tags(a: ["x"]))
        #expect(try URLEncodedFormDecoder(duplicateKeys: .last).decode(Tags.self, from: "a[0]=x&a[0]=y") == Tags(a: ["y"]))
        let error = decodingError { _ = try decoder.decode(Tags.self, from: "a[0]=x&a[0]=y") }
        #expect(error?.kind == "dataCorrupted")
    }

    /// What an unkeyed container reports before it is read.
    struct CountProbe: Decodable {
        let count: Int?
        let values: [String]
        init(from decoder: any Decoder) throws {
            var container = try decoder.container(keyedBy: AnyKey.self).nestedUnkeyedContainer(forKey: AnyKey(stringValue: "a"))
            count = container.count
            var values: [String] = []
            while !container.isAtEnd { values.append(try container.decode(String.self)) }
            self.values = values
        }
    }

    @Test func unkeyedContainerCountsItsElementsWhateverTheIndices() throws {
        let sparse = try decoder.decode(CountProbe.self, from: "a[5]=x&a[1]=y&a[1000000]=z")
        #expect(sparse.count == 3)
        #expect(sparse.values == ["y", "x", "z"])
        let repeated = try decoder.decode(CountProbe.self, from: "a=1&a=2")
        #expect(repeated.count == 2)
        #expect(repeated.values == ["1", "2"])
        let absent = try decoder.decode(CountProbe.self, from: "b=1")
        #expect(absent.count == 0)
        #expect(absent.values == [])
    }

    struct MaybeTags: Decodable, Equatable {
        let tags: [String]?
    }

    @Test func optionalArrayIsNilWhenAbsentAndReadWhenSent() throws {
        #expect(try decoder.decode(MaybeTags.self, from: "x=1") == MaybeTags(tags: nil))
        #expect(try decoder.decode(MaybeTags.self, from: "tags[]=x") == MaybeTags(tags: ["x"]))
        #expect(try decoder.decode(MaybeTags.self, from: "tags[0]=x") == MaybeTags(tags: ["x"]))
    }

    struct Unique: Decodable, Equatable {
        let s: Set<Int>
    }

    @Test func setsReadAsUnkeyedContainers() throws {
        #expect(try decoder.decode(Unique.self, from: "s=3&s=1&s=3") == Unique(s: [1, 3]))
        #expect(try decoder.decode(Unique.self, from: "s[]=2") == Unique(s: [2]))
    }

    // MARK: Arrays of objects, arrays of arrays

    @Test func arrayOfObjectsFromIndices() throws {
        let expected = Catalog(items: [Item(id: 1, name: "a"), Item(id: 2, name: "b")])
        #expect(try decoder.decode(Catalog.self, from: "items[0][id]=1&items[0][name]=a&items[1][id]=2&items[1][name]=b") == expected)
        #expect(try decoder.decode(Catalog.self, from: "items[1][name]=b&items[0][id]=1&items[1][id]=2&items[0][name]=a") == expected)
        #expect(try decoder.decode(Catalog.self, from: "items[7][id]=2&items[7][name]=b&items[3][name]=a&items[3][id]=1") == expected)
    }

    @Test func arrayOfObjectsFromEmptyBrackets() throws {
        #expect(try decoder.decode(Catalog.self, from: "items[][id]=1&items[][name]=a&items[][id]=2&items[][name]=b")
                == Catalog(items: [Item(id: 1, name: "a"), Item(id: 2, name: "b")]))
    }

    struct Matrix: Decodable, Equatable {
        let m: [[Int]]
    }

    @Test func arraysOfArrays() throws {
        #expect(try decoder.decode(Matrix.self, from: "m[0][]=1&m[0][]=2&m[1][]=3") == Matrix(m: [[1, 2], [3]]))
        #expect(try decoder.decode(Matrix.self, from: "m[1][0]=3&m[0][1]=2&m[0][0]=1") == Matrix(m: [[1, 2], [3]]))
        #expect(try decoder.decode(Matrix.self, from: "m[][]=1&m[][]=2") == Matrix(m: [[1], [2]]))
    }

    // MARK: Dictionaries

    struct Maps: Decodable, Equatable {
        let byName: [String: Int]
        let byNumber: [Int: String]
    }

    @Test func dictionariesReadHashes() throws {
        #expect(try decoder.decode(Maps.self, from: "byName[x]=1&byName[y%20z]=2&byNumber[1]=a&byNumber[20]=b")
                == Maps(byName: ["x": 1, "y z": 2], byNumber: [1: "a", 20: "b"]))
        #expect(try decoder.decode([String: Int].self, from: "a=1&b=2") == ["a": 1, "b": 2])
        #expect(scalarsEqual(try decoder.decode([String: [String]].self, from: "a[]=1&b=2&b=3"), ["a": ["1"], "b": ["2", "3"]]))
    }

    @Test func intKeyedDictionaryRefusesAKeyThatIsNoNumber() {
        #expect(decodingError { _ = try decoder.decode(Maps.self, from: "byNumber[x]=a") } != nil)
    }

    // MARK: Single values and repeated keys

    struct Color: Decodable, Equatable {
        let color: String
    }

    @Test func repeatedKeyReadAsOneValueIsAnErrorNamingTheKeyAndTheCount() {
        let error = decodingError { _ = try decoder.decode(Color.self, from: "color=red&color=green&color=blue") }
        #expect(error?.kind == "dataCorrupted")
        #expect(error?.path == ["color"])
        let message = error?.context?.debugDescription ?? ""
        #expect(message.contains("color"), "\(message)")
        #expect(message.contains("3"), "\(message)")
    }

    @Test func repeatedKeyReadsTheFirstOrTheLastValueByPolicy() throws {
        let query = "color=red&color=green&color=blue"
        #expect(try URLEncodedFormDecoder(duplicateKeys: .first).decode(Color.self, from: query) == Color(color: "red"))
        #expect(try URLEncodedFormDecoder(duplicateKeys: .last).decode(Color.self, from: query) == Color(color: "blue"))
        #expect(try URLEncodedFormDecoder(duplicateKeys: .last).decode(Nested.self, from: "user[name]=A&user[age]=1&user[name]=B")
                == Nested(user: User(name: "B", age: 1)))
    }

    @Test func singleValueAskedOfAnArrayOrAHashIsATypeMismatch() {
        let array = decodingError { _ = try decoder.decode(Color.self, from: "color[]=red") }
        #expect(array?.kind == "typeMismatch")
        #expect(array?.path == ["color"])
        let hash = decodingError { _ = try decoder.decode(Color.self, from: "color[r]=1") }
        #expect(hash?.kind == "typeMismatch")
        #expect(hash?.path == ["color"])
    }

    @Test func keyedContainerAskedOfALeafOrAnArrayIsATypeMismatch() {
        let leaf = decodingError { _ = try decoder.decode(Nested.self, from: "user=Ann") }
        #expect(leaf?.kind == "typeMismatch")
        #expect(leaf?.path == ["user"])
        let array = decodingError { _ = try decoder.decode(Nested.self, from: "user[]=Ann") }
        #expect(array?.kind == "typeMismatch")
        #expect(array?.path == ["user"])
    }

    // MARK: Absent keys

    struct Optionals: Decodable, Equatable {
        let note: String?
    }

    struct Containers: Decodable, Equatable {
        let tags: [String]
        let counts: [String: Int]
        let flags: Set<Int>
        let inner: Optionals
    }

    @Test func absentArraysAndObjectsReadAsEmpty() throws {
        let empty = Containers(tags: [], counts: [:], flags: [], inner: Optionals(note: nil))
        #expect(try decoder.decode(Containers.self, from: "") == empty)
        #expect(try decoder.decode(Containers.self, from: "other=1&x[]=2") == empty)
        #expect(try decoder.decode(Containers.self, from: "inner[note]=n&tags[]=t")
                == Containers(tags: ["t"], counts: [:], flags: [], inner: Optionals(note: "n")))
    }

    @Test func absentSingleValueIsKeyNotFoundOrNilThroughDecodeIfPresent() throws {
        let error = decodingError { _ = try decoder.decode(User.self, from: "age=1") }
        guard case .keyNotFound(let key, let context)? = error else {
            Issue.record("expected keyNotFound, got \(String(describing: error))")
            return
        }
        #expect(key.stringValue == "name")
        #expect(context.codingPath.isEmpty)
        #expect(try decoder.decode(Optionals.self, from: "other=1") == Optionals(note: nil))
    }

    struct Outer: Decodable, Equatable {
        let inner: User
    }

    @Test func absentObjectWithARequiredValueIsKeyNotFoundInsideIt() {
        let error = decodingError { _ = try decoder.decode(Outer.self, from: "x=1") }
        guard case .keyNotFound(let key, _)? = error else {
            Issue.record("expected keyNotFound, got \(String(describing: error))")
            return
        }
        #expect(["name", "age"].contains(key.stringValue))
        #expect(error?.path == ["inner"])
    }

    // MARK: Coding paths and texts in errors

    @Test func errorsCarryTheFullCodingPathWithIndicesAsIntValues() {
        let byIndex = decodingError { _ = try decoder.decode(Catalog.self, from: "items[0][id]=1&items[0][name]=a&items[1][id]=12a&items[1][name]=b") }
        #expect(byIndex?.path == ["items", "#1", "id"])
        let byBrackets = decodingError { _ = try decoder.decode(Catalog.self, from: "items[][id]=1&items[][name]=a&items[][id]=12a&items[][name]=b") }
        #expect(byBrackets?.path == ["items", "#1", "id"])
        let repeated = decodingError { _ = try decoder.decode(Single<[Int]>.self, from: "v=1&v=2&v=12a") }
        #expect(repeated?.path == ["v", "#2"])
        let nested = decodingError { _ = try decoder.decode(Single<[String: [String: Int]]>.self, from: "v[k][j]=12a") }
        #expect(nested?.path == ["v", "k", "j"])
        let missing = decodingError { _ = try decoder.decode(Catalog.self, from: "items[0][id]=1&items[0][name]=a&items[1][id]=2") }
        #expect(missing?.kind == "keyNotFound")
        #expect(missing?.path == ["items", "#1"])
    }

    @Test func valueThatDoesNotParseIsDataCorruptedNamingTheTextFound() {
        let error = decodingError { _ = try decoder.leaf(Int.self, "12a") }
        #expect(error?.kind == "dataCorrupted")
        #expect(error?.path == ["v"])
        #expect(error?.context?.debugDescription.contains("12a") == true, "\(String(describing: error))")
    }

    @Test(arguments: ["maybe", "12a", "yes"])
    func valueOfTheWrongKindNamesTheTextFound(_ text: String) {
        let error = decodingError { _ = try decoder.leaf(Bool.self, text) }
        #expect(["typeMismatch", "dataCorrupted"].contains(error?.kind ?? ""))
        #expect(error?.context?.debugDescription.contains(text) == true, "\(String(describing: error))")
    }
}
