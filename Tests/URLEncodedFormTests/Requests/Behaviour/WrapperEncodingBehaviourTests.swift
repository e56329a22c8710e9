import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

extension RequestsBehaviour {
    /// The thin wrappers (SPEC-requests §5), whose bytes Foundation makes: `JSONEncoding`
    /// (`JSONSerialization`), `JSONParameterEncoder` (`JSONEncoder`) and `PropertyListEncoding`
    /// (`PropertyListSerialization`). Each writes the body whatever the method, leaves the URL as it
    /// is, sets its `Content-Type` only when the request has none (in any spelling), and leaves the
    /// request untouched for `nil`.
    struct WrapperEncodingBehaviourTests {
        private static func json(_ body: String, method: String = "POST", headers: [(String, String)] = [("Content-Type", "application/json")])
            -> RequestOutcome {
            BehaviourOutcome.request(url: BehaviourRequest.path, method: method, headers: headers, body: body)
        }

        // MARK: JSONEncoding

        @Test(arguments: RequestContender.allCases)
        func jsonEncodingWritesTheJSONBodyAndHeader(contender: RequestContender) {
            #expect(contender.jsonEncoding(BehaviourRequest.make("POST"), ["a": 1]) == Self.json(#"{"a":1}"#))
        }

        @Test(arguments: RequestContender.allCases)
        func jsonEncodingIgnoresTheMethod(contender: RequestContender) {
            // A GET gets a body too, and nothing in its URL.
            #expect(contender.jsonEncoding(BehaviourRequest.make("GET"), ["k": "v"]) == Self.json(#"{"k":"v"}"#, method: "GET"))
        }

        @Test(arguments: RequestContender.allCases)
        func jsonEncodingOfEmptyParametersWritesAnEmptyObject(contender: RequestContender) {
            #expect(contender.jsonEncoding(BehaviourRequest.make("PUT"), [:]) == Self.json("{}", method: "PUT"))
        }

        @Test(arguments: RequestContender.allCases)
        func jsonEncodingWritesNestedArrays(contender: RequestContender) {
            #expect(contender.jsonEncoding(BehaviourRequest.make("POST"), ["a": [1, 2] as [any Sendable]]) == Self.json(#"{"a":[1,2]}"#))
        }

        @Test(arguments: RequestContender.allCases)
        func jsonEncodingKeepsAnExistingContentType(contender: RequestContender) {
            let request = BehaviourRequest.make("POST", headers: [("content-type", "text/plain")])
            #expect(contender.jsonEncoding(request, ["a": 1]) == Self.json(#"{"a":1}"#, headers: [("Content-Type", "text/plain")]))
        }

