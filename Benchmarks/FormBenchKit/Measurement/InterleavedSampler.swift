/// Measures several contenders on one payload size by interleaving their samples.
///
/// Each contender first encodes the first input once to warm up (that output is the one the
/// output check compares). Then, round after round, every contender still sampling takes one
/// sample, in contender order, of the round's input: the next of the payload's inputs in turn
/// (`PayloadInputs`), the same for every contender of the round. The first result of each input
/// is checked after the clock stops, the warm-up's too: a decoded value that is not the one its
/// input was written from fails the contender. A contender stops once it has the plan's minimum
/// samples and has spent the target time (or reached the maximum count); one that throws stops
/// at once. Interleaving spreads every contender's samples over the same stretch of time, so
/// that a slow phase of a shared machine slows them all alike, and gives back-to-back pairs, of
/// one input, for `CellMeasurement.pairedRatio(to:)`.
struct InterleavedSampler {
    let plan: SamplingPlan
    /// The plan of the decoding contenders (`RunSettings.decodingSampling`).
    var decodingPlan: SamplingPlan?
    /// What counts the samples' allocations (`RunSettings.allocationCounting`).
    let allocationCounting: AllocationCounting

    /// The plan `contender` samples by.
    private func plan(for contender: any Contender) -> SamplingPlan {
        contender is any DecodingContender ? decodingPlan ?? plan : plan
    }

    /// The figures of each contender, in the order given, or the error it threw.
    func measure(_ contenders: [any Contender], on inputs: PayloadInputs) -> [Result<CellMeasurement, any Error>] {
        var outputs: [[UInt8]?] = Array(repeating: nil, count: contenders.count)
        var failures: [(any Error)?] = Array(repeating: nil, count: contenders.count)
        for (index, contender) in contenders.enumerated() {
            do {
                outputs[index] = try EncodeSample.take(contender, inputs.warmUp, counting: allocationCounting).1.checkedBytes()
            } catch {
                failures[index] = error
            }
        }

        var rounds: [[EncodeSample?]] = Array(repeating: [], count: contenders.count)
        var counts = Array(repeating: 0, count: contenders.count)
        var spent = Array(repeating: 0.0, count: contenders.count)
        let plans = contenders.map(plan(for:))
        func isSampling(_ index: Int) -> Bool {
            let plan = plans[index]
            let satisfied = counts[index] >= plan.minimumSamples
                && (spent[index] >= plan.targetSeconds || counts[index] >= plan.maximumSamples)
            return failures[index] == nil && !satisfied
        }
        var round = 0
        while contenders.indices.contains(where: isSampling) {
            let sampling = contenders.indices.map(isSampling)
            let input = inputs.input(forRound: round)
            let checked = inputs.readsNewInput(round: round)
            for (index, contender) in contenders.enumerated() {
                guard sampling[index] else {
                    rounds[index].append(nil)
                    continue
                }
                do {
                    let (sample, output) = try EncodeSample.take(contender, input, counting: allocationCounting)
                    if checked {
                        // Only a decoded value's check can fail; the bytes were compared on the warm-up's input.
                        _ = try output.checkedBytes()
                    }
                    rounds[index].append(sample)
                    counts[index] += 1
                    spent[index] += sample.seconds
                } catch {
                    failures[index] = error
                    rounds[index].append(nil)
                }
            }
            round += 1
        }

        return contenders.indices.map { index in
            if let failure = failures[index] {
                return .failure(failure)
            }
            guard let measurement = CellMeasurement(samples: rounds[index], output: outputs[index]) else {
                return .failure(NoSamples())
            }
            return .success(measurement)
        }
    }

    /// Unreachable (a contender samples until it has the minimum, at least one), but better
    /// reported than trapped.
    struct NoSamples: Error, CustomStringConvertible {
        var description: String { "no samples were taken" }
    }
}
