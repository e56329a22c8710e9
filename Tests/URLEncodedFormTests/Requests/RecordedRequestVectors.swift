import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The requests recorded from real Alamofire 5.12 on Linux, loaded from the test fixture (a copy
/// of `shared/vectors/alamofire-5.12-linux-requests.json`, so that a fresh clone can run it): what
/// `URLEncoding` and `URLEncodedFormParameterEncoder` made of a request, or the error they threw.
struct RecordedRequestVector: Sendable, CustomStringConvertible {
    /// The call a case records.
    enum Call: Sendable {
        /// `URLEncoding(options).encode(request, with: parameters)`.
        case urlEncoding(parameters: [String: any Sendable]?, options: URLEncodingOptions)
        /// `URLEncodedFormParameterEncoder(encoder:destination:).encode(value, into: request)`; a
        /// `nil` value is `nil` parameters.
        case parameterEncoder(value: VectorNode?, encoder: FormOptions, destination: RequestDestination)
    }

    let id: Int
    let category: String
    let request: URLRequest
    let call: Call
    let expected: RequestOutcome

    var description: String { "case \(id) (\(category))" }

    /// Makes the recorded call with `contender`'s module.
    func outcome(by contender: RequestContender) -> RequestOutcome {
        switch call {
        case let .urlEncoding(parameters, options):
            return contender.urlEncoding(request, parameters, options)
        case let .parameterEncoder(value, encoder, destination):
            return contender.parameterEncoder(request, value, encoder: encoder, destination: destination)
        }
    }

    /// All cases of the fixture, in file order.
    static let all: [RecordedRequestVector] = {
        do {
            return try load()
        } catch {
            // Surfaces as a failing test (no cases) with the reason printed, not a crash.
            print("could not load recorded request vectors: \(error)")
            return []
        }
    }()

    private static func load() throws -> [RecordedRequestVector] {
        guard let url = Bundle.module.url(forResource: "alamofire-5.12-linux-requests", withExtension: "json",
                                          subdirectory: "Fixtures") else {
            throw VectorNode.ParseError(description: "fixture alamofire-5.12-linux-requests.json missing from the test bundle")
        }
        let root = try JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: url))
        guard let cases = root.object?["vectors"]?.array?.compactMap(\.object) else {
            throw VectorNode.ParseError(description: "no vectors array")
        }
        return try cases.map { entry in
            guard let id = entry["id"]?.integer.map(Int.init), let category = entry["category"]?.string,
                  let api = entry["api"]?.string, let request = entry["request"]?.object,
                  let options = entry["options"]?.object else {
                throw VectorNode.ParseError(description: "bad case \(entry)")
            }
            func fail(_ what: String) -> VectorNode.ParseError {
                VectorNode.ParseError(description: "case \(id): \(what)")
            }
            let call: Call
            switch api {
            case "URLEncoding":
                guard let parameters = entry["parameters"] else { throw fail("no parameters") }
                call = .urlEncoding(parameters: try nonNull(parameters).map(TaggedParameter.dictionary),
                                    options: try urlEncodingOptions(options))
            case "URLEncodedFormParameterEncoder":
                guard let value = entry["value"], let names = options["encoder"]?.object,
                      let destination = options["destination"]?.string.flatMap(RequestDestination.init(rawValue:)) else {
                    throw fail("no value, encoder or destination")
                }
                call = .parameterEncoder(value: try nonNull(value).map(VectorNode.init(json:)),
                                         encoder: try encoderOptions(names), destination: destination)
            default:
                throw fail("unknown api \(api)")
            }
            let expected: RequestOutcome
            if let snapshot = entry["expected"]?.object {
                expected = .request(try requestSnapshot(snapshot))
            } else if let error = entry["error"]?.object, let caseName = error["case"]?.string,
                      let description = error["description"]?.string {
                expected = .error(RequestFailure(caseName: caseName, underlying: error["underlying"]?.string,
                                                 errorDescription: description))
            } else {
                throw fail("neither expected nor error")
            }
            return RecordedRequestVector(id: id, category: category, request: try makeRequest(request), call: call,
                                         expected: expected)
        }
    }

    /// The request as the README builds it: `URLRequest(url:)`, then the method, then each header
    /// in order; for `"url": null` the same on a placeholder URL, and `url = nil` last.
    private static func makeRequest(_ json: [String: JSONValue]) throws -> URLRequest {
        guard let method = json["method"]?.string, let headers = json["headers"]?.array?.compactMap(\.array),
              let urlValue = json["url"] else {
            throw VectorNode.ParseError(description: "bad request \(json)")
        }
        let urlText: String?
        switch urlValue {
        case .null: urlText = nil
        case let .string(text): urlText = text
        default: throw VectorNode.ParseError(description: "bad url \(urlValue)")
        }
        guard let url = URL(string: urlText ?? "https://placeholder.invalid/") else {
            throw VectorNode.ParseError(description: "bad url \(urlValue)")
        }
        var request = URLRequest(url: url)
        request.httpMethod = method
        for header in headers {
            guard header.count == 2, let name = header[0].string, let value = header[1].string else {
                throw VectorNode.ParseError(description: "bad header \(header)")
            }
            request.setValue(value, forHTTPHeaderField: name)
        }
        if urlText == nil {
            request.url = nil
        }
        return request
    }

    /// `json`, or `nil` for a JSON `null`.
    private static func nonNull(_ json: JSONValue) -> JSONValue? {
        if case .null = json { return nil }
        return json
    }

    private static func urlEncodingOptions(_ json: [String: JSONValue]) throws -> URLEncodingOptions {
        guard let destination = json["destination"]?.string.flatMap(RequestDestination.init(rawValue:)),
              let arrayEncoding = json["arrayEncoding"]?.string, let boolEncoding = json["boolEncoding"]?.string else {
            throw VectorNode.ParseError(description: "bad URLEncoding options \(json)")
        }
        var options = URLEncodingOptions(destination: destination)
        switch arrayEncoding {
        case "brackets": options.arrayEncoding = .brackets
        case "noBrackets": options.arrayEncoding = .noBrackets
        case "indexInBrackets": options.arrayEncoding = .indexInBrackets
        case "custom:dotIndexPlusOne": options.arrayEncoding = .custom { key, index in key + "." + String(index + 1) }
        case "custom:keyHashIndex": options.arrayEncoding = .custom { key, index in key + "#" + String(index) }
        default: throw VectorNode.ParseError(description: "unknown arrayEncoding \(arrayEncoding)")
        }
        switch boolEncoding {
        case "numeric": options.boolEncoding = .numeric
        case "literal": options.boolEncoding = .literal
        default: throw VectorNode.ParseError(description: "unknown boolEncoding \(boolEncoding)")
        }
        return options
    }

    /// The encoder's ten options, named as in the encoder vectors. A `custom:throws` closure
    /// throws `SomeError` here, as the recorder's did: its `"\(error)"` is part of the recorded
    /// descriptions.
    private static func encoderOptions(_ json: [String: JSONValue]) throws -> FormOptions {
        let names = json.mapValues { $0.string ?? ($0.bool == true ? "true" : "false") }
        var options = try FormOptions(vectorNames: names)
        if names["dataEncoding"] == "custom:throws" {
            options.dataEncoding = .custom { _ in throw SomeError() }
        }
        if names["dateEncoding"] == "custom:throws" {
            options.dateEncoding = .custom { _ in throw SomeError() }
        }
        return options
    }

    private static func requestSnapshot(_ json: [String: JSONValue]) throws -> RequestSnapshot {
        guard let method = json["method"]?.string, let headers = json["headers"]?.array?.compactMap(\.array),
              let url = json["url"], let contentType = json["contentType"], let body = json["body"] else {
            throw VectorNode.ParseError(description: "bad expected request \(json)")
        }
        return RequestSnapshot(
            url: url.string, method: method,
            headers: try headers.map { pair in
                guard pair.count == 2, let name = pair[0].string, let value = pair[1].string else {
                    throw VectorNode.ParseError(description: "bad header \(pair)")
                }
                return RequestSnapshot.Header(name: name, value: value)
            },
            contentType: contentType.string,
            body: body.string.map(RequestSnapshot.Body.utf8) ?? body.object?["base64"]?.string.map(RequestSnapshot.Body.base64))
    }
}

/// The error the recorder's `custom:throws` closures threw: a struct with no fields, whose
/// `"\(error)"`, `SomeError()`, the recorded `encoderFailed` descriptions show.
struct SomeError: Error {}
