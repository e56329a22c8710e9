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
}
