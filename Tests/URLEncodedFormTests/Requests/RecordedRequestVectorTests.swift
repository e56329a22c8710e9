import Testing

/// Every request recorded from real Alamofire 5.12 on Linux must be reproduced exactly: the URL,
/// method, headers, `Content-Type` and body of the request, or the case, underlying error and
/// description of the `AFError`.
struct RecordedRequestVectorTests {
    @Test func fixtureHoldsEveryRecordedCase() {
        #expect(RecordedRequestVector.all.count == 437)
    }

    @Test(arguments: RequestContender.allCases)
    func everyRecordedRequestIsReproduced(by contender: RequestContender) {
        for vector in RecordedRequestVector.all {
            let outcome = vector.outcome(by: contender)
            if outcome != vector.expected {
                Issue.record("\(vector):\n  expected \(vector.expected),\n  got      \(outcome)")
            }
        }
    }
}
