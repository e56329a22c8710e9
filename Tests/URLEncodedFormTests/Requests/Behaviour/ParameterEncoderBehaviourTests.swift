import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

extension RequestsBehaviour {
    /// `URLEncodedFormParameterEncoder.encode(_:into:)` (SPEC-requests §3): `nil` leaves the request
    /// alone; a URL-less request throws `missingRequiredComponent(.url)` before the destination is
    /// looked at; on the URL path the new query is `[existing percentEncodedQuery, encoded text]`
    /// without nils, joined with `&`, and an empty result removes the query; on the body path the
    /// body is the encoder's bytes (an empty, non-nil body for `""`) and `Content-Type` follows §2.1.
    /// Encoder errors are wrapped as `encoderFailed`, whose description shows the error's
    /// `"\(error)"`.
    struct ParameterEncoderBehaviourTests {
        private func outcome<Value: Encodable & Sendable>(_ contender: RequestContender, _ request: URLRequest, _ value: Value?,
                                                          encoder: FormOptions = FormOptions(),
                                                          _ destination: RequestDestination = .methodDependent) -> RequestOutcome {
            contender.parameterEncoder(request, value, encoder: encoder, destination: destination)
        }

        /// A value the encoder writes as `""`: an empty keyed root.
        private static let empty = [String: Int]()

        // MARK: nil parameters and requests without a URL

        @Test(arguments: RequestContender.allCases)
        func nilParametersLeaveAGETRequestUntouched(contender: RequestContender) {
            let request = BehaviourRequest.make("GET", "https://example.com/path?", headers: [("Accept", "x")])
            #expect(outcome(contender, request, [String: Int]?.none)
                == BehaviourOutcome.request(url: "https://example.com/path?", method: "GET", headers: [("Accept", "x")]))
        }

