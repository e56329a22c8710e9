import Foundation
import Testing
import URLEncodedForm

extension RequestsBehaviour {
    /// The optimized core's URL-free API (SPEC-requests §7): what a server that never builds a
    /// `URLRequest` uses to get `URLEncoding`'s bytes, §2.1's and §3's query-merge rules on a `URL`,
    /// and the `Content-Type`. Only the core has these; `queryComponents(fromKey:value:)`, which both
    /// modules make public, is pinned for both (as `escape(_:)` is, in `URLEncodingEscapeTests`).
    struct CoreParameterAPITests {
        private static let url = URL(string: "https://example.com/path")!

        private static func url(_ string: String) -> URL {
            URL(string: string)!
        }

        // MARK: URLEncoding.encode

        @Test func encodeToStringSortsTopLevelKeysAndEscapes() throws {
            let query: String = try URLEncoding.default.encode(["b": 2, "a": "x y", "c": [true, false]])
            #expect(query == "a=x%20y&b=2&c%5B%5D=1&c%5B%5D=0")
        }

        @Test func encodeToBytesGivesTheUTF8OfTheQuery() throws {
            let bytes: [UInt8] = try URLEncoding.default.encode(["b": 2, "a": "x y"])
            #expect(bytes == Array("a=x%20y&b=2".utf8))
        }

        @Test func encodeIntoAppendsAfterTheBuffersContent() throws {
            var buffer = Array("x=1&".utf8)
            try URLEncoding.default.encode(["b": 2, "a": "x y"], into: &buffer)
            #expect(buffer == Array("x=1&a=x%20y&b=2".utf8))
        }

        @Test func encodeOfEmptyParametersIsEmpty() throws {
            let query: String = try URLEncoding.default.encode([:])
            let bytes: [UInt8] = try URLEncoding.default.encode([:])
            var buffer = Array("kept".utf8)
            try URLEncoding.default.encode([:], into: &buffer)
            #expect(query == "")
            #expect(bytes == [])
            #expect(buffer == Array("kept".utf8))
        }

        @Test func encodeFollowsTheArrayAndBoolEncodings() throws {
            let encoding = URLEncoding(arrayEncoding: .indexInBrackets, boolEncoding: .literal)
            let query: String = try encoding.encode(["f": [true, false], "n": Int8(13)])
            #expect(query == "f%5B0%5D=true&f%5B1%5D=false&n=true")
        }

        // MARK: Destination.encodesParametersInURL(for:)

        @Test func methodDependentUsesTheURLForGETHEADAndDELETE() {
            for method in ["GET", "HEAD", "DELETE"] {
                #expect(URLEncoding.Destination.methodDependent.encodesParametersInURL(for: method), "\(method)")
            }
        }

        @Test func methodDependentUsesTheBodyForEveryOtherMethod() {
            for method in ["POST", "PUT", "PATCH", "OPTIONS", "TRACE", "CONNECT", "QUERY", ""] {
                #expect(!URLEncoding.Destination.methodDependent.encodesParametersInURL(for: method), "\(method)")
            }
        }

        @Test func methodDependentComparesTheMethodCaseSensitively() {
            // Foundation upper-cases these when a URLRequest's method is set; a method string from
            // elsewhere (a NIO request head) is compared exactly, as Alamofire compares it.
            for method in ["get", "Get", "head", "hEaD", "delete", "Delete", " GET", "GET "] {
                #expect(!URLEncoding.Destination.methodDependent.encodesParametersInURL(for: method), "\(method)")
            }
        }

        @Test func queryStringUsesTheURLForEveryMethod() {
            for method in ["GET", "POST", "patch", ""] {
                #expect(URLEncoding.Destination.queryString.encodesParametersInURL(for: method), "\(method)")
            }
        }

        @Test func httpBodyUsesTheBodyForEveryMethod() {
            for method in ["GET", "HEAD", "DELETE", "POST"] {
                #expect(!URLEncoding.Destination.httpBody.encodesParametersInURL(for: method), "\(method)")
            }
        }

        @Test func theStaticEncodingsHaveTheirDestinations() {
            #expect(URLEncoding.default.destination == .methodDependent)
            #expect(URLEncoding.queryString.destination == .queryString)
            #expect(URLEncoding.httpBody.destination == .httpBody)
        }

