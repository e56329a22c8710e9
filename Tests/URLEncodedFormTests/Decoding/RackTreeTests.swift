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

    /// Rack appends `nil` for `a[][][]` (its inner name `[][]` has no key); the tree drops it, so
    /// the array is empty, in Rack's view and to a type alike. Found by the fuzz target, whose
    /// round trip then met an empty optional array, which writes nothing (README, "The round trip").
    @Test func anAppendRackReadsAsNilLeavesAnEmptyArray() throws {
        #expect(try decoder.form("a[][][]=1") == .hash(["a": .array([])]))
        struct Optionals: Decodable { let a: [Int]? }
        #expect(try decoder.decode(Optionals.self, from: "a[][][]=1").a == [])
        #expect(try decoder.decode(Optionals.self, from: "b=1").a == nil)
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
