import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// The request layer's deliberate deviations from Alamofire (SPEC-requests §8), each where
/// Alamofire on Linux crashes: a URL-less request that would be modified, a query Foundation
/// refuses to set, and parameters nested deep enough to overflow the stack. Each throws an
/// `AFError` instead.
struct RequestDeviationTests {
    /// A request with no URL, made as the recorded vectors make one: the URL is taken away last.
    private static func urlLessRequest(_ method: String) -> URLRequest {
        var request = URLRequest(url: URL(string: "https://example.com/path")!)
        request.httpMethod = method
        request.url = nil
        return request
    }

    private static func request(_ method: String) -> URLRequest {
        var request = URLRequest(url: URL(string: "https://example.com/path")!)
        request.httpMethod = method
        return request
    }

    private static let missingURL = RequestOutcome.error(RequestFailure(
        caseName: "parameterEncodingFailed.missingURL", underlying: nil,
        errorDescription: "URL request to encode was missing a URL"))

    private static func untouched(_ method: String) -> RequestOutcome {
        .request(RequestSnapshot(url: nil, method: method, headers: [], contentType: nil, body: nil))
    }

    // MARK: Requests without a URL

    @Test(arguments: RequestContender.allCases)
    func urlEncodingOfEmptyParametersIntoTheBodyOfAURLLessRequestThrowsMissingURL(contender: RequestContender) {
        #expect(contender.urlEncoding(Self.urlLessRequest("POST"), [:]) == Self.missingURL)
    }

