import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import URLEncodedFormReference

/// Deliberately wrong request layers, each the reference with one plausible defect planted
/// around it (in the input it is given, or in the request it makes): the meta tests run the
/// request fuzz against them to prove that it reports each, with a seed that reproduces it.
enum RequestFuzzMutant: String, CaseIterable, CustomTestStringConvertible {
    /// Compares the method case-insensitively, modelled as encoding with the method upper-cased.
    /// Foundation on Linux already upper-cases every spelling of `GET`, `HEAD` and `DELETE`, so
    /// this shows where the method's case survives: `patch`, `options`, `Query`.
    case methodUpperCased
    /// Merges into a URL whose existing query it forgot: the query is dropped before encoding
    /// wherever the parameters go to the URL.
    case existingQueryDropped
    /// Sets its `Content-Type` in the body even when the request has one.
    case contentTypeAlwaysSet
    /// Walks a nested dictionary's entries last to first, as a walk that keeps its own stack
    /// does when it forgets to push them reversed. (Not "sorted": a sorted order agrees with a
    /// dictionary's random iteration order by chance, so its seeds would not replay reliably.)
    case nestedEntriesReversed
    /// Sorts the top-level keys by their UTF-8 bytes, not as Swift `String`s (which compares
    /// canonically equivalent spellings alike): a byte sort is the fast path's temptation.
    case topLevelKeysInByteOrder
    /// Sorts the top-level keys of the caller's dictionary itself, not of the `[String: Any]`
    /// copy Alamofire's `query(_:)` is handed: the same order for every pair of keys Swift's `<`
    /// orders, and another for some that it cannot order (`"e\u{301}"`, `"\u{E9}a"`).
    case topLevelKeysSortedInPlace
    /// Writes every Swift `Int8` as a number, forgetting that Foundation makes those outside
    /// -1...12 Boolean `NSNumber`s.
    case int8AlwaysANumber
    /// Leaves the URL as it was when the encoded query is empty, where Alamofire still adds the
    /// `&` after an existing query (or, for `URLEncoding`, the `?` of an empty one).
    case emptyQueryLeavesURL
    /// AFNetworking's dialect writing a `Double` as Swift describes it (`1.0`,
    /// `0.30000000000000004`), not as `NSNumber` does on Apple platforms.
    case afDoublesDescribedBySwift
    /// AFNetworking's serializer setting Alamofire's `Content-Type`, with its charset.
    case afContentTypeWithCharset

    var testDescription: String { rawValue }

