/// Why a baseline's time ratios cannot be judged against a run's: each case is a reason the same
/// code measures other ratios, which the gate would take for a change of the code.
public enum TimeRatioMismatch: Equatable, Sendable {
    /// The baseline ran on another processor, or recorded none (`nil`): ratios move between
    /// microarchitectures (see ``ProcessorIdentity``).
    case otherProcessor(ProcessorIdentity?)
    /// The baseline read its inputs the other way (``InputMode``): one input repeated trains the
    /// branch predictor and the caches, which speeds the contenders that read text more than
    /// the floors, which read little or none, so the ratios at small sizes differ.
    case otherInputMode(baseline: InputMode, current: InputMode)

    /// The reasons a baseline recorded on `baselineProcessor` reading `baselineInputs` cannot
    /// have its time ratios judged against a run on `currentProcessor` reading `currentInputs`;
    /// empty when it can. A run whose own processor is unknown can be compared with no baseline.
    public static func between(baselineProcessor: ProcessorIdentity?, baselineInputs: InputMode,
                               currentProcessor: ProcessorIdentity?, currentInputs: InputMode) -> [TimeRatioMismatch] {
        let processor: [TimeRatioMismatch] = currentProcessor != nil && baselineProcessor == currentProcessor
            ? [] : [.otherProcessor(baselineProcessor)]
        let inputs: [TimeRatioMismatch] = baselineInputs == currentInputs
            ? [] : [.otherInputMode(baseline: baselineInputs, current: currentInputs)]
        return processor + inputs
    }
}