    @Test(arguments: RequestContender.allCases)
    func urlEncodingOfParametersIntoTheBodyOfAURLLessRequestThrowsMissingURL(contender: RequestContender) {
        #expect(contender.urlEncoding(Self.urlLessRequest("POST"), ["a": 1]) == Self.missingURL)
        #expect(contender.urlEncoding(Self.urlLessRequest("GET"), ["a": 1], URLEncodingOptions(destination: .httpBody))
            == Self.missingURL)
    }

    @Test(arguments: RequestContender.allCases)
    func nilParametersLeaveAURLLessRequestUntouched(contender: RequestContender) {
        // Alamofire returns before it would modify the request: nothing to deviate from.
        #expect(contender.urlEncoding(Self.urlLessRequest("POST"), nil) == Self.untouched("POST"))
        #expect(contender.jsonEncoding(Self.urlLessRequest("POST"), nil) == Self.untouched("POST"))
        #expect(contender.jsonParameterEncoder(Self.urlLessRequest("POST"), [String: Int]?.none) == Self.untouched("POST"))
        #expect(contender.propertyListEncoding(Self.urlLessRequest("POST"), nil) == Self.untouched("POST"))
    }

    @Test(arguments: RequestContender.allCases)
    func jsonEncodingIntoAURLLessRequestThrowsMissingURL(contender: RequestContender) {
        #expect(contender.jsonEncoding(Self.urlLessRequest("POST"), ["a": 1]) == Self.missingURL)
        #expect(contender.jsonEncoding(Self.urlLessRequest("GET"), [:]) == Self.missingURL)
    }

    @Test(arguments: RequestContender.allCases)
    func invalidJSONIntoAURLLessRequestStillThrowsTheJSONError(contender: RequestContender) {
        // Alamofire refuses the object before it would touch the request; that error comes first.
        guard case let .error(failure) = contender.jsonEncoding(Self.urlLessRequest("POST"), ["d": Date()]) else {
            Issue.record("a Date is not a JSON value, yet encoding succeeded")
            return
        }
        #expect(failure.caseName == "parameterEncodingFailed.jsonEncodingFailed")
        #expect(failure.underlying == "invalidJSONObject")
    }

    @Test(arguments: RequestContender.allCases)
    func jsonParameterEncoderIntoAURLLessRequestThrowsMissingURL(contender: RequestContender) {
        #expect(contender.jsonParameterEncoder(Self.urlLessRequest("POST"), ["a": 1]) == Self.missingURL)
    }

    @Test(arguments: RequestContender.allCases)
    func propertyListEncodingIntoAURLLessRequestThrowsMissingURL(contender: RequestContender) {
        #expect(contender.propertyListEncoding(Self.urlLessRequest("PUT"), ["a": 1]) == Self.missingURL)
    }

    // MARK: Characters a query may not hold

    /// `afURLQueryAllowed` plus `[` and `]`, spelled from its definition, plus `extra`.
    private static func bracketsAllowed(plus extra: String = "") -> FormOptions {
        var allowed = CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: ":#[]@!$&'()*+,;="))
        allowed.insert(charactersIn: "[]" + extra)
        return FormOptions(allowedCharacters: .set(allowed))
    }

    private static func invalidQueryCharacter(_ named: String) -> RequestOutcome {
        .error(RequestFailure(
            caseName: "parameterEncoderFailed.encoderFailed", underlying: "invalidQueryCharacter",
            errorDescription: "The underlying encoder failed with the error: The encoded query holds \(named), which a URL "
                + "query may not hold unescaped: take it out of allowedCharacters"))
    }

    @Test(arguments: RequestContender.allCases)
    func unescapedBracketsInTheQueryThrowEncoderFailedNamingTheBracket(contender: RequestContender) {
        #expect(contender.parameterEncoder(Self.request("GET"), ["a": ["b": "c"]], encoder: Self.bracketsAllowed())
            == Self.invalidQueryCharacter("\"[\" (U+005B)"))
    }

    @Test(arguments: RequestContender.allCases)
    func unescapedBracketsInTheBodyAreWrittenAsTheyAre(contender: RequestContender) {
        // A body is no URL: Foundation checks nothing there, and neither does the port.
        let form = "application/x-www-form-urlencoded; charset=utf-8"
        #expect(contender.parameterEncoder(Self.request("POST"), ["a": ["b": "c"]], encoder: Self.bracketsAllowed())
            == .request(RequestSnapshot(url: "https://example.com/path", method: "POST",
                                        headers: [.init(name: "Content-Type", value: form)], contentType: form,
                                        body: .utf8("a[b]=c"))))
    }

    @Test(arguments: RequestContender.allCases)
    func theFirstOffendingCharacterIsNamed(contender: RequestContender) {
        // The pairs are sorted, `a=x#y` before `z=[]`: the `#` comes first.
        #expect(contender.parameterEncoder(Self.request("GET"), ["a": "x#y", "z": "[]"], encoder: Self.bracketsAllowed(plus: "#"))
            == Self.invalidQueryCharacter("\"#\" (U+0023)"))
    }

    @Test(arguments: RequestContender.allCases)
    func theOffendingScalarIsNamedNotTheGraphemeItBegins(contender: RequestContender) {
        // "\r\n" is one Character; the query may not hold its first scalar, which is named.
        #expect(contender.parameterEncoder(Self.request("GET"), ["a": "x\r\ny"], encoder: Self.bracketsAllowed(plus: "\r\n"))
            == Self.invalidQueryCharacter("\"\r\" (U+000D)"))
    }

    @Test(arguments: RequestContender.allCases)
    func aPercentSignWithoutTwoHexDigitsIsNamedAsThePercentSign(contender: RequestContender) {
        #expect(contender.parameterEncoder(Self.request("GET"), ["a": "100%"], encoder: Self.bracketsAllowed(plus: "%"))
            == Self.invalidQueryCharacter("\"%\" (U+0025)"))
        #expect(contender.parameterEncoder(Self.request("GET"), ["a": "%4g"], encoder: Self.bracketsAllowed(plus: "%"))
            == Self.invalidQueryCharacter("\"%\" (U+0025)"))
    }

    @Test(arguments: RequestContender.allCases)
    func aPercentEscapeLetThroughUnescapedIsAValidQuery(contender: RequestContender) {
        #expect(contender.parameterEncoder(Self.request("GET"), ["a": "%4F"], encoder: Self.bracketsAllowed(plus: "%"))
            == .request(RequestSnapshot(url: "https://example.com/path?a=%4F", method: "GET", headers: [],
                                        contentType: nil, body: nil)))
    }

    // MARK: Nesting deeper than the limit

    /// `arrays` arrays, one in the other, around the number 1: under a top-level key the number
    /// is at depth `arrays + 1`.
    private static func arrayChain(_ arrays: Int) -> any Sendable {
        var value: any Sendable = 1
        for _ in 0..<arrays {
            value = [value] as [any Sendable]
        }
        return value
    }

    private static func tooDeep(depth: Int, codingPath: [String]) -> RequestOutcome {
        let error = EncodingError.invalidValue(depth, EncodingError.Context(codingPath: [], debugDescription: ""))
        return .error(RequestFailure(caseName: "parameterEncodingFailed.customEncodingFailed", underlying: "encodingError",
                                     errorDescription: "Custom parameter encoder failed with error: " + error.localizedDescription,
                                     codingPath: codingPath))
    }

    @Test(arguments: RequestContender.allCases)
    func urlEncodingThrowsForA300DeepChainOfArrays(contender: RequestContender) {
        // The first value past the default limit of 256 is the 256th array, at depth 257.
        let expected = Self.tooDeep(depth: 257, codingPath: ["v"] + Array(repeating: "0", count: 256))
        #expect(contender.urlEncoding(Self.request("GET"), ["v": Self.arrayChain(300)]) == expected)
        #expect(contender.urlEncoding(Self.request("POST"), ["v": Self.arrayChain(300)]) == expected)
    }

    @Test(arguments: RequestContender.allCases)
    func urlEncodingWritesAValueExactlyAtTheDefaultLimit(contender: RequestContender) {
        // Writing it recurses 256 deep: on a thread with the usual stack, not the test's.
        let outcome = ThreadStack.run(size: ThreadStack.usual) {
            contender.urlEncoding(Self.request("GET"), ["v": Self.arrayChain(255)])
        }
        let query = "v" + String(repeating: "%5B%5D", count: 255) + "=1"
        #expect(outcome == .request(RequestSnapshot(url: "https://example.com/path?" + query, method: "GET", headers: [],
                                                    contentType: nil, body: nil)))
    }

    @Test(arguments: RequestContender.allCases)
    func urlEncodingThrowsForThreeLevelsUnderAMaximumDepthOf2(contender: RequestContender) {
        let options = URLEncodingOptions(maximumDepth: 2)
        let expected = Self.tooDeep(depth: 3, codingPath: ["a", "b", "c"])
        #expect(contender.urlEncoding(Self.request("GET"), ["a": ["b": ["c": 1]]], options) == expected)
        #expect(contender.urlEncoding(Self.request("POST"), ["a": ["b": ["c": 1]]], options) == expected)
        #expect(contender.urlEncoding(Self.request("GET"), ["a": [["c": 1]] as [any Sendable]], options)
            == Self.tooDeep(depth: 3, codingPath: ["a", "0", "c"]))
    }

    @Test(arguments: RequestContender.allCases)
    func urlEncodingWritesTwoLevelsUnderAMaximumDepthOf2(contender: RequestContender) {
        #expect(contender.urlEncoding(Self.request("GET"), ["a": ["b": 1]], URLEncodingOptions(maximumDepth: 2))
            == .request(RequestSnapshot(url: "https://example.com/path?a%5Bb%5D=1", method: "GET", headers: [],
                                        contentType: nil, body: nil)))
    }

    @Test(arguments: RequestContender.allCases)
    func aNegativeMaximumDepthAllowsNoValueButEmptyParameters(contender: RequestContender) {
        let options = URLEncodingOptions(maximumDepth: -5)
        #expect(contender.urlEncoding(Self.request("GET"), ["a": 1], options) == Self.tooDeep(depth: 1, codingPath: ["a"]))
        #expect(contender.urlEncoding(Self.request("GET"), [:], options)
            == .request(RequestSnapshot(url: "https://example.com/path", method: "GET", headers: [], contentType: nil,
                                        body: nil)))
    }
}
