import Foundation
import Testing
import URLEncodedForm

/// `sortsArrayElements: false`, an option of the optimized encoder only: with
/// `alphabetizeKeyValuePairs`, objects are sorted as Alamofire sorts them and arrays keep their
/// index order (README, "Options"; DocC, "Choosing Options", Sorting). The fuzzed properties of
/// the same rule are in `ArrayOrderPropertyTests`.
struct ArraysInOrderTests {
    /// The optimized encoder's text for `value` with arrays in index order.
    private func inOrder(_ value: some Encodable, _ options: FormOptions = FormOptions()) throws -> String {
        try OptimizedAdapter.encode(value, options, sortsArrayElements: false)
    }

    /// The optimized encoder's text for `value` with Alamofire's order, arrays sorted.
    private func sorted(_ value: some Encodable, _ options: FormOptions = FormOptions()) throws -> String {
        try OptimizedAdapter.encode(value, options)
    }

    /// Twelve elements `a[i]` of value `11 - i`, so that neither the indices' text nor the
    /// values are in sorted order.
    private static let twelve = ["a": Array((0...11).reversed())]

    private static func indexed(_ order: [Int], open: String, close: String) -> String {
        order.map { "a\(open)\($0)\(close)=\(11 - $0)" }.joined(separator: "&")
    }

    @Test func indexedElementsKeepTheirIndexOrder() throws {
        let options = FormOptions(arrayEncoding: .indexInBrackets)
        #expect(try inOrder(Self.twelve, options) == Self.indexed(Array(0...11), open: "%5B", close: "%5D"))
    }

    @Test func indexedElementsAreSortedByTheirEscapedKeysByDefault() throws {
        // "a%5B1%5D" sorts before "a%5B10%5D": "%" (0x25) comes before "0" (0x30).
        let options = FormOptions(arrayEncoding: .indexInBrackets)
        let expected = Self.indexed([0, 1, 10, 11, 2, 3, 4, 5, 6, 7, 8, 9], open: "%5B", close: "%5D")
        #expect(try sorted(Self.twelve, options) == expected)
    }

    @Test func literalBracketsKeepTheirIndexOrder() throws {
        var allowed = CharacterSet.afURLQueryAllowed
        allowed.insert(charactersIn: "[]")
        let options = FormOptions(arrayEncoding: .indexInBrackets, allowedCharacters: .set(allowed))
        #expect(try inOrder(Self.twelve, options) == Self.indexed(Array(0...11), open: "[", close: "]"))
        // Alamofire's order: "a[10]" and "a[11]" before "a[1]", since "]" (0x5D) comes after "0".
        let alamofire = Self.indexed([0, 10, 11, 1, 2, 3, 4, 5, 6, 7, 8, 9], open: "[", close: "]")
        #expect(try sorted(Self.twelve, options) == alamofire)
    }

    @Test func unbracketedLeavesKeepTheirOrderAmongSortedKeys() throws {
        let value = VectorNode.object([("to", .array([.text("c"), .text("a"), .text("b")])), ("from", .text("x"))])
        let options = FormOptions(arrayEncoding: .noBrackets)
        #expect(try inOrder(value, options) == "from=x&to=c&to=a&to=b")
        #expect(try sorted(value, options) == "from=x&to=a&to=b&to=c")
    }

    @Test func bracketedLeavesKeepTheirOrder() throws {
        let value = ["tags": ["swift", "linux", "10", "9", "linux"]]
        #expect(try inOrder(value) == "tags%5B%5D=swift&tags%5B%5D=linux&tags%5B%5D=10&tags%5B%5D=9&tags%5B%5D=linux")
    }

    @Test func objectsOfAnArrayKeepTheirOrderWithTheirOwnKeysSorted() throws {
        // Each object is written "qty" first; its pairs are sorted, the objects are not.
        let value = VectorNode.object([("items", .array([
            .object([("qty", .text("2")), ("name", .text("tea"))]),
            .object([("qty", .text("1")), ("name", .text("milk"))]),
        ]))])
        #expect(try inOrder(value) == "items%5B%5D%5Bname%5D=tea&items%5B%5D%5Bqty%5D=2"
            + "&items%5B%5D%5Bname%5D=milk&items%5B%5D%5Bqty%5D=1")
        #expect(try sorted(value) == "items%5B%5D%5Bname%5D=milk&items%5B%5D%5Bqty%5D=1"
            + "&items%5B%5D%5Bname%5D=tea&items%5B%5D%5Bqty%5D=2")
    }

    @Test func nestedArraysKeepTheirOrderAtEveryLevel() throws {
        let value = ["m": [["z", "b"], ["c"], ["a"]]]
        #expect(try inOrder(value) == "m%5B%5D%5B%5D=z&m%5B%5D%5B%5D=b&m%5B%5D%5B%5D=c&m%5B%5D%5B%5D=a")
        // Sorted, the inner array becomes "b&z" and sorts as one unit between "a" and "c".
        #expect(try sorted(value) == "m%5B%5D%5B%5D=a&m%5B%5D%5B%5D=b&m%5B%5D%5B%5D=z&m%5B%5D%5B%5D=c")
    }

    @Test func objectsInsideArraysInsideObjectsAreSortedAsAlamofireSortsThem() throws {
        // At the root "a0=2" sorts before "a=1" ("0" is 0x30, "=" 0x3D); in brackets "a%5D"
        // sorts before "a0%5D" ("%" is 0x25), and "_" (0x5F) before both.
        let record = VectorNode.object([("a", .text("1")), ("a0", .text("2")), ("_", .text("3"))])
        let value = VectorNode.object([("z", .array([.text("first"), record])), ("a", .text("1")), ("a0", .text("2"))])
        let options = FormOptions(arrayEncoding: .indexInBrackets)
        #expect(try inOrder(value, options) == "a0=2&a=1&z%5B0%5D=first&z%5B1%5D%5B_%5D=3&z%5B1%5D%5Ba%5D=1&z%5B1%5D%5Ba0%5D=2")
    }

    @Test func keyedObjectsAreSortedAsByDefault() throws {
        let value = VectorNode.object([("b", .object([("y", .text("1")), ("x", .text("2"))])), ("a", .text("0"))])
        #expect(try inOrder(value) == "a=0&b%5Bx%5D=2&b%5By%5D=1")
    }

    @Test func withoutAlphabetizingTheOptionChangesNothing() throws {
        let value = VectorNode.object([
            ("z", .array([.text("c"), .text("a")])),
            ("y", .object([("q", .text("1")), ("p", .text("2"))])),
        ])
        let unsorted = FormOptions(alphabetizeKeyValuePairs: false)
        #expect(try inOrder(value, unsorted) == "z%5B%5D=c&z%5B%5D=a&y%5Bq%5D=1&y%5Bp%5D=2")
        #expect(try sorted(value, unsorted) == "z%5B%5D=c&z%5B%5D=a&y%5Bq%5D=1&y%5Bp%5D=2")
    }

    @Test func theOptionIsOnByDefault() {
        #expect(OptimizedAdapter.Encoder().sortsArrayElements)
        #expect(!OptimizedAdapter.Encoder(sortsArrayElements: false).sortsArrayElements)
    }
}
