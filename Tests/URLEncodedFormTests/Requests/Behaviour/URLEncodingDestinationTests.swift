import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

extension RequestsBehaviour {
    /// Where `URLEncoding` sends the parameters (SPEC-requests §2, `Destination`): `methodDependent`
    /// sends `GET`, `HEAD` and `DELETE` to the URL and every other method to the body, comparing the
    /// method exactly; `queryString` always to the URL, `httpBody` always to the body.
    ///
    /// The method compared is the request's `httpMethod` as it reads back. On Linux, Foundation
    /// upper-cases `get`, `head`, `delete` and `post` (in any mix of cases) when they are set, and
    /// keeps every other spelling (`patch`, `FOO`, `""`) as it was set (vectors README, "Linux
    /// behaviour"): so lower-case spellings of the URL methods still reach the URL here, and the
    /// case-sensitive comparison itself is pinned on the core's `encodesParametersInURL(for:)`.
    struct URLEncodingDestinationTests {
        /// Two keys given out of order: the query is `a=x%20y&b=2` wherever it goes.
        private static let parameters: [String: any Sendable] = ["b": 2, "a": "x y"]
        private static let query = "a=x%20y&b=2"

        private func outcome(_ contender: RequestContender, _ method: String,
                             _ destination: RequestDestination = .methodDependent) -> RequestOutcome {
            contender.urlEncoding(BehaviourRequest.make(method), Self.parameters, URLEncodingOptions(destination: destination))
        }

        private static func inURL(_ method: String) -> RequestOutcome {
            BehaviourOutcome.inURL(BehaviourRequest.path + "?" + query, method: method)
        }

        private static func inBody(_ method: String) -> RequestOutcome {
            BehaviourOutcome.inBody(query, method: method)
        }

        // MARK: methodDependent, methods as Alamofire spells them

        @Test(arguments: RequestContender.allCases)
        func methodDependentSendsGETToTheURL(contender: RequestContender) {
            #expect(outcome(contender, "GET") == Self.inURL("GET"))
        }

        @Test(arguments: RequestContender.allCases)
        func methodDependentSendsHEADToTheURL(contender: RequestContender) {
            #expect(outcome(contender, "HEAD") == Self.inURL("HEAD"))
        }

        @Test(arguments: RequestContender.allCases)
        func methodDependentSendsDELETEToTheURL(contender: RequestContender) {
            #expect(outcome(contender, "DELETE") == Self.inURL("DELETE"))
        }

        @Test(arguments: RequestContender.allCases)
        func methodDependentSendsPOSTToTheBody(contender: RequestContender) {
            #expect(outcome(contender, "POST") == Self.inBody("POST"))
        }

        @Test(arguments: RequestContender.allCases)
        func methodDependentSendsPUTToTheBody(contender: RequestContender) {
            #expect(outcome(contender, "PUT") == Self.inBody("PUT"))
        }

        @Test(arguments: RequestContender.allCases)
        func methodDependentSendsPATCHToTheBody(contender: RequestContender) {
            #expect(outcome(contender, "PATCH") == Self.inBody("PATCH"))
        }

        @Test(arguments: RequestContender.allCases)
        func methodDependentSendsOPTIONSToTheBody(contender: RequestContender) {
            // A method Alamofire knows, but not one of the three that use the URL.
            #expect(outcome(contender, "OPTIONS") == Self.inBody("OPTIONS"))
        }

        @Test(arguments: RequestContender.allCases)
        func methodDependentSendsAnUnknownMethodToTheBody(contender: RequestContender) {
            #expect(outcome(contender, "QUERY") == Self.inBody("QUERY"))
        }

        @Test(arguments: RequestContender.allCases)
        func methodDependentSendsAnEmptyMethodToTheBody(contender: RequestContender) {
            // Foundation on Linux keeps "" as it is set: not one of the three.
            #expect(outcome(contender, "") == Self.inBody(""))
        }

        // MARK: methodDependent, other spellings (read back by Foundation on Linux)

        @Test(arguments: RequestContender.allCases)
        func lowerCaseGetReadsBackAsGETAndGoesToTheURL(contender: RequestContender) {
            #expect(outcome(contender, "get") == Self.inURL("GET"))
        }

        @Test(arguments: RequestContender.allCases)
        func lowerCaseHeadReadsBackAsHEADAndGoesToTheURL(contender: RequestContender) {
            #expect(outcome(contender, "head") == Self.inURL("HEAD"))
        }

        @Test(arguments: RequestContender.allCases)
        func lowerCaseDeleteReadsBackAsDELETEAndGoesToTheURL(contender: RequestContender) {
            #expect(outcome(contender, "delete") == Self.inURL("DELETE"))
        }

        @Test(arguments: RequestContender.allCases)
        func mixedCaseDeleteReadsBackAsDELETEAndGoesToTheURL(contender: RequestContender) {
            #expect(outcome(contender, "Delete") == Self.inURL("DELETE"))
            #expect(outcome(contender, "hEaD") == Self.inURL("HEAD"))
        }

        @Test(arguments: RequestContender.allCases)
        func lowerCasePostReadsBackAsPOSTAndGoesToTheBody(contender: RequestContender) {
            #expect(outcome(contender, "post") == Self.inBody("POST"))
        }

        @Test(arguments: RequestContender.allCases)
        func lowerCasePatchIsKeptAsSetAndGoesToTheBody(contender: RequestContender) {
            #expect(outcome(contender, "patch") == Self.inBody("patch"))
        }

        // MARK: queryString and httpBody

        @Test(arguments: RequestContender.allCases)
        func queryStringSendsPOSTToTheURL(contender: RequestContender) {
            // No Content-Type either: the header belongs to the body path.
            #expect(outcome(contender, "POST", .queryString) == Self.inURL("POST"))
        }

        @Test(arguments: RequestContender.allCases)
        func queryStringSendsAnUnknownMethodToTheURL(contender: RequestContender) {
            #expect(outcome(contender, "patch", .queryString) == Self.inURL("patch"))
            #expect(outcome(contender, "FOO", .queryString) == Self.inURL("FOO"))
        }

        @Test(arguments: RequestContender.allCases)
        func queryStringSendsGETToTheURL(contender: RequestContender) {
            #expect(outcome(contender, "GET", .queryString) == Self.inURL("GET"))
        }

        @Test(arguments: RequestContender.allCases)
        func httpBodySendsGETToTheBody(contender: RequestContender) {
            #expect(outcome(contender, "GET", .httpBody) == Self.inBody("GET"))
        }

        @Test(arguments: RequestContender.allCases)
        func httpBodySendsHEADAndDELETEToTheBody(contender: RequestContender) {
            #expect(outcome(contender, "HEAD", .httpBody) == Self.inBody("HEAD"))
            #expect(outcome(contender, "delete", .httpBody) == Self.inBody("DELETE"))
        }

        @Test(arguments: RequestContender.allCases)
        func httpBodySendsPOSTToTheBody(contender: RequestContender) {
            #expect(outcome(contender, "POST", .httpBody) == Self.inBody("POST"))
        }
    }
}
