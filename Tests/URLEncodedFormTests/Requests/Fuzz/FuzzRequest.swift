import FormBenchCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A random request to encode into, described by what it is made of and made as the request
/// vectors' README makes one: `URLRequest(url:)`, then the method, then each header in order.
struct FuzzRequest: CustomStringConvertible {
    let method: String
    let url: FuzzURLShape
    /// In the order they are set: a later spelling of a name replaces the value of an earlier one.
    let headers: [(name: String, value: String)]

    /// Mixed-case methods. Foundation on Linux reads any spelling of `GET`, `HEAD`, `DELETE`,
    /// `POST`, `PUT` and `CONNECT` back upper-cased, and every other method as it was set, which
    /// `.methodDependent` then compares case-sensitively: `patch`, `options` and `Query` are the
    /// methods whose case survives.
    static let methods = ["GET", "get", "Get", "HEAD", "hEaD", "DELETE", "delete", "POST", "post", "PUT", "PATCH",
                          "patch", "QUERY", "Query", "FOO", "", "OPTIONS", "options"]

    static let contentTypeSpellings = ["Content-Type", "content-type", "CONTENT-TYPE", "cOnTeNt-TyPe"]

    /// Existing `Content-Type`s, which both encodings keep: any value, even an empty one, even the
    /// encodings' own without its charset.
    private static let contentTypeValues = ["application/json", "text/plain; charset=utf-8", "", "application/x-www-form-urlencoded",
                                            "multipart/form-data; boundary=x"]

    /// Other headers, and names that merely look like `Content-Type`; a group of two sets one name
    /// twice in different cases.
    private static let otherHeaders: [[(name: String, value: String)]] = [
        [("Accept", "*/*")], [("accept", "text/html")], [("Authorization", "Bearer t0k3n")], [("X-Content-Type", "text/plain")],
        [("Content-Typo", "x")], [("x-a", "1"), ("X-A", "2")], [("content-type", "text/plain"), ("Content-Type", "application/json")],
    ]

    static func random(using rng: inout SplitMix64) -> FuzzRequest {
        let method = rng.pick(methods)
        let url = rng.chance(0.03) ? FuzzURLShape.missing : rng.pick(FuzzURLShape.allCases.filter { $0 != .missing })
        var headers: [(name: String, value: String)] = []
        if rng.chance(0.55) {
            for _ in 0 ..< rng.smallCount(in: 1 ... 3) {
                headers += rng.chance(0.5) ? [(rng.pick(contentTypeSpellings), rng.pick(contentTypeValues))] : rng.pick(otherHeaders)
            }
        }
        return FuzzRequest(method: method, url: url, headers: headers)
    }

    /// The request; a URL-less one is made on a placeholder URL whose removal is the last step.
    func make() -> URLRequest {
        var request = URLRequest(url: url.url ?? URL(string: "https://placeholder.invalid/")!)
        request.httpMethod = method
        for (name, value) in headers {
            request.setValue(value, forHTTPHeaderField: name)
        }
        if url.url == nil {
            request.url = nil
        }
        return request
    }

    var description: String {
        let headerText = headers.map { "\($0.name): \(FuzzStrings.literal($0.value))" }.joined(separator: ", ")
        return "method \(FuzzStrings.literal(method)) url \(url) headers [\(headerText)]"
    }
}

/// The URLs requests are made with: each a shape whose query or fragment a merge can get wrong.
/// Each round-trips (`absoluteString` is the text), as the recorded vectors' URLs do.
enum FuzzURLShape: String, CaseIterable, CustomStringConvertible {
    case noQuery, query, trailingQuestionMark, fragment, emptyQueryAndFragment, queryAndFragment, percentEncodedQuery,
         flag, trailingAmpersand, reservedCharactersInQuery, ipv6Host, fileURL, nonASCIIPathEscaped, noPath,
         userInfoPortAndUpperCase, questionMarkInFragment, mailto, schemeless, relativeToBase
    /// No URL: `url` set to `nil` last.
    case missing

    private static let base = "https://example.com/dir/"

    var url: URL? {
        text.flatMap { URL(string: $0, relativeTo: self == .relativeToBase ? URL(string: Self.base) : nil) }
    }

    /// The URL's text (relative to `base` for `relativeToBase`).
    private var text: String? {
        switch self {
        case .noQuery: return "https://example.com/path"
        case .query: return "https://example.com/path?x=1&y=two"
        case .trailingQuestionMark: return "https://example.com/path?"
        case .fragment: return "https://example.com/path#frag"
        case .emptyQueryAndFragment: return "https://example.com/path?#frag"
        case .queryAndFragment: return "https://example.com/path?x=1#frag"
        case .percentEncodedQuery: return "https://example.com/search?q=a%20b%26c%3D%25&lang=%E6%97%A5"
        case .flag: return "https://example.com/path?flag"
        case .trailingAmpersand: return "https://example.com/path?x=1&"
        case .reservedCharactersInQuery: return "https://example.com/p?a=1;b=2&c=:@/?!$'()*+,"
        case .ipv6Host: return "http://[::1]:8080/path"
        case .fileURL: return "file:///tmp/a%20b.txt"
        case .nonASCIIPathEscaped: return "https://example.com/caf%C3%A9/%E6%97%A5%E6%9C%AC"
        case .noPath: return "https://example.com"
        case .userInfoPortAndUpperCase: return "HTTPS://User:pw@EXAMPLE.com:8443/P"
        case .questionMarkInFragment: return "https://example.com/path#frag?notQuery"
        case .mailto: return "mailto:user@example.com"
        case .schemeless: return "relative/path?x=1"
        case .relativeToBase: return "sub/page?x=1#top"
        case .missing: return nil
        }
    }

    var description: String {
        switch self {
        case .missing: return "missing (nil)"
        case .relativeToBase: return "\(rawValue) \(FuzzStrings.literal(text ?? "")) relative to \(FuzzStrings.literal(Self.base))"
        default: return "\(rawValue) \(FuzzStrings.literal(text ?? ""))"
        }
    }
}
