import Testing

/// Deliberately wrong encoders, each the reference with one planted defect: the meta tests run
/// the harness against them to prove that it reports a mismatch, with a seed that reproduces it.
enum FuzzMutant: String, CaseIterable, CustomTestStringConvertible {
    /// Sorts when it should not, and the other way round.
    case flippedAlphabetizing
    /// Changes the last byte of every non-empty output.
    case oneOutputByteChanged
    /// Reports one coding path with an `intValue` added or dropped, as an encoder that loses
    /// (or invents) index keys would.
    case onePathChanged

    var testDescription: String { rawValue }

    var subject: FuzzSubject {
        FuzzSubject(name: "reference (\(rawValue))") { value, options in
            var options = options
            if self == .flippedAlphabetizing { options.alphabetizeKeyValuePairs.toggle() }
            let outcome = Contender.reference.outcome(value, options)
            switch self {
            case .flippedAlphabetizing:
                return outcome
            case .oneOutputByteChanged:
                guard case let .output(output) = outcome, let last = output.last else { return outcome }
                return .output(output.dropLast() + (last == "x" ? "y" : "x"))
            case .onePathChanged:
                Self.changeLastPath(in: value.log)
                return outcome
            }
        }
    }

    private static func changeLastPath(in log: FuzzLog) {
        guard let index = log.observations.lastIndex(where: {
            if case let .enter(path) = $0 { return !path.isEmpty } else { return false }
        }), case var .enter(path) = log.observations[index] else { return }
        let key = path.removeLast()
        path.append(key.intValue == nil ? FuzzKey(name: key.stringValue, intValue: 0) : FuzzKey(stringValue: key.stringValue))
        log.observations[index] = .enter(path)
    }
}
