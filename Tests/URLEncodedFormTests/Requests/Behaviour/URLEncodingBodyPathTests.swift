import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

extension RequestsBehaviour {
    /// `URLEncoding.encode(_:with:)` when the parameters go to the body (SPEC-requests §2.1, step
    /// 4): the body is the UTF-8 of the query (an empty, non-nil body for `[:]`), the URL is left as
    /// it is, and `Content-Type` is set to `application/x-www-form-urlencoded; charset=utf-8` only
    /// when the request has no such header, its name compared case-insensitively — an existing one,
    /// whatever its spelling and even empty, is kept and not duplicated.
    ///
    /// Names set with `setValue(_:forHTTPHeaderField:)` read back canonical on Linux (`content-type`
    /// reads back `Content-Type`; vectors README, "Linux behaviour"); names set through
    /// `allHTTPHeaderFields` read back as they were set.
    struct URLEncodingBodyPathTests {
        private func outcome(_ contender: RequestContender, _ request: URLRequest, _ parameters: [String: any Sendable]?) -> RequestOutcome {
            contender.urlEncoding(request, parameters)
        }

        // MARK: The body

        @Test(arguments: RequestContender.allCases)
        func theBodyIsTheQueryAndTheURLIsLeftAlone(contender: RequestContender) {
            let request = BehaviourRequest.make("POST", "https://example.com/path?x=1#frag")
            #expect(outcome(contender, request, ["b": 2, "a": "x y"])
                == BehaviourOutcome.inBody("a=x%20y&b=2", url: "https://example.com/path?x=1#frag"))
        }

        @Test(arguments: RequestContender.allCases)
        func emptyParametersGiveAnEmptyNonNilBodyAndTheHeader(contender: RequestContender) {
            #expect(outcome(contender, BehaviourRequest.make("POST"), [:]) == BehaviourOutcome.inBody(""))
        }

        @Test(arguments: RequestContender.allCases)
        func parametersThatWriteNothingGiveAnEmptyBody(contender: RequestContender) {
            let parameters: [String: any Sendable] = ["e": [] as [any Sendable], "f": [String: any Sendable]()]
            #expect(outcome(contender, BehaviourRequest.make("PUT"), parameters) == BehaviourOutcome.inBody("", method: "PUT"))
        }

        @Test(arguments: RequestContender.allCases)
        func aURLEndingInAQuestionMarkIsLeftAsItIs(contender: RequestContender) {
            let request = BehaviourRequest.make("POST", "https://example.com/path?")
            #expect(outcome(contender, request, ["a": 1]) == BehaviourOutcome.inBody("a=1", url: "https://example.com/path?"))
        }

        @Test(arguments: RequestContender.allCases)
        func nonASCIIIsWrittenEscapedSoTheBodyIsASCII(contender: RequestContender) {
            #expect(outcome(contender, BehaviourRequest.make("POST"), ["ключ": "\u{E9}"])
                == BehaviourOutcome.inBody("%D0%BA%D0%BB%D1%8E%D1%87=%C3%A9"))
        }

        // MARK: Content-Type

        @Test(arguments: RequestContender.allCases)
        func theHeaderIsAddedBesideTheOtherHeaders(contender: RequestContender) {
            let request = BehaviourRequest.make("POST", headers: [("X-Custom", "1"), ("accept", "*/*")])
            #expect(outcome(contender, request, ["a": 1])
                == BehaviourOutcome.inBody("a=1", headers: [("Accept", "*/*"), ("X-Custom", "1")]))
        }

        @Test(arguments: RequestContender.allCases)
        func anExistingContentTypeIsKept(contender: RequestContender) {
            let request = BehaviourRequest.make("POST", headers: [("Content-Type", "application/x-www-form-urlencoded")])
            #expect(outcome(contender, request, ["a": 1])
                == BehaviourOutcome.request(url: BehaviourRequest.path, method: "POST",
                                            headers: [("Content-Type", "application/x-www-form-urlencoded")], body: "a=1"))
        }

        @Test(arguments: RequestContender.allCases)
        func anExistingLowerCaseContentTypeIsKeptNotDuplicated(contender: RequestContender) {
            let request = BehaviourRequest.make("POST", headers: [("content-type", "text/plain")])
            #expect(outcome(contender, request, ["a": 1])
                == BehaviourOutcome.request(url: BehaviourRequest.path, method: "POST", headers: [("Content-Type", "text/plain")], body: "a=1"))
        }

        @Test(arguments: RequestContender.allCases)
        func anExistingUpperCaseContentTypeIsKeptNotDuplicated(contender: RequestContender) {
            let request = BehaviourRequest.make("POST", headers: [("CONTENT-TYPE", "application/json")])
            #expect(outcome(contender, request, ["a": 1])
                == BehaviourOutcome.request(url: BehaviourRequest.path, method: "POST", headers: [("Content-Type", "application/json")],
                                            body: "a=1"))
        }

        @Test(arguments: RequestContender.allCases)
        func anExistingEmptyContentTypeIsKept(contender: RequestContender) {
            // Present though empty: the lookup finds it.
            let request = BehaviourRequest.make("POST", headers: [("Content-Type", "")])
            #expect(outcome(contender, request, ["a": 1])
                == BehaviourOutcome.request(url: BehaviourRequest.path, method: "POST", headers: [("Content-Type", "")], body: "a=1"))
        }

        @Test(arguments: RequestContender.allCases)
        func aContentTypeNamedInLowerCaseThroughAllHTTPHeaderFieldsIsNotDuplicated(contender: RequestContender) {
            // Stored as spelled: a case-sensitive lookup would miss it and add a second header.
            var request = BehaviourRequest.make("POST")
            request.allHTTPHeaderFields = ["content-type": "text/plain"]
            #expect(outcome(contender, request, ["a": 1])
                == BehaviourOutcome.request(url: BehaviourRequest.path, method: "POST", headers: [("content-type", "text/plain")], body: "a=1"))
        }

        @Test(arguments: RequestContender.allCases)
        func anExistingContentTypeIsKeptForEmptyParametersToo(contender: RequestContender) {
            let request = BehaviourRequest.make("POST", headers: [("content-type", "text/plain")])
            #expect(outcome(contender, request, [:])
                == BehaviourOutcome.request(url: BehaviourRequest.path, method: "POST", headers: [("Content-Type", "text/plain")], body: ""))
        }

        @Test(arguments: RequestContender.allCases)
        func anExistingContentTypeIsKeptOnTheHTTPBodyDestination(contender: RequestContender) {
            let request = BehaviourRequest.make("GET", headers: [("Content-Type", "text/plain")])
            #expect(contender.urlEncoding(request, ["a": 1], URLEncodingOptions(destination: .httpBody))
                == BehaviourOutcome.request(url: BehaviourRequest.path, method: "GET", headers: [("Content-Type", "text/plain")], body: "a=1"))
        }
    }
}
