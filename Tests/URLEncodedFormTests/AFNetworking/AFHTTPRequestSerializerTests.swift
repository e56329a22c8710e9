import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// `AFHTTPRequestSerializer.request(bySerializingRequest:withParameters:)` (README, "AFNetworking's query string"), on
/// both modules. The first tests are AFNetworking 4's own serializer tests
/// (`AFHTTPRequestSerializationTests`), restated here in Swift; the rest pin the rules they leave
/// open. Expected requests are written out by hand.
struct AFHTTPRequestSerializerTests {
    private static let form = "application/x-www-form-urlencoded"

    private static func request(_ method: String, _ url: String = "http://example.com", headers: [(String, String)] = []) -> URLRequest {
        BehaviourRequest.make(method, url, headers: headers)
    }

    private static func inBody(_ body: String, method: String = "POST", url: String = "http://example.com",
                               headers: [(String, String)] = []) -> RequestOutcome {
        BehaviourOutcome.request(url: url, method: method, headers: headers + [("Content-Type", form)], body: body)
    }

    // MARK: AFNetworking's tests

    @Test(arguments: RequestContender.allCases)
    func postParametersBecomeTheBodyWithTheFormContentType(contender: RequestContender) {
        #expect(contender.afSerializer(Self.request("POST"), ["key": "value"]) == Self.inBody("key=value"))
    }

    /// AFNetworking #2864: an empty string is a valid form payload, so `nil` parameters give an
    /// empty body (not none) and the header.
    @Test(arguments: RequestContender.allCases)
    func postWithoutParametersGetsAnEmptyBodyAndTheContentType(contender: RequestContender) {
        #expect(contender.afSerializer(Self.request("POST"), nil) == Self.inBody(""))
    }

    @Test(arguments: RequestContender.allCases)
    func getParametersGoToTheQuery(contender: RequestContender) {
        #expect(contender.afSerializer(Self.request("GET"), ["key": "value"]) == BehaviourOutcome.inURL("http://example.com?key=value"))
    }

    @Test(arguments: RequestContender.allCases)
    func emptyParametersLeaveTheURLAlone(contender: RequestContender) {
        #expect(contender.afSerializer(Self.request("GET"), [String: any Sendable]()) == BehaviourOutcome.inURL("http://example.com"))
    }

