import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

extension RequestsBehaviour {
    /// `URLEncoding.encode(_:with:)` when the parameters go to the URL (SPEC-requests §2.1, steps 2
    /// and 3): `nil` parameters leave the request alone; a URL-less request throws `missingURL`
    /// before the parameters are looked at; empty parameters leave the URL alone; otherwise the new
    /// query is the existing `percentEncodedQuery` kept verbatim, then `&`, then the parameters' query
    /// — even when that query is empty — and the fragment stays after it.
    struct URLEncodingURLPathTests {
        private func outcome(_ contender: RequestContender, _ url: String, _ parameters: [String: any Sendable]?,
                             method: String = "GET") -> RequestOutcome {
            contender.urlEncoding(BehaviourRequest.make(method, url), parameters)
        }

        /// Parameters that write nothing: an empty array and an empty dictionary.
        private static let nothing: [String: any Sendable] = ["e": [] as [any Sendable], "f": [String: any Sendable]()]

        // MARK: nil and empty parameters

        @Test(arguments: RequestContender.allCases)
        func nilParametersLeaveAGETRequestUntouched(contender: RequestContender) {
            let request = BehaviourRequest.make("GET", "https://example.com/path?x=1#frag", headers: [("Accept", "x")])
            #expect(contender.urlEncoding(request, nil)
                == BehaviourOutcome.request(url: "https://example.com/path?x=1#frag", method: "GET", headers: [("Accept", "x")]))
        }