        // MARK: URLEncoding.url(_:appendingQueryOf:)

        @Test func appendingToAURLWithoutQuerySetsTheQuery() throws {
            #expect(try URLEncoding.default.url(Self.url, appendingQueryOf: ["a": 1])?.absoluteString == "https://example.com/path?a=1")
        }

        @Test func appendingKeepsTheExistingQueryAndTheFragment() throws {
            let url = try URLEncoding.default.url(Self.url("https://example.com/path?x=%20y#frag"), appendingQueryOf: ["a": 1])
            #expect(url?.absoluteString == "https://example.com/path?x=%20y&a=1#frag")
        }

        @Test func appendingToAURLEndingInAQuestionMarkGivesQuestionMarkAmpersand() throws {
            let url = try URLEncoding.default.url(Self.url("https://example.com/path?"), appendingQueryOf: ["a": 1])
            #expect(url?.absoluteString == "https://example.com/path?&a=1")
        }

        @Test func appendingEmptyParametersReturnsTheURLAsItIs() throws {
            #expect(try URLEncoding.default.url(Self.url("https://example.com/path?"), appendingQueryOf: [:])?.absoluteString
                == "https://example.com/path?")
            #expect(try URLEncoding.default.url(Self.url, appendingQueryOf: [:])?.absoluteString == "https://example.com/path")
        }

