import Foundation
import Testing

/// The root must be a keyed object; errors come out as the right kind, with their coding path;
/// no input crashes the encoder, and an encoder stays usable after an error (DocC, "Getting Started", Errors).
struct RootAndErrorTests {
    private static let throwingDates = FormOptions(dateEncoding: .custom { _ in throw ClosureError() })

    /// Encodes through `encode` and classifies the result as `contender` does.
    private func outcome(_ contender: Contender, _ encode: () throws -> String) -> Outcome {
        do {
            return .output(try encode())
        } catch {
            return .error(contender.kind(of: error))
        }
    }

    // MARK: Roots

    @Test(arguments: Contender.allCases)
    func stringRootIsNotAKeyedObject(contender: Contender) {
        #expect(contender.outcome("x") == .error(.invalidRootObject))
    }

    @Test(arguments: Contender.allCases)
    func integerRootIsNotAKeyedObject(contender: Contender) {
        #expect(contender.outcome(1) == .error(.invalidRootObject))
    }

    @Test(arguments: Contender.allCases)
    func arrayRootWithElementsIsNotAKeyedObject(contender: Contender) {
        #expect(contender.outcome(["a"]) == .error(.invalidRootObject))
        #expect(contender.outcome([["a": "1"]]) == .error(.invalidRootObject))
    }

    @Test(arguments: Contender.allCases)
    func intKeyedDictionaryRootIsAnArray(contender: Contender) {
        #expect(contender.outcome([0: "a"]) == .error(.invalidRootObject))
    }

    @Test(arguments: Contender.allCases)
    func numericLookingRootKeyMakesTheRootAnArray(contender: Contender) {
        // The Dictionary<String, _> key "0" has the intValue 0: an index at the root.
        #expect(contender.outcome(["0": "x"]) == .error(.invalidRootObject))
    }

    @Test(arguments: Contender.allCases)
    func emptyArrayRootLeavesTheEmptyObject(contender: Contender) {
        #expect(contender.outcome([String]()) == .output(""))
    }

    @Test(arguments: Contender.allCases)
    func emptyObjectRootGivesAnEmptyString(contender: Contender) {
        #expect(contender.outcome([String: String]()) == .output(""))
    }

    @Test(arguments: Contender.allCases)
    func droppedNilRootLeavesTheEmptyObject(contender: Contender) {
        #expect(contender.outcome(String?.none) == .output(""))
    }

    @Test(arguments: Contender.allCases)
    func writtenNilRootIsNotAKeyedObject(contender: Contender) {
        // With `.null` the root becomes the string "null".
        #expect(contender.outcome(String?.none, FormOptions(nilEncoding: .null)) == .error(.invalidRootObject))
    }