        @Test(arguments: RequestContender.allCases)
        func nilParametersLeaveAPOSTRequestUntouched(contender: RequestContender) {
            // The body path is not taken either: no Content-Type, no body.
            let request = BehaviourRequest.make("POST", "https://example.com/path?", headers: [("Accept", "x")])
            #expect(contender.urlEncoding(request, nil)
                == BehaviourOutcome.request(url: "https://example.com/path?", method: "POST", headers: [("Accept", "x")]))
        }

        @Test(arguments: RequestContender.allCases)
        func emptyParametersLeaveTheURLUntouched(contender: RequestContender) {
            #expect(outcome(contender, "https://example.com/path", [:]) == BehaviourOutcome.inURL("https://example.com/path"))
        }

        @Test(arguments: RequestContender.allCases)
        func emptyParametersDoNotAddAnAmpersandToAnExistingQuery(contender: RequestContender) {
            #expect(outcome(contender, "https://example.com/path?x=1", [:]) == BehaviourOutcome.inURL("https://example.com/path?x=1"))
        }

        @Test(arguments: RequestContender.allCases)
        func emptyParametersLeaveATrailingQuestionMarkAlone(contender: RequestContender) {
            #expect(outcome(contender, "https://example.com/path?", [:]) == BehaviourOutcome.inURL("https://example.com/path?"))
        }

        // MARK: Requests without a URL

        @Test(arguments: RequestContender.allCases)
        func aURLLessRequestThrowsMissingURL(contender: RequestContender) {
            #expect(contender.urlEncoding(BehaviourRequest.urlLess("GET"), ["a": 1]) == BehaviourOutcome.missingURL)
        }

        @Test(arguments: RequestContender.allCases)
        func aURLLessRequestThrowsMissingURLEvenForEmptyParameters(contender: RequestContender) {
            // The URL is checked before the emptiness test.
            #expect(contender.urlEncoding(BehaviourRequest.urlLess("GET"), [:]) == BehaviourOutcome.missingURL)
            #expect(contender.urlEncoding(BehaviourRequest.urlLess("POST"), [:], URLEncodingOptions(destination: .queryString))
                == BehaviourOutcome.missingURL)
        }

        @Test(arguments: RequestContender.allCases)
        func aURLLessRequestWithNilParametersIsReturnedUntouched(contender: RequestContender) {
            #expect(contender.urlEncoding(BehaviourRequest.urlLess("GET"), nil) == BehaviourOutcome.request(url: nil, method: "GET"))
        }

        // MARK: Merging with the existing query

        @Test(arguments: RequestContender.allCases)
        func aURLWithoutQueryGetsTheQuery(contender: RequestContender) {
            #expect(outcome(contender, "https://example.com/path", ["a": 1]) == BehaviourOutcome.inURL("https://example.com/path?a=1"))
        }

        @Test(arguments: RequestContender.allCases)
        func aHostOnlyURLGetsTheQueryWithoutASlash(contender: RequestContender) {
            #expect(outcome(contender, "https://example.com", ["a": 1]) == BehaviourOutcome.inURL("https://example.com?a=1"))
        }

        @Test(arguments: RequestContender.allCases)
        func anExistingQueryIsKeptAndTheNewOneAppendedAfterAnAmpersand(contender: RequestContender) {
            #expect(outcome(contender, "https://example.com/path?x=1&y=2", ["a": 1])
                == BehaviourOutcome.inURL("https://example.com/path?x=1&y=2&a=1"))
        }

        @Test(arguments: RequestContender.allCases)
        func anExistingQueryIsKeptVerbatimEscapesAndPlusIncluded(contender: RequestContender) {
            // Not decoded, re-escaped or sorted: `%20`, `+`, `%2b` and a key-only `flag` stay as they are.
            #expect(outcome(contender, "https://example.com/path?z=%20a+b%2b&flag", ["a": "1 2"])
                == BehaviourOutcome.inURL("https://example.com/path?z=%20a+b%2b&flag&a=1%202"))
        }

        @Test(arguments: RequestContender.allCases)
        func anExistingTrailingAmpersandGetsASecondOne(contender: RequestContender) {
            #expect(outcome(contender, "https://example.com/path?x=1&", ["a": 1])
                == BehaviourOutcome.inURL("https://example.com/path?x=1&&a=1"))
        }

        @Test(arguments: RequestContender.allCases)
        func aURLEndingInAQuestionMarkGetsQuestionMarkAmpersand(contender: RequestContender) {
            // The existing query is "", not none: "" + "&" + "a=1".
            #expect(outcome(contender, "https://example.com/path?", ["a": 1]) == BehaviourOutcome.inURL("https://example.com/path?&a=1"))
        }

        @Test(arguments: RequestContender.allCases)
        func parametersThatWriteNothingLeaveATrailingQuestionMark(contender: RequestContender) {
            // Not empty parameters, so the query is set: to "" + "", which shows as a bare "?".
            #expect(outcome(contender, "https://example.com/path", Self.nothing) == BehaviourOutcome.inURL("https://example.com/path?"))
        }

        @Test(arguments: RequestContender.allCases)
        func parametersThatWriteNothingLeaveATrailingAmpersand(contender: RequestContender) {
            #expect(outcome(contender, "https://example.com/path?x=1", Self.nothing)
                == BehaviourOutcome.inURL("https://example.com/path?x=1&"))
        }

        @Test(arguments: RequestContender.allCases)
        func parametersThatWriteNothingAfterAQuestionMarkLeaveQuestionMarkAmpersand(contender: RequestContender) {
            #expect(outcome(contender, "https://example.com/path?", Self.nothing) == BehaviourOutcome.inURL("https://example.com/path?&"))
        }

        // MARK: Fragments and other URL shapes

        @Test(arguments: RequestContender.allCases)
        func theFragmentStaysAfterTheNewQuery(contender: RequestContender) {
            #expect(outcome(contender, "https://example.com/path#frag", ["a": 1])
                == BehaviourOutcome.inURL("https://example.com/path?a=1#frag"))
        }

        @Test(arguments: RequestContender.allCases)
        func theFragmentStaysAfterTheMergedQuery(contender: RequestContender) {
            #expect(outcome(contender, "https://example.com/path?x=1#frag", ["a": 1])
                == BehaviourOutcome.inURL("https://example.com/path?x=1&a=1#frag"))
        }

        @Test(arguments: RequestContender.allCases)
        func aQuestionMarkInTheFragmentIsNotTheQuery(contender: RequestContender) {
            #expect(outcome(contender, "https://example.com/path#frag?b=2", ["a": 1])
                == BehaviourOutcome.inURL("https://example.com/path?a=1#frag?b=2"))
        }

        @Test(arguments: RequestContender.allCases)
        func anEmptyQueryBeforeAFragmentGetsQuestionMarkAmpersand(contender: RequestContender) {
            #expect(outcome(contender, "https://example.com/path?#frag", ["a": 1])
                == BehaviourOutcome.inURL("https://example.com/path?&a=1#frag"))
        }

        @Test(arguments: RequestContender.allCases)
        func userPortAndPercentEncodedPathAreKept(contender: RequestContender) {
            #expect(outcome(contender, "https://user:pw@example.com:8443/p%C3%A9/?k=v", ["a": 1])
                == BehaviourOutcome.inURL("https://user:pw@example.com:8443/p%C3%A9/?k=v&a=1"))
        }

        @Test(arguments: RequestContender.allCases)
        func aRelativeURLGetsTheQuery(contender: RequestContender) {
            #expect(outcome(contender, "/abs/path", ["a": 1]) == BehaviourOutcome.inURL("/abs/path?a=1"))
        }

        @Test(arguments: RequestContender.allCases)
        func theURLPathAddsNoHeaderAndKeepsTheOthers(contender: RequestContender) {
            let request = BehaviourRequest.make("GET", headers: [("content-type", "text/plain"), ("Accept", "*/*")])
            #expect(contender.urlEncoding(request, ["a": 1])
                == BehaviourOutcome.inURL(BehaviourRequest.path + "?a=1", headers: [("Accept", "*/*"), ("Content-Type", "text/plain")]))
        }
    }
}