        @Test(arguments: RequestContender.allCases)
        func jsonEncodingOfNilParametersLeavesTheRequestUntouched(contender: RequestContender) {
            #expect(contender.jsonEncoding(BehaviourRequest.make("POST"), nil)
                == BehaviourOutcome.request(url: BehaviourRequest.path, method: "POST"))
            #expect(contender.jsonEncoding(BehaviourRequest.make("GET"), nil)
                == BehaviourOutcome.request(url: BehaviourRequest.path, method: "GET"))
        }

        @Test(arguments: RequestContender.allCases)
        func jsonEncodingOfAnInvalidObjectThrowsJSONEncodingFailed(contender: RequestContender) {
            // Alamofire gives `JSONEncoding.Error` a `localizedDescription` of its own, but `AFError`
            // reads it through `any Error`, which does not see it: Foundation's default text, whose
            // domain is the module's type.
            let description = "JSON could not be encoded because of error:\nThe operation could not be completed. ("
                + contender.requestModuleName + ".JSONEncoding.Error error 0.)"
            #expect(contender.jsonEncoding(BehaviourRequest.make("POST"), ["d": Date(timeIntervalSinceReferenceDate: 0)])
                == BehaviourOutcome.failure("parameterEncodingFailed.jsonEncodingFailed", underlying: "invalidJSONObject", description))
        }

        // MARK: JSONParameterEncoder

        @Test(arguments: RequestContender.allCases)
        func jsonParameterEncoderWritesTheJSONBodyAndHeader(contender: RequestContender) {
            #expect(contender.jsonParameterEncoder(BehaviourRequest.make("POST"), ["a": 1]) == Self.json(#"{"a":1}"#))
        }

        @Test(arguments: RequestContender.allCases)
        func jsonParameterEncoderDefaultEscapesSlashes(contender: RequestContender) {
            // `JSONEncoder` without `.withoutEscapingSlashes`.
            #expect(contender.jsonParameterEncoder(BehaviourRequest.make("POST"), ["u": "a/b"]) == Self.json(#"{"u":"a\/b"}"#))
        }

        @Test(arguments: RequestContender.allCases)
        func jsonParameterEncoderIgnoresTheMethod(contender: RequestContender) {
            #expect(contender.jsonParameterEncoder(BehaviourRequest.make("GET"), ["a": [1, 2]]) == Self.json(#"{"a":[1,2]}"#, method: "GET"))
        }

        @Test(arguments: RequestContender.allCases)
        func jsonParameterEncoderKeepsAnExistingContentType(contender: RequestContender) {
            let request = BehaviourRequest.make("POST", headers: [("CONTENT-TYPE", "")])
            #expect(contender.jsonParameterEncoder(request, ["a": 1]) == Self.json(#"{"a":1}"#, headers: [("Content-Type", "")]))
        }

        @Test(arguments: RequestContender.allCases)
        func jsonParameterEncoderOfNilLeavesTheRequestUntouched(contender: RequestContender) {
            #expect(contender.jsonParameterEncoder(BehaviourRequest.make("PUT"), [String: Int]?.none)
                == BehaviourOutcome.request(url: BehaviourRequest.path, method: "PUT"))
        }

        @Test(arguments: RequestContender.allCases)
        func jsonParameterEncoderSortedKeysSortsEveryLevel(contender: RequestContender) {
            let value = ["zeta": ["y": 2, "b": 1], "alpha": ["k": 0]]
            #expect(contender.jsonParameterEncoderSortedKeys(BehaviourRequest.make("POST"), value)
                == Self.json(#"{"alpha":{"k":0},"zeta":{"b":1,"y":2}}"#))
        }

        @Test(arguments: RequestContender.allCases)
        func jsonParameterEncoderErrorsAreJSONEncodingFailed(contender: RequestContender) {
            // `JSONEncoder` refuses NaN with an `EncodingError`.
            guard case let .error(failure) = contender.jsonParameterEncoder(BehaviourRequest.make("POST"), ["x": Double.nan]) else {
                Issue.record("NaN is not JSON, yet encoding succeeded")
                return
            }
            #expect(failure.caseName == "parameterEncodingFailed.jsonEncodingFailed")
            #expect(failure.underlying == "encodingError")
            #expect(failure.errorDescription.hasPrefix("JSON could not be encoded because of error:\n"))
        }

        // MARK: PropertyListEncoding

        @Test(arguments: RequestContender.allCases)
        func propertyListEncodingSetsThePlistHeaderAndLeavesTheURL(contender: RequestContender) {
            guard case let .request(snapshot) = contender.propertyListEncoding(BehaviourRequest.make("GET"), ["a": 1]) else {
                Issue.record("encoding threw")
                return
            }
            #expect(snapshot.url == BehaviourRequest.path)
            #expect(snapshot.method == "GET")
            #expect(snapshot.headers == [RequestSnapshot.Header(name: "Content-Type", value: "application/x-plist")])
            #expect(snapshot.contentType == "application/x-plist")
        }

        @Test(arguments: RequestContender.allCases)
        func propertyListEncodingWritesAnXMLPropertyListThatRoundTrips(contender: RequestContender) throws {
            let request = try contender.propertyListRequest(BehaviourRequest.make("POST"), ["a": 1, "s": "x y", "l": [true, false]])
            let body = try #require(request.httpBody)
            #expect(String(decoding: body.prefix(5), as: UTF8.self) == "<?xml")
            var format = PropertyListSerialization.PropertyListFormat.binary
            let decoded = try #require(try PropertyListSerialization.propertyList(from: body, options: [], format: &format) as? [String: Any])
            #expect(format == .xml)
            #expect(decoded.count == 3)
            #expect(decoded["a"] as? Int == 1)
            #expect(decoded["s"] as? String == "x y")
            #expect(decoded["l"] as? [Bool] == [true, false])
        }

        @Test(arguments: RequestContender.allCases)
        func propertyListEncodingKeepsAnExistingContentType(contender: RequestContender) {
            let request = BehaviourRequest.make("POST", headers: [("content-type", "text/plain")])
            guard case let .request(snapshot) = contender.propertyListEncoding(request, ["a": 1]) else {
                Issue.record("encoding threw")
                return
            }
            #expect(snapshot.headers == [RequestSnapshot.Header(name: "Content-Type", value: "text/plain")])
            #expect(snapshot.body != nil)
        }

        @Test(arguments: RequestContender.allCases)
        func propertyListEncodingOfNilParametersLeavesTheRequestUntouched(contender: RequestContender) {
            #expect(contender.propertyListEncoding(BehaviourRequest.make("POST"), nil)
                == BehaviourOutcome.request(url: BehaviourRequest.path, method: "POST"))
        }
    }
}