        @Test func appendingParametersThatWriteNothingLeavesATrailingSeparator() throws {
            let nothing: Parameters = ["e": [] as [any Sendable]]
            #expect(try URLEncoding.default.url(Self.url, appendingQueryOf: nothing)?.absoluteString == "https://example.com/path?")
            #expect(try URLEncoding.default.url(Self.url("https://example.com/path?x=1"), appendingQueryOf: nothing)?.absoluteString
                == "https://example.com/path?x=1&")
        }

        @Test func appendingToARelativeURLKeepsOnlyItsRelativePart() throws {
            // As `URLComponents(url:resolvingAgainstBaseURL: false)` takes it apart: the base is lost.
            let relative = URL(string: "p?x=1", relativeTo: Self.url("https://example.com/dir/"))!
            let url = try #require(try URLEncoding.default.url(relative, appendingQueryOf: ["a": 1]))
            #expect(url.absoluteString == "p?x=1&a=1")
            #expect(url.baseURL == nil)
        }

        // MARK: URLEncodedFormEncoder.url(_:mergingQueryOf:)

        private static func merged(_ url: String, _ value: some Encodable) throws -> String? {
            try URLEncodedFormEncoder().url(Self.url(url), mergingQueryOf: value)?.absoluteString
        }

        @Test func mergingEmptyTextIntoNoQueryAddsNoQuestionMark() throws {
            #expect(try Self.merged("https://example.com/path", [String: Int]()) == "https://example.com/path")
        }

        @Test func mergingTextIntoNoQuerySetsIt() throws {
            #expect(try Self.merged("https://example.com/path", ["a": 1]) == "https://example.com/path?a=1")
        }

        @Test func mergingTextIntoAQueryJoinsThemWithAnAmpersand() throws {
            #expect(try Self.merged("https://example.com/path?x=1", ["a": 1]) == "https://example.com/path?x=1&a=1")
        }

        @Test func mergingEmptyTextIntoAQueryLeavesATrailingAmpersand() throws {
            #expect(try Self.merged("https://example.com/path?x=1", [String: Int]()) == "https://example.com/path?x=1&")
        }

        @Test func mergingEmptyTextIntoAnEmptyQueryGivesQuestionMarkAmpersand() throws {
            #expect(try Self.merged("https://example.com/path?", [String: Int]()) == "https://example.com/path?&")
        }

        @Test func mergingTextIntoAnEmptyQueryGivesQuestionMarkAmpersandText() throws {
            #expect(try Self.merged("https://example.com/path?", ["a": 1]) == "https://example.com/path?&a=1")
        }

        @Test func mergingKeepsTheFragmentLast() throws {
            #expect(try Self.merged("https://example.com/path?x=1#frag", ["a": "b c"]) == "https://example.com/path?x=1&a=b%20c#frag")
            #expect(try Self.merged("https://example.com/path#frag", [String: Int]()) == "https://example.com/path#frag")
        }

        @Test func mergingIntoARelativeURLKeepsOnlyItsRelativePart() throws {
            let relative = URL(string: "p?x=1", relativeTo: Self.url("https://example.com/dir/"))!
            let url = try #require(try URLEncodedFormEncoder().url(relative, mergingQueryOf: ["a": 1]))
            #expect(url.absoluteString == "p?x=1&a=1")
            #expect(url.baseURL == nil)
        }

        @Test func mergingAnInvalidRootThrowsEncoderFailed() {
            do {
                _ = try URLEncodedFormEncoder().url(Self.url, mergingQueryOf: "root")
                Issue.record("a string root did not throw")
            } catch let error as AFError {
                guard case let .parameterEncoderFailed(reason: .encoderFailed(error: underlying)) = error else {
                    Issue.record("wrong case: \(error)")
                    return
                }
                #expect(underlying is URLEncodedFormEncoder.Error)
                #expect(error.errorDescription == #"The underlying encoder failed with the error: invalidRootObject("string(\"root\")")"#)
            } catch {
                Issue.record("not an AFError: \(error)")
            }
        }

        // MARK: URLEncodedFormEncoder.contentType

        @Test func contentTypeIsAlamofiresFormContentType() {
            #expect(URLEncodedFormEncoder.contentType == "application/x-www-form-urlencoded; charset=utf-8")
        }

        // MARK: queryComponents(fromKey:value:), both modules

        @Test(arguments: RequestContender.allCases)
        func queryComponentsOfAStringIsOneEscapedPair(contender: RequestContender) {
            #expect(contender.queryComponents("a b", "c&d") == ["a%20b=c%26d"])
        }

        @Test(arguments: RequestContender.allCases)
        func queryComponentsEscapesTheGivenKeyAsAWhole(contender: RequestContender) {
            // The key is taken as unescaped text: brackets in it are escaped like the ones nesting adds.
            #expect(contender.queryComponents("a[b]", 1) == ["a%5Bb%5D=1"])
        }

        @Test(arguments: RequestContender.allCases)
        func queryComponentsWalksNestedDictionariesAndArrays(contender: RequestContender) {
            #expect(contender.queryComponents("a", ["b": [1, 2]]) == ["a%5Bb%5D%5B%5D=1", "a%5Bb%5D%5B%5D=2"])
        }

        @Test(arguments: RequestContender.allCases)
        func queryComponentsOfAnEmptyArrayOrDictionaryIsEmpty(contender: RequestContender) {
            #expect(contender.queryComponents("a", [] as [Any]) == [])
            #expect(contender.queryComponents("a", [String: Any]()) == [])
        }

        @Test(arguments: RequestContender.allCases)
        func queryComponentsOfAnEmptyKeyAndValueIsOneEmptyPair(contender: RequestContender) {
            #expect(contender.queryComponents("", "") == ["="])
        }

        @Test(arguments: RequestContender.allCases)
        func queryComponentsFollowsBoolAndArrayEncodings(contender: RequestContender) {
            let options = URLEncodingOptions(arrayEncoding: .custom { key, index in "\(key)<\(index)>" }, boolEncoding: .literal)
            #expect(contender.queryComponents("f", [true, Int8(-2), Int8(3)] as [Any], options)
                == ["f%3C0%3E=true", "f%3C1%3E=true", "f%3C2%3E=3"])
        }

        @Test(arguments: RequestContender.allCases)
        func queryComponentsTakesFoundationCollections(contender: RequestContender) {
            // An NSDictionary with string keys is a `[String: Any]`, an NSArray an `[Any]`.
            #expect(contender.queryComponents("a", NSDictionary(dictionary: ["b": "c"])) == ["a%5Bb%5D=c"])
            #expect(contender.queryComponents("a", NSArray(array: [1, "x"])) == ["a%5B%5D=1", "a%5B%5D=x"])
        }

        @Test(arguments: RequestContender.allCases)
        func queryComponentsWritesSetsNullsAndOptionalsByDescription(contender: RequestContender) {
            #expect(contender.queryComponents("s", Set([5])) == ["s=%5B5%5D"])
            #expect(contender.queryComponents("n", NSNull()) == ["n=%3Cnull%3E"])
            #expect(contender.queryComponents("o", Optional("x") as Any) == ["o=Optional%28%22x%22%29"])
        }
    }
}
