import Testing

/// Every output recorded from real Alamofire 5.12 on Linux must be reproduced byte for byte.
struct RecordedVectorTests {
    @Test func fixtureHoldsEveryRecordedVector() {
        #expect(RecordedVector.all.count == 540)
    }

    @Test(arguments: Contender.allCases)
    func everyRecordedVectorIsReproduced(by contender: Contender) {
        var failures: [String] = []
        for vector in RecordedVector.all {
            let outcome = contender.outcome(vector.value, vector.options)
            if outcome != vector.expected {
                failures.append("\(vector) \(vector.optionNames.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")):\n  expected \(vector.expected),\n  got      \(outcome)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(RecordedVector.all.count) vectors differ:\n\(failures.prefix(5).joined(separator: "\n"))")
    }
}