    @Test(arguments: RequestContender.allCases)
    func reservedCharactersInAValueAreEscaped(contender: RequestContender) {
        #expect(contender.afSerializer(Self.request("GET"), ["key": " :#[]@!$&'()*+,;=/?"])
            == BehaviourOutcome.inURL("http://example.com?key=%20%3A%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D/?"))
    }

    @Test(arguments: RequestContender.allCases)
    func percentEscapesInAValueAreEscapedAgain(contender: RequestContender) {
        #expect(contender.afSerializer(Self.request("GET"), ["key": "%20%21%22%23%24%25%26%27%28%29%2A%2B%2C%2F"])
            == BehaviourOutcome.inURL("http://example.com?key=%2520%2521%2522%2523%2524%2525%2526%2527%2528%2529%252A%252B%252C%252F"))
    }

    @Test(arguments: RequestContender.allCases)
    func aQueryStringBlockMakesTheQuery(contender: RequestContender) {
        let options = AFSerializerOptions(queryBlock: .fixed("test"))
        #expect(contender.afSerializer(Self.request("GET"), ["key": "value"], options) == BehaviourOutcome.inURL("http://example.com?test"))
    }

    @Test(arguments: RequestContender.allCases)
    func aQueryStringBlocksErrorIsThrown(contender: RequestContender) {
        let options = AFSerializerOptions(queryBlock: .fails)
        guard case let .error(failure) = contender.afSerializer(Self.request("GET"), ["key": "value"], options) else {
            Issue.record("no error")
            return
        }
        #expect(failure.caseName == "notAnAFError")
        #expect(failure.underlying == "closureError")
    }

    // MARK: Methods

    /// The method is upper-cased before it is looked up: `get` goes to the URL, `post` to the body,
    /// and `HEAD` and `DELETE` to the URL.
    @Test(arguments: RequestContender.allCases)
    func methodsAreLookedUpUpperCased(contender: RequestContender) {
        #expect(contender.afSerializer(Self.request("hEaD"), ["a": 1]) == BehaviourOutcome.inURL("http://example.com?a=1", method: "HEAD"))
        #expect(contender.afSerializer(Self.request("DELETE"), ["a": 1]) == BehaviourOutcome.inURL("http://example.com?a=1", method: "DELETE"))
        #expect(contender.afSerializer(Self.request("patch"), ["a": 1]) == Self.inBody("a=1", method: "patch"))
    }

    /// The set is the serializer's to change; its entries are compared with the upper-cased method.
    @Test(arguments: RequestContender.allCases)
    func theMethodsEncodingParametersInTheURIAreConfigurable(contender: RequestContender) {
        let options = AFSerializerOptions(methodsEncodingParametersInURI: ["POST", "query"])
        #expect(contender.afSerializer(Self.request("post"), ["a": 1], options) == BehaviourOutcome.inURL("http://example.com?a=1", method: "POST"))
        #expect(contender.afSerializer(Self.request("GET"), ["a": 1], options) == Self.inBody("a=1", method: "GET"))
        #expect(contender.afSerializer(Self.request("query"), ["a": 1], options) == Self.inBody("a=1", method: "query"))
    }

    // MARK: The URL

    /// An existing query gets `&` and the new pairs; an empty one (`?` alone) too.
    @Test(arguments: RequestContender.allCases)
    func anExistingQueryIsFollowedByAnAmpersand(contender: RequestContender) {
        #expect(contender.afSerializer(Self.request("GET", "http://example.com/p?x=1"), ["a": 1])
            == BehaviourOutcome.inURL("http://example.com/p?x=1&a=1"))
        #expect(contender.afSerializer(Self.request("GET", "http://example.com/p?"), ["a": 1])
            == BehaviourOutcome.inURL("http://example.com/p?&a=1"))
    }

    /// Plain concatenation: after a fragment, the query becomes part of the fragment.
    @Test(arguments: RequestContender.allCases)
    func theQueryIsAppendedAfterAFragment(contender: RequestContender) {
        #expect(contender.afSerializer(Self.request("GET", "http://example.com/p#top"), ["a": 1])
            == BehaviourOutcome.inURL("http://example.com/p#top?a=1"))
    }

    // MARK: The body

    /// An existing `Content-Type`, in any spelling, is kept.
    @Test(arguments: RequestContender.allCases)
    func anExistingContentTypeIsKept(contender: RequestContender) {
        let request = Self.request("PUT", headers: [("content-type", "application/json")])
        #expect(contender.afSerializer(request, ["a": 1])
            == BehaviourOutcome.request(url: "http://example.com", method: "PUT", headers: [("Content-Type", "application/json")], body: "a=1"))
    }

    /// Not in AFNetworking (README, "Migrating from Alamofire"): Foundation on Linux traps when a URL-less request
    /// is changed, so the body path throws instead; the URL path has nothing to change.
    @Test(arguments: RequestContender.allCases)
    func aURLLessRequestThrowsOnTheBodyPathOnly(contender: RequestContender) {
        #expect(contender.afSerializer(BehaviourRequest.urlLess("POST"), ["a": 1]) == BehaviourOutcome.missingURL)
        #expect(contender.afSerializer(BehaviourRequest.urlLess("GET"), ["a": 1])
            == BehaviourOutcome.request(url: nil, method: "GET"))
    }

    // MARK: Parameters that are not a dictionary

    /// AFNetworking hands any parameters to its query function: an array's elements go under
    /// `(null)[]` (Objective-C's `%@` of a `nil` key), a scalar has an empty field, and `NSNull`
    /// (or a `nil` inside an `Optional`) gives an empty query.
    @Test(arguments: RequestContender.allCases)
    func parametersThatAreNotADictionaryHaveNoField(contender: RequestContender) {
        #expect(contender.afSerializer(Self.request("GET"), ["a", "b"])
            == BehaviourOutcome.inURL("http://example.com?%28null%29%5B%5D=a&%28null%29%5B%5D=b"))
        #expect(contender.afSerializer(Self.request("POST"), "x y") == Self.inBody("=x%20y"))
        #expect(contender.afSerializer(Self.request("POST"), .some(Int?.none as any Sendable)) == Self.inBody(""))
        #expect(contender.afSerializer(Self.request("POST"), Set(["b", "a"])) == Self.inBody("=a&=b"))
    }

    /// The block gets the parameters as Objective-C would: an `Optional` unwrapped, `nil` as `NSNull`.
    @Test(arguments: RequestContender.allCases)
    func theBlockGetsTheParametersUnwrapped(contender: RequestContender) {
        let options = AFSerializerOptions(queryBlock: .describesTheParametersType)
        #expect(contender.afSerializer(Self.request("GET"), Int??.some(5), options) == BehaviourOutcome.inURL("http://example.com?type=Int"))
        #expect(contender.afSerializer(Self.request("GET"), .some(Int?.none as any Sendable), options) == BehaviourOutcome.inURL("http://example.com?type=NSNull"))
        let returnsNil = AFSerializerOptions(queryBlock: .returnsNil)
        #expect(contender.afSerializer(Self.request("GET"), ["a": 1], returnsNil) == BehaviourOutcome.inURL("http://example.com"))
        #expect(contender.afSerializer(Self.request("POST"), ["a": 1], returnsNil) == Self.inBody(""))
    }
}
