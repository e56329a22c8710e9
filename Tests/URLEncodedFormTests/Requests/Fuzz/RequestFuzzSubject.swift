/// One side of a request-layer comparison: a named function from a case's input to what came of
/// it. Usually a `RequestContender`; the meta tests plant deliberately wrong ones
/// (`RequestFuzzMutant`), which change the input or the result around a contender.
struct RequestFuzzSubject {
    let name: String
    let encode: (RequestFuzzInput) -> RequestFuzzResult

    static func contender(_ contender: RequestContender) -> RequestFuzzSubject {
        RequestFuzzSubject(name: contender.rawValue) { input in input.run(by: contender) }
    }

    func run(_ fuzzCase: RequestFuzzCase) -> RequestFuzzResult {
        encode(fuzzCase.input)
    }
}