    /// What `"\(error)"` prints for the error encoding `value` throws (`nil` when it throws none).
    private func printedError(_ contender: Contender, _ value: some Encodable, _ options: FormOptions = FormOptions()) -> String? {
        do {
            _ = try contender.encode(value, options)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test(arguments: Contender.allCases)
    func invalidRootObjectPrintsTheRootAsAlamofireDoes(contender: Contender) {
        // Alamofire's error carries `"\(component)"` of its tree's root; AFError's descriptions
        // show it (recorded from Alamofire 5.12: the request vectors' invalid roots).
        #expect(printedError(contender, "x y") == #"invalidRootObject("string(\"x y\")")"#)
        #expect(printedError(contender, "a b", FormOptions(spaceEncoding: .plusReplaced)) == #"invalidRootObject("string(\"a b\")")"#)
        #expect(printedError(contender, ["1", "2"])
            == #"invalidRootObject("array([Alamofire.URLEncodedFormComponent.string(\"1\"), Alamofire.URLEncodedFormComponent.string(\"2\")])")"#)
        #expect(printedError(contender, [["k": "v"]])
            == #"invalidRootObject("array([Alamofire.URLEncodedFormComponent.object([(key: \"k\", value: Alamofire.URLEncodedFormComponent.string(\"v\"))])])")"#)
        #expect(printedError(contender, ["é&\"q\""]) == #"invalidRootObject("array([Alamofire.URLEncodedFormComponent.string(\"é&\\\"q\\\"\")])")"#)
    }

    @Test(arguments: Contender.allCases)
    func invalidRootObjectKeepsEveryCharacterOfTheRootsText(contender: Contender) {
        // Text read back from its escaped form keeps a leading byte order mark, which decoding
        // through Foundation (`removingPercentEncoding`) drops: the request fuzz found it.
        #expect(printedError(contender, "\u{FEFF}a") == "invalidRootObject(\"string(\\\"\u{FEFF}a\\\")\")")
        #expect(printedError(contender, ["\u{FEFF}", "%2B+"], FormOptions(spaceEncoding: .plusReplaced))
            == #"invalidRootObject("array([Alamofire.URLEncodedFormComponent.string(\"\#u{FEFF}\"), Alamofire.URLEncodedFormComponent.string(\"%2B+\")])")"#)
    }

    // MARK: Closure errors

    @Test(arguments: Contender.allCases)
    func throwingDateClosurePropagatesItsOwnError(contender: Contender) {
        #expect(contender.outcome(["d": Date(timeIntervalSinceReferenceDate: 0)], Self.throwingDates) == .error(.closureError))
    }

    @Test(arguments: Contender.allCases)
    func throwingDataClosurePropagatesItsOwnErrorFromDeepInside(contender: Contender) {
        let options = FormOptions(dataEncoding: .custom { _ in throw ClosureError() })
        #expect(contender.outcome(["a": ["b": [Data([1])]]], options) == .error(.closureError))
    }

    @Test(arguments: Contender.allCases)
    func throwingDateClosureIsOnlyCalledForDates(contender: Contender) {
        #expect(contender.outcome(["a": "no date here"], Self.throwingDates) == .output("a=no%20date%20here"))
    }

    // MARK: Negative int keys

    @Test(arguments: Contender.allCases)
    func negativeIndexIntoAnArrayThrowsInsteadOfTrapping(contender: Contender) {
        let value = VectorNode.object([("a", .indexed([(0, .text("x")), (-1, .text("y"))]))])
        #expect(contender.outcome(value) == .error(.encodingError))
    }

    @Test(arguments: Contender.allCases)
    func negativeIndexInsideThePathThrowsInsteadOfTrapping(contender: Contender) {
        let value = VectorNode.object([("a", .indexed([(-1, .object([("b", .text("x"))]))]))])
        #expect(contender.outcome(value) == .error(.encodingError))
    }

    @Test(arguments: Contender.allCases)
    func negativeIndexAsLastKeyOfANonArrayStartsAnArray(contender: Contender) {
        // Alamofire only subscripts (and traps) when the node is already an array; here "a" is
        // new, so it becomes a one-element array.
        let value = VectorNode.object([("a", .indexed([(-1, .text("x"))]))])
        #expect(contender.outcome(value) == .output("a%5B%5D=x"))
    }

    @Test(arguments: Contender.allCases)
    func encodingErrorsNameTheirCodingPath(contender: Contender) {
        let negative = VectorNode.object([("a", .indexed([(0, .text("x")), (-1, .text("y"))]))])
        #expect(contender.invalidValuePath(negative) == ["a", "-1"])
        #expect(contender.invalidValuePath(["a": ["b": TwoValuesInOneContainer()]]) == ["a", "b"])
    }

    // MARK: Reuse after errors

    @Test(arguments: Contender.allCases)
    func encoderIsUsableAfterAnError(contender: Contender) {
        let encode = contender.makeSharedEncoder(FormOptions(dateEncoding: .custom { date in
            guard date.timeIntervalSinceReferenceDate >= 0 else { throw ClosureError() }
            return "ok"
        }))
        // Fails after "a" was written: nothing of it may leak into the next encoding.
        let failing = VectorNode.object([("a", .text("1")), ("d", .leaf(.date(Date(timeIntervalSinceReferenceDate: -1))))])
        #expect(outcome(contender) { try encode(failing) } == .error(.closureError))
        #expect(outcome(contender) { try encode("root") } == .error(.invalidRootObject))
        #expect(outcome(contender) { try encode(["a": TwoValuesInOneContainer()]) } == .error(.encodingError))
        #expect(outcome(contender) { try encode(["b": Date(timeIntervalSinceReferenceDate: 1)]) } == .output("b=ok"))
    }

    // MARK: Large inputs

    @Test(arguments: Contender.allCases)
    func veryWideObjectDoesNotCrash(contender: Contender) {
        // The reference scans and copies the object on every write (quadratic, slow on purpose:
        // 50,000 keys take minutes), so it gets a tenth of the width.
        let width = contender == .reference ? 5_000 : 50_000
        // Equal-length keys, so the sorted order is the numeric order.
        let keys = 100_000..<(100_000 + width)
        let value = Dictionary(uniqueKeysWithValues: keys.map { ("k\($0)", $0) })
        let expected = keys.map { "k\($0)=\($0)" }.joined(separator: "&")
        #expect(contender.outcome(value) == .output(expected))
    }

    @Test(arguments: Contender.allCases)
    func hugeStringDoesNotCrash(contender: Contender) {
        let count = 262_144  // 4 bytes each: 1 MiB
        let value = ["s": String(repeating: "a b&", count: count)]
        #expect(contender.outcome(value) == .output("s=" + String(repeating: "a%20b%26", count: count)))
    }
}
