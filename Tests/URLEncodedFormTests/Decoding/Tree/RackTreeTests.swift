import Foundation
import Testing
import URLEncodedForm

/// How pairs merge into one tree, and the view of it `parameters(from:)` gives, as Rack's
/// `parse_nested_query` gives it (README, "Decoding forms"); each case is a row of the
/// README's table, printed by Rack 2.2.
struct RackTreeTests {
    private let decoder = URLEncodedFormDecoder()

    @Test func aPlainValueReplacesWhatTheKeyHeld() throws {
        #expect(try decoder.form("a=1&a=2") == .hash(["a": .value("2")]))
        #expect(try decoder.form("a[b]=1&a=2") == .hash(["a": .value("2")]))
        #expect(try decoder.form("a[]=1&a=2") == .hash(["a": .value("2")]))
    }

    @Test func emptyBracketsAppendAtAnyDepth() throws {
        #expect(try decoder.form("a[]=1&a[]=2") == .hash(["a": .array([.value("1"), .value("2")])]))
        #expect(try decoder.form("x[y][]=1&x[y][]=2") == .hash(["x": .hash(["y": .array([.value("1"), .value("2")])])]))
    }

    @Test func keysMakeHashesAndIndicesAreHashKeys() throws {
        #expect(try decoder.form("a[b]=1&a[c]=2") == .hash(["a": .hash(["b": .value("1"), "c": .value("2")])]))
        #expect(try decoder.form("a[0]=x&a[1]=y") == .hash(["a": .hash(["0": .value("x"), "1": .value("y")])]))
    }

    @Test func aNewElementStartsWhenTheLastAlreadyHasTheKey() throws {
        #expect(try decoder.form("a[][x]=1&a[][y]=2&a[][x]=3") == .hash(["a": .array([
            .hash(["x": .value("1"), "y": .value("2")]), .hash(["x": .value("3")]),
        ])]))
        #expect(try decoder.form("a[][x][y]=1&a[][x][z]=2&a[][x][y]=3") == .hash(["a": .array([
            .hash(["x": .hash(["y": .value("1"), "z": .value("2")])]), .hash(["x": .hash(["y": .value("3")])]),
        ])]))
        // A path with another `[]` in it never "has the key": it goes into the last element.
        #expect(try decoder.form("a[][x][]=1&a[][x][]=2") == .hash(["a": .array([.hash(["x": .array([.value("1"), .value("2")])])])]))
        #expect(try decoder.form("a[][]=1&a[][]=2") == .hash(["a": .array([.array([.value("1")]), .array([.value("2")])])]))
    }

    /// Rack appends `nil` for `[]` followed by two `[]`s or more (the inner name `[][]` has no
    /// key) and drops the value; where the last element is a hash it drops both. Our view spells
    /// that `nil` `NSNull`; to a type it is `nil`, and anything else it is read as throws
    /// `valueNotFound`, as `JSONDecoder` throws for `null`.
    @Test func anAppendFollowedByTwoAppendsIsANullElementAsInRack() throws {
        #expect(try decoder.form("a[][][]=1") == .hash(["a": .array([.null])]))
        #expect(try decoder.form("a[][][][]=1&a[][][]=2&a[]=3") == .hash(["a": .array([.null, .null, .value("3")])]))
        #expect(try decoder.form("a[][][]=1&a[][x]=2&a[][][]=3") == .hash(["a": .array([.null, .hash(["x": .value("2")])])]))
        #expect(try decoder.form("a[b][][][]=1") == .hash(["a": .hash(["b": .array([.null])])]))
        struct Elements: Decodable, Equatable { let a: [Int?] }
        #expect(try decoder.decode(Elements.self, from: "a[][][]=1&a[]=2") == Elements(a: [nil, 2]))
        struct Values: Decodable { let a: [Int] }
        struct Arrays: Decodable { let a: [[Int]] }
        struct Hashes: Decodable { struct X: Decodable { let x: Int? }; let a: [X] }
        for read in [{ _ = try decoder.decode(Values.self, from: "a[][][]=1") },
                     { _ = try decoder.decode(Arrays.self, from: "a[][][]=1") },
                     { _ = try decoder.decode(Hashes.self, from: "a[][][]=1") }] as [() throws -> Void] {
            #expect {
                try read()
            } throws: { error in
                guard case DecodingError.valueNotFound(_, let context) = error else { return false }
                return context.codingPath.map(\.stringValue) == ["a", "0"] && context.codingPath.last?.intValue == 0
                    && context.debugDescription.hasSuffix("found a null element (`[]` followed by two `[]`s or more).")
            }
        }
    }

    @Test func aNestedValueUnderAValueOrAnArrayWhereAHashIsIsAConflict() {
        for form in ["a=1&a[]=2", "a=2&a[b]=1", "a[x]=1&a[]=2", "a[b][]=1&a[b][c]=2", "a[]=1&a[b]=2"] {
            #expect(inputError { _ = try decoder.parameters(from: form) } != nil, "\(form)")
        }
        #expect(inputError { _ = try decoder.parameters(from: "a=1&a[]=2") } == .conflictingKey("a"))
        #expect(inputError { _ = try decoder.parameters(from: "x[a][b]=1&x[a][]=2") } == .conflictingKey("a"))
    }

    @Test func keysThatSwiftFindsEqualButAreSpelledApartAreAConflict() {
        #expect(inputError { _ = try decoder.parameters(from: "caf%C3%A9=1&cafe%CC%81=2") } == .conflictingKey("cafe\u{301}"))
    }

    @Test func parametersReEncodeThroughURLEncoding() throws {
        let parameters = try decoder.parameters(from: "b[]=1&b[]=2&a[x]=y&c=z")
        let query: String = try URLEncoding.default.encode(parameters)
        #expect(query == "a%5Bx%5D=y&b%5B%5D=1&b%5B%5D=2&c=z")
    }
}
