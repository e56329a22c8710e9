/// Runs seeded request cases through two subjects and compares what came of them: the requests
/// (URL, method, headers, `Content-Type`, body) or errors (case, underlying error, description),
/// and what user code observed.
enum RequestFuzzer {
    /// Compares `left` and `right` on every seed; the run goes on past mismatches and keeps the
    /// first `detailLimit` of them in full. With `trace`, each seed is printed before its case
    /// runs, so that a crash names its case.
    ///
    /// Cases with keys their dialect cannot order (top-level keys Swift's `<` cannot order,
    /// keys AFNetworking's `compare(_:)` cannot order) are left out (not counted) without
    /// `SWIFT_DETERMINISTIC_HASHING` (`ConvertedParameterOrder`): there no two runs of
    /// Alamofire's or AFNetworking's own algorithm need agree on their order.
    static func run(_ left: RequestFuzzSubject, _ right: RequestFuzzSubject, seeds: some Sequence<UInt64>,
                    detailLimit: Int = 10, trace: Bool = false) -> FuzzReport<RequestFuzzMismatch> {
        var report = FuzzReport<RequestFuzzMismatch>(subjects: (left.name, right.name), caseNoun: "request cases", detailLimit: detailLimit)
        for seed in seeds {
            if trace { print("request fuzz case seed " + FuzzCase.text(forSeed: seed)) }
            let fuzzCase = RequestFuzzCase(seed: seed)
            if !ConvertedParameterOrder.isReproducible && fuzzCase.ordersKeysAsACopyIterates { continue }
            report.add(compare(left, right, on: fuzzCase))
        }
        return report
    }

    /// The mismatch on `fuzzCase`, or nil when both subjects agree.
    static func compare(_ left: RequestFuzzSubject, _ right: RequestFuzzSubject, on fuzzCase: RequestFuzzCase) -> RequestFuzzMismatch? {
        let results = (left.run(fuzzCase), right.run(fuzzCase))
        return results.0 == results.1 ? nil : RequestFuzzMismatch(fuzzCase: fuzzCase, subjects: (left.name, right.name), results: results)
    }
}
