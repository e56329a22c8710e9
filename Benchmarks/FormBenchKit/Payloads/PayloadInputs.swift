import FormBenchCore

/// The inputs one payload size is measured on, all made before any contender is timed: K
/// values of the payload's shape and size (variants 0 to K − 1 of its source; one where the
/// source has no variants or the run repeats one input), which a measurement reads in turn
/// (`InputPlan`): the warm-up input 0, each round the next, every contender of a round the
/// same.
struct PayloadInputs: Sendable {
    let kind: PayloadKind
    /// The number of leaves (key–value pairs of the output): the requested number for a
    /// generated payload (give or take one record), the pairs the default encoder writes for a
    /// sample.
    let leaves: Int
    /// The inputs, variant 0 first.
    let inputs: [Payload]

    /// The inputs of `source` at `size` (leaves, or copies of a sample) under `plan`, with the
    /// decoders' inputs when `forDecoders` is set. K comes from the form variant 0 writes.
    init(_ source: PayloadSource, size: Int, plan: InputPlan, forDecoders: Bool = false) {
        kind = source.kind
        let first = source.make(size, 0)
        let distinct = source.hasVariants && plan.mode == .distinct
        // The one encode this costs is left out where neither the leaves nor K need it.
        let form = distinct || !source.sizesAreLeaves ? PayloadSource.formSize(of: first) : nil
        leaves = source.sizesAreLeaves ? size : form?.pairs ?? 0
        let count = distinct ? plan.count(inputBytes: form?.bytes ?? 0) : 1
        inputs = [Payload(source, value: first, forDecoders: forDecoders)]
            + (1..<count).map { Payload(source, value: source.make(size, $0), forDecoders: forDecoders) }
    }

    /// What the warm-up reads.
    var warmUp: Payload {
        inputs[0]
    }

    /// What round `round` (from 0) reads.
    func input(forRound round: Int) -> Payload {
        inputs[InputPlan.input(forRound: round, of: inputs.count)]
    }

    /// Whether round `round` is the first to read its input, whose results are checked.
    func readsNewInput(round: Int) -> Bool {
        InputPlan.readsNewInput(round: round, of: inputs.count)
    }
}