    var subject: RequestFuzzSubject {
        RequestFuzzSubject(name: "reference (\(rawValue))") { input in
            var input = input
            switch self {
            case .methodUpperCased:
                // Foundation on Linux traps when a URL-less request is changed.
                if input.request.url != nil {
                    input.request.httpMethod = input.request.httpMethod?.uppercased()
                }
            case .existingQueryDropped:
                if input.mergesQueryIntoURL, let url = input.request.url,
                   var components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
                    components.percentEncodedQuery = nil
                    input.request.url = components.url
                }
            case .int8AlwaysANumber:
                if case let .urlEncoding(parameters?, options) = input.call {
                    input.call = .urlEncoding(parameters: parameters.mapValues { $0.transformed(Self.int8AsInt) }, options: options)
                }
            case .afDoublesDescribedBySwift:
                if case let .afSerializer(parameters?, options) = input.call {
                    input.call = .afSerializer(parameters: parameters.transformed(Self.doubleAsSwiftText), options: options)
                }
            case .contentTypeAlwaysSet, .nestedEntriesReversed, .topLevelKeysInByteOrder, .topLevelKeysSortedInPlace,
                 .emptyQueryLeavesURL, .afContentTypeWithCharset:
                break
            }
            let result = input.run(by: .reference)
            guard case let .request(request) = result.outcome else { return result }
            return RequestFuzzResult(outcome: .request(changed(request, input: input)), observations: result.observations)
        }
    }

    /// The request the reference made, changed as the defect would have made it.
    private func changed(_ request: RequestSnapshot, input: RequestFuzzInput) -> RequestSnapshot {
        switch self {
        case .contentTypeAlwaysSet:
            guard request.body != nil else { return request }
            let form = "application/x-www-form-urlencoded; charset=utf-8"
            let headers = request.headers.filter { $0.name != "Content-Type" } + [.init(name: "Content-Type", value: form)]
            return RequestSnapshot(url: request.url, method: request.method,
                                   headers: headers.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) },
                                   contentType: form, body: request.body)
        case .nestedEntriesReversed, .topLevelKeysInByteOrder, .topLevelKeysSortedInPlace:
            guard case let .urlEncoding(parameters?, options) = input.call else { return request }
            let wrong = Self.query(FuzzParameter.parameters(parameters), options.options, defect: self)
            return Self.replacingQuery(with: wrong, in: request, mergedIntoURL: input.mergesQueryIntoURL)
        case .emptyQueryLeavesURL:
            guard request.body == nil, input.mergesQueryIntoURL, Self.encodedText(of: input.call) == "" else { return request }
            return RequestSnapshot(url: input.request.url?.absoluteString, method: request.method, headers: request.headers,
                                   contentType: request.contentType, body: request.body)
        case .afContentTypeWithCharset:
            guard case .afSerializer = input.call, request.contentType == "application/x-www-form-urlencoded" else { return request }
            let form = "application/x-www-form-urlencoded; charset=utf-8"
            let headers = request.headers.map { $0.name == "Content-Type" ? .init(name: $0.name, value: form) : $0 }
            return RequestSnapshot(url: request.url, method: request.method, headers: headers, contentType: form, body: request.body)
        case .methodUpperCased, .existingQueryDropped, .int8AlwaysANumber, .afDoublesDescribedBySwift:
            return request
        }
    }

    /// A Swift `Double` as the string of its Swift description.
    private static func doubleAsSwiftText(_ node: FuzzParameter) -> FuzzParameter {
        guard case let .leaf(.double(value)) = node else { return node }
        return .leaf(.string(value.description))
    }

    /// A Swift `Int8` as the `Int` of its value.
    private static func int8AsInt(_ node: FuzzParameter) -> FuzzParameter {
        guard case let .leaf(.int8(value)) = node else { return node }
        return .leaf(.int(Int(value)))
    }

    /// The query the reference's `URLEncoding` writes for `parameters`, through its public
    /// `queryComponents(fromKey:value:)`; with the `defect` of the three that reorder it. The
    /// top-level keys are sorted as they are in `parameters` itself, which is
    /// `topLevelKeysSortedInPlace`'s defect; for keys Swift's `<` orders, the reference's order.
    private static func query(_ parameters: [String: any Sendable], _ options: URLEncodingOptions,
                              defect: RequestFuzzMutant?) -> String {
        let encoding = ReferenceRequestAdapter.urlEncoding(options)
        func components(_ key: String, _ value: Any) -> [(String, String)] {
            guard defect == .nestedEntriesReversed, let dictionary = value as? [String: Any] else {
                return encoding.queryComponents(fromKey: key, value: value)
            }
            return dictionary.reversed().flatMap { components("\(key)[\($0.key)]", $0.value) }
        }
        let keys = defect == .topLevelKeysInByteOrder
            ? parameters.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) } : parameters.keys.sorted()
        return keys.flatMap { components($0, parameters[$0]!) }.map { "\($0)=\($1)" }.joined(separator: "&")
    }

    /// The text the reference encodes the call's parameters or value as; `nil` for none, or for
    /// an encoding that throws.
    private static func encodedText(of call: RequestFuzzCase.Call) -> String? {
        switch call {
        case let .urlEncoding(parameters?, options):
            return query(FuzzParameter.parameters(parameters), options.options, defect: nil)
        case let .parameterEncoder(value?, options, _):
            return try? ReferenceAdapter.encode(FuzzEncodable(value: value, log: FuzzLog()), options.formOptions)
        case .urlEncoding(nil, _), .parameterEncoder(nil, _, _), .afSerializer:
            return nil
        }
    }

    /// `request` with the query the reference wrote replaced by `wrong`, a query of the same
    /// pairs: the end of its URL's query where the query was `mergedIntoURL`, its body otherwise.
    /// (Found by its length, not its text: the reference's order of keys `<` cannot order is
    /// that of its own copy of the parameters, which `query` does not make.)
    private static func replacingQuery(with wrong: String, in request: RequestSnapshot, mergedIntoURL: Bool) -> RequestSnapshot {
        var url = request.url
        var body = request.body
        let length = wrong.utf8.count
        // The same pairs in any order.
        func pairs(_ text: [UInt8]) -> [[UInt8]] {
            text.split(separator: UInt8(ascii: "&")).map(Array.init).sorted { $0.lexicographicallyPrecedes($1) }
        }
        func isQuery(_ text: [UInt8]) -> Bool {
            pairs(text) == pairs(Array(wrong.utf8))
        }
        if mergedIntoURL, let text = url {
            // The query ends where the fragment begins: an escaped query holds no `#`.
            let utf8 = Array(text.utf8)
            let queryEnd = utf8.firstIndex(of: UInt8(ascii: "#")) ?? utf8.endIndex
            if queryEnd >= length, isQuery(Array(utf8[(queryEnd - length)..<queryEnd])) {
                url = String(decoding: utf8[..<(queryEnd - length)] + Array(wrong.utf8) + utf8[queryEnd...], as: UTF8.self)
            }
        } else if !mergedIntoURL, case let .utf8(text)? = body, text.utf8.count == length, isQuery(Array(text.utf8)) {
            body = .utf8(wrong)
        }
        return RequestSnapshot(url: url, method: request.method, headers: request.headers, contentType: request.contentType,
                               body: body)
    }
}

private extension RequestFuzzInput {
    /// Whether the call merges a query into the URL, by Alamofire's rules: its parameters go to
    /// the URL, and are neither `nil` nor (for `URLEncoding`, which then leaves the URL alone)
    /// empty.
    var mergesQueryIntoURL: Bool {
        let destination: RequestDestination
        switch call {
        case let .urlEncoding(parameters, options):
            guard let parameters, !parameters.isEmpty else { return false }
            destination = options.options.destination
        case let .parameterEncoder(value, _, parameterDestination):
            guard value != nil else { return false }
            destination = parameterDestination
        case .afSerializer:
            // AFNetworking's rules are not these: the mutants of Alamofire's leave its cases alone.
            return false
        }
        switch destination {
        case .methodDependent: return ["GET", "HEAD", "DELETE"].contains(request.httpMethod ?? "")
        case .queryString: return true
        case .httpBody: return false
        }
    }
}