        @Test(arguments: RequestContender.allCases)
        func nilParametersLeaveAPOSTRequestUntouched(contender: RequestContender) {
            #expect(outcome(contender, BehaviourRequest.make("POST"), [String: Int]?.none)
                == BehaviourOutcome.request(url: BehaviourRequest.path, method: "POST"))
        }

        @Test(arguments: RequestContender.allCases)
        func nilParametersLeaveAURLLessRequestUntouched(contender: RequestContender) {
            #expect(outcome(contender, BehaviourRequest.urlLess("GET"), [String: Int]?.none)
                == BehaviourOutcome.request(url: nil, method: "GET"))
        }

        @Test(arguments: RequestContender.allCases)
        func aURLLessRequestThrowsMissingURLComponentOnTheQueryDestination(contender: RequestContender) {
            #expect(outcome(contender, BehaviourRequest.urlLess("POST"), ["a": 1], .queryString) == BehaviourOutcome.missingURLComponent)
            #expect(outcome(contender, BehaviourRequest.urlLess("GET"), ["a": 1]) == BehaviourOutcome.missingURLComponent)
        }

        @Test(arguments: RequestContender.allCases)
        func aURLLessRequestThrowsMissingURLComponentOnTheBodyDestinationToo(contender: RequestContender) {
            // The URL is checked before the destination: the body needs no URL, yet one is required.
            #expect(outcome(contender, BehaviourRequest.urlLess("GET"), ["a": 1], .httpBody) == BehaviourOutcome.missingURLComponent)
            #expect(outcome(contender, BehaviourRequest.urlLess("POST"), ["a": 1]) == BehaviourOutcome.missingURLComponent)
        }

        @Test(arguments: RequestContender.allCases)
        func aURLLessRequestThrowsMissingURLComponentBeforeTheValueIsEncoded(contender: RequestContender) {
            // A string root would throw `invalidRootObject`, had the encoder been asked.
            #expect(outcome(contender, BehaviourRequest.urlLess("POST"), "root", .httpBody) == BehaviourOutcome.missingURLComponent)
            #expect(outcome(contender, BehaviourRequest.urlLess("GET"), Self.empty) == BehaviourOutcome.missingURLComponent)
        }

        // MARK: The query-merge truth table

        @Test(arguments: RequestContender.allCases)
        func noQueryAndEmptyTextLeaveTheURLWithoutQuestionMark(contender: RequestContender) {
            #expect(outcome(contender, BehaviourRequest.make("GET"), Self.empty) == BehaviourOutcome.inURL("https://example.com/path"))
        }

        @Test(arguments: RequestContender.allCases)
        func noQueryAndTextGiveTheText(contender: RequestContender) {
            #expect(outcome(contender, BehaviourRequest.make("GET"), ["a": 1]) == BehaviourOutcome.inURL("https://example.com/path?a=1"))
        }

        @Test(arguments: RequestContender.allCases)
        func aQueryAndTextAreJoinedWithAnAmpersand(contender: RequestContender) {
            #expect(outcome(contender, BehaviourRequest.make("GET", "https://example.com/path?x=1"), ["a": 1])
                == BehaviourOutcome.inURL("https://example.com/path?x=1&a=1"))
        }

        @Test(arguments: RequestContender.allCases)
        func aQueryAndEmptyTextLeaveATrailingAmpersand(contender: RequestContender) {
            #expect(outcome(contender, BehaviourRequest.make("GET", "https://example.com/path?x=1"), Self.empty)
                == BehaviourOutcome.inURL("https://example.com/path?x=1&"))
        }

        @Test(arguments: RequestContender.allCases)
        func anEmptyQueryAndEmptyTextGiveQuestionMarkAmpersand(contender: RequestContender) {
            // ["", ""] joined with "&" is "&": not empty, so the query is set to it.
            #expect(outcome(contender, BehaviourRequest.make("GET", "https://example.com/path?"), Self.empty)
                == BehaviourOutcome.inURL("https://example.com/path?&"))
        }

        @Test(arguments: RequestContender.allCases)
        func anEmptyQueryAndTextGiveQuestionMarkAmpersandText(contender: RequestContender) {
            #expect(outcome(contender, BehaviourRequest.make("GET", "https://example.com/path?"), ["a": 1])
                == BehaviourOutcome.inURL("https://example.com/path?&a=1"))
        }

        @Test(arguments: RequestContender.allCases)
        func theFragmentStaysAfterTheMergedQuery(contender: RequestContender) {
            #expect(outcome(contender, BehaviourRequest.make("GET", "https://example.com/path?x=1#frag"), ["a": 1])
                == BehaviourOutcome.inURL("https://example.com/path?x=1&a=1#frag"))
            #expect(outcome(contender, BehaviourRequest.make("GET", "https://example.com/path#frag"), Self.empty)
                == BehaviourOutcome.inURL("https://example.com/path#frag"))
        }

        @Test(arguments: RequestContender.allCases)
        func anEmptyArrayRootIsEmptyTextToo(contender: RequestContender) {
            #expect(outcome(contender, BehaviourRequest.make("GET", "https://example.com/path?x=1"), [Int]())
                == BehaviourOutcome.inURL("https://example.com/path?x=1&"))
        }

        @Test(arguments: RequestContender.allCases)
        func theEncodersTextIsSortedAndEscapedAsTheEncoderWritesIt(contender: RequestContender) {
            // The encoder sorts array elements too: 0 before 1.
            let value = VectorNode.object([("b", .leaf(.int(2))), ("a", .text("x y")),
                                           ("c", .array([.leaf(.bool(true)), .leaf(.bool(false))]))])
            #expect(outcome(contender, BehaviourRequest.make("GET"), value)
                == BehaviourOutcome.inURL("https://example.com/path?a=x%20y&b=2&c%5B%5D=0&c%5B%5D=1"))
        }

        // MARK: Destinations

        @Test(arguments: RequestContender.allCases)
        func methodDependentSendsGETHEADAndDELETEToTheURL(contender: RequestContender) {
            #expect(outcome(contender, BehaviourRequest.make("HEAD"), ["a": 1])
                == BehaviourOutcome.inURL(BehaviourRequest.path + "?a=1", method: "HEAD"))
            #expect(outcome(contender, BehaviourRequest.make("delete"), ["a": 1])
                == BehaviourOutcome.inURL(BehaviourRequest.path + "?a=1", method: "DELETE"))
        }

        @Test(arguments: RequestContender.allCases)
        func methodDependentSendsOtherMethodsToTheBody(contender: RequestContender) {
            #expect(outcome(contender, BehaviourRequest.make("PUT"), ["a": 1]) == BehaviourOutcome.inBody("a=1", method: "PUT"))
            #expect(outcome(contender, BehaviourRequest.make("patch"), ["a": 1]) == BehaviourOutcome.inBody("a=1", method: "patch"))
        }

        @Test(arguments: RequestContender.allCases)
        func queryStringSendsPOSTToTheURL(contender: RequestContender) {
            #expect(outcome(contender, BehaviourRequest.make("POST"), ["a": 1], .queryString)
                == BehaviourOutcome.inURL(BehaviourRequest.path + "?a=1", method: "POST"))
        }

        @Test(arguments: RequestContender.allCases)
        func httpBodySendsGETToTheBody(contender: RequestContender) {
            #expect(outcome(contender, BehaviourRequest.make("GET"), ["a": 1], .httpBody) == BehaviourOutcome.inBody("a=1", method: "GET"))
        }

        // MARK: The body

        @Test(arguments: RequestContender.allCases)
        func theBodyIsTheTextAndTheURLIsLeftAlone(contender: RequestContender) {
            #expect(outcome(contender, BehaviourRequest.make("POST", "https://example.com/path?x=1"), ["b": "2", "a": "1"])
                == BehaviourOutcome.inBody("a=1&b=2", url: "https://example.com/path?x=1"))
        }

        @Test(arguments: RequestContender.allCases)
        func emptyTextGivesAnEmptyNonNilBodyAndTheHeader(contender: RequestContender) {
            #expect(outcome(contender, BehaviourRequest.make("POST"), Self.empty) == BehaviourOutcome.inBody(""))
        }

        @Test(arguments: RequestContender.allCases)
        func anExistingContentTypeInAnotherCaseIsKeptNotDuplicated(contender: RequestContender) {
            #expect(outcome(contender, BehaviourRequest.make("POST", headers: [("content-type", "text/plain")]), ["a": 1])
                == BehaviourOutcome.request(url: BehaviourRequest.path, method: "POST", headers: [("Content-Type", "text/plain")], body: "a=1"))
            #expect(outcome(contender, BehaviourRequest.make("POST", headers: [("CONTENT-TYPE", "application/json")]), Self.empty)
                == BehaviourOutcome.request(url: BehaviourRequest.path, method: "POST", headers: [("Content-Type", "application/json")],
                                            body: ""))
        }

        @Test(arguments: RequestContender.allCases)
        func anExistingEmptyContentTypeIsKept(contender: RequestContender) {
            #expect(outcome(contender, BehaviourRequest.make("POST", headers: [("Content-Type", "")]), ["a": 1])
                == BehaviourOutcome.request(url: BehaviourRequest.path, method: "POST", headers: [("Content-Type", "")], body: "a=1"))
        }

        @Test(arguments: RequestContender.allCases)
        func theHeaderIsAddedBesideTheOtherHeaders(contender: RequestContender) {
            #expect(outcome(contender, BehaviourRequest.make("PUT", headers: [("X-Custom", "1")]), ["a": 1])
                == BehaviourOutcome.inBody("a=1", method: "PUT", headers: [("X-Custom", "1")]))
        }

        @Test(arguments: RequestContender.allCases)
        func theURLPathAddsNoHeader(contender: RequestContender) {
            #expect(outcome(contender, BehaviourRequest.make("GET", headers: [("content-type", "text/plain")]), ["a": 1])
                == BehaviourOutcome.inURL(BehaviourRequest.path + "?a=1", headers: [("Content-Type", "text/plain")]))
        }

        // MARK: Encoder errors

        private static func encoderFailed(_ underlying: String, _ text: String) -> RequestOutcome {
            BehaviourOutcome.failure("parameterEncoderFailed.encoderFailed", underlying: underlying,
                                     "The underlying encoder failed with the error: " + text)
        }

        @Test(arguments: RequestContender.allCases)
        func anInvalidRootOnTheURLPathIsWrappedAsEncoderFailed(contender: RequestContender) {
            #expect(outcome(contender, BehaviourRequest.make("GET"), "root")
                == Self.encoderFailed("invalidRootObject", #"invalidRootObject("string(\"root\")")"#))
        }

        @Test(arguments: RequestContender.allCases)
        func anInvalidRootOnTheBodyPathIsWrappedAsEncoderFailed(contender: RequestContender) {
            // A number root is stored as its text, "42".
            #expect(outcome(contender, BehaviourRequest.make("POST"), 42)
                == Self.encoderFailed("invalidRootObject", #"invalidRootObject("string(\"42\")")"#))
        }

        @Test(arguments: RequestContender.allCases)
        func anInvalidStringRootShowsTheRawStringNotItsEscapedText(contender: RequestContender) {
            // The description is `"\(component)"` of the tree before serialization: "%20" and "+"
            // are the string's own characters, not escapes.
            #expect(outcome(contender, BehaviourRequest.make("POST"), "%20a+b")
                == Self.encoderFailed("invalidRootObject", #"invalidRootObject("string(\"%20a+b\")")"#))
        }

        @Test(arguments: RequestContender.allCases)
        func anInvalidArrayRootShowsAlamofiresComponentsWithTheRawStrings(contender: RequestContender) {
            // Alamofire prints its `URLEncodedFormComponent` tree (vectors README, "Root values"),
            // whose strings are unescaped: "%20a", "1+1" and "x y" appear as they are.
            let text = #"invalidRootObject("array([Alamofire.URLEncodedFormComponent.string(\"%20a\"), "#
                + #"Alamofire.URLEncodedFormComponent.string(\"1+1\"), Alamofire.URLEncodedFormComponent.string(\"x y\")])")"#
            #expect(outcome(contender, BehaviourRequest.make("POST"), ["%20a", "1+1", "x y"])
                == Self.encoderFailed("invalidRootObject", text))
        }

        @Test(arguments: RequestContender.allCases)
        func anInvalidRootShowsRawPlusAndPercentEvenWhenTheAllowedSetKeepsThem(contender: RequestContender) {
            // With `+` and `%` allowed through unescaped and spaces written as `+`, the escaped text
            // of "1+1" is "1+1" and of "%41" is "%41": Alamofire's description still shows the
            // values, which its tree holds unescaped.
            let options = FormOptions(spaceEncoding: .plusReplaced,
                                      allowedCharacters: .set(CharacterSet.urlQueryAllowed.union(CharacterSet(charactersIn: "%"))))
            let text = #"invalidRootObject("array([Alamofire.URLEncodedFormComponent.string(\"1+1\"), "#
                + #"Alamofire.URLEncodedFormComponent.string(\"%41\")])")"#
            #expect(outcome(contender, BehaviourRequest.make("POST"), ["1+1", "%41"], encoder: options)
                == Self.encoderFailed("invalidRootObject", text))
        }

        @Test(arguments: RequestContender.allCases)
        func anEncodingErrorIsWrappedWithItsOwnDescription(contender: RequestContender) {
            // A second value through one single-value container: Alamofire's `checkCanEncode(value:
            // Any?)` throws `EncodingError.invalidValue(value as Any, …)`, so the value is an
            // `Optional<Any>`, and Swift's description of the error shows that type.
            let text = #"EncodingError.invalidValue: Optional("second") (Optional<Any>). Path: user. "#
                + "Debug description: Attempt to encode value through single value container when previously value already encoded."
            let expected = RequestOutcome.error(RequestFailure(
                caseName: "parameterEncoderFailed.encoderFailed", underlying: "encodingError",
                errorDescription: "The underlying encoder failed with the error: " + text, codingPath: ["user"]))
            #expect(outcome(contender, BehaviourRequest.make("POST"), ["user": TwoValuesInOneContainer()]) == expected)
        }

        @Test(arguments: RequestContender.allCases)
        func aThrowingDateClosureIsWrappedAsEncoderFailedWithTheErrorsOwnDescription(contender: RequestContender) {
            // "\(error)", not its localizedDescription ("localized failure").
            let options = FormOptions(dateEncoding: .custom { _ in throw BehaviourFailure(code: 7) })
            let value: [String: Date] = ["d": Date(timeIntervalSinceReferenceDate: 0)]
            let expected = Self.encoderFailed("BehaviourFailure", "BehaviourFailure(code: 7)")
            #expect(outcome(contender, BehaviourRequest.make("GET"), value, encoder: options) == expected)
            #expect(outcome(contender, BehaviourRequest.make("POST"), value, encoder: options) == expected)
        }

        @Test(arguments: RequestContender.allCases)
        func aFailedEncodingLeavesNoPartialQuery(contender: RequestContender) {
            // The error is thrown, not a request with what was written before the date.
            let options = FormOptions(dateEncoding: .custom { _ in throw SomeError() })
            let value = VectorNode.object([("a", .leaf(.int(1))), ("d", .leaf(.date(Date(timeIntervalSinceReferenceDate: 0))))])
            #expect(outcome(contender, BehaviourRequest.make("GET", "https://example.com/path?x=1"), value, encoder: options)
                == Self.encoderFailed("closureError", "SomeError()"))
        }
    }
}
