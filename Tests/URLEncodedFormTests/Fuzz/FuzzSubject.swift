/// One side of a differential comparison: a named function that encodes a case's value with the
/// case's options. Usually a `Contender`; the meta tests plant deliberately wrong ones.
struct FuzzSubject {
    let name: String
    let encode: (FuzzEncodable, FormOptions) -> Outcome

    static func contender(_ contender: Contender) -> FuzzSubject {
        FuzzSubject(name: contender.rawValue) { value, options in contender.outcome(value, options) }
    }

    /// Encodes `fuzzCase` with a fresh log.
    func run(_ fuzzCase: FuzzCase) -> FuzzResult {
        let value = FuzzEncodable(value: fuzzCase.value, log: FuzzLog())
        let outcome = encode(value, fuzzCase.options.formOptions)
        return FuzzResult(outcome: outcome, observations: value.log.observations)
    }
}
