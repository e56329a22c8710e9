import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import URLEncodedForm

/// The request examples of the README ("Request parameters") and of the DocC article "Encoding
/// Request Parameters" give what they show: on both modules where the example is Alamofire's
/// API, on the core where it is this package's own.
struct DocumentedRequestExampleTests {
    private struct Search: Encodable, Sendable {
        let query: String
        let tags: [String]
        let page: Int?
    }

    private static func request(_ method: String) -> URLRequest {
        var request = URLRequest(url: URL(string: "https://api.example.com/search?v=2")!)
        request.httpMethod = method
        return request
    }

    @Test(arguments: RequestContender.allCases)
    func readmeURLEncodingGET(contender: RequestContender) {
        let outcome = contender.urlEncoding(Self.request("GET"), ["q": "swift nio", "tags": ["server", "linux"]])
        #expect(outcome == .request(RequestSnapshot(
            url: "https://api.example.com/search?v=2&q=swift%20nio&tags%5B%5D=server&tags%5B%5D=linux",
            method: "GET", headers: [], contentType: nil, body: nil)))
    }

    @Test(arguments: RequestContender.allCases)
    func readmeParameterEncoderPOST(contender: RequestContender) {
        let contentType = "application/x-www-form-urlencoded; charset=utf-8"
        let outcome = contender.parameterEncoder(Self.request("POST"), Search(query: "a+b", tags: [], page: 2))
        #expect(outcome == .request(RequestSnapshot(
            url: "https://api.example.com/search?v=2", method: "POST",
            headers: [RequestSnapshot.Header(name: "Content-Type", value: contentType)],
            contentType: contentType, body: .utf8("page=2&query=a%2Bb"))))
    }

    @Test func readmeCoreBodyWithoutURLRequest() throws {
        let body: [UInt8] = try URLEncoding.default.encode(["grant_type": "client_credentials", "scope": "read write"])
        #expect(String(decoding: body, as: UTF8.self) == "grant_type=client_credentials&scope=read%20write")
        #expect(URLEncodedFormEncoder.contentType == "application/x-www-form-urlencoded; charset=utf-8")
    }

    @Test func encodingRequestParametersArticleURL() throws {
        let url = try URLEncoding.default.url(URL(string: "https://api.example.com/search?v=2")!, appendingQueryOf: ["q": "swift nio"])
        #expect(url?.absoluteString == "https://api.example.com/search?v=2&q=swift%20nio")
    }

    @Test func urlEncodingDocCommentExample() throws {
        let query: String = try URLEncoding.default.encode(["q": "swift nio", "tags": ["server", "linux"], "page": 2])
        #expect(query == "page=2&q=swift%20nio&tags%5B%5D=server&tags%5B%5D=linux")
    }

    /// README "AFNetworking's query string", the DocC article "Encoding Request Parameters" and the doc
    /// comment of `AFQueryStringFromParameters(_:)`.
    @Test(arguments: RequestContender.allCases)
    func readmeAFQueryString(contender: RequestContender) {
        let parameters: [String: any Sendable] = ["user": ["name": "Ann", "tags": ["a", "b"]] as [String: any Sendable], "page": 2,
                                                  "draft": NSNull()]
        #expect(contender.afQueryString(parameters) == "draft&page=2&user%5Bname%5D=Ann&user%5Btags%5D%5B%5D=a&user%5Btags%5D%5B%5D=b")
    }

    /// README "AFNetworking's query string", and the doc comment of `AFHTTPRequestSerializer`.
    @Test(arguments: RequestContender.allCases)
    func readmeAFHTTPRequestSerializer(contender: RequestContender) {
        let request = URLRequest(url: URL(string: "https://example.com/search?v=1")!)
        #expect(contender.afSerializer(request, ["q": "swift", "page": 2] as [String: any Sendable])
            == .request(RequestSnapshot(url: "https://example.com/search?v=1&page=2&q=swift", method: "GET", headers: [],
                                        contentType: nil, body: nil)))
    }

    /// The doc comment of `AFPercentEscapedStringFromString(_:)`.
    @Test(arguments: RequestContender.allCases)
    func afPercentEscapedDocCommentExample(contender: RequestContender) {
        #expect(contender.afPercentEscaped("a b&c/d?") == "a%20b%26c/d?")
    }
}
