/// What one encoder produced for one case: its output or error, and the log of what user code
/// observed on the way.
struct FuzzResult: Equatable {
    let outcome: Outcome
    let observations: [FuzzObservation]

    /// Outputs are compared byte for byte (`String`'s `==` is canonical equivalence).
    static func == (lhs: FuzzResult, rhs: FuzzResult) -> Bool {
        switch (lhs.outcome, rhs.outcome) {
        case let (.output(left), .output(right)):
            guard left.utf8.elementsEqual(right.utf8) else { return false }
        case let (.error(left), .error(right)):
            guard left == right else { return false }
        default:
            return false
        }
        return lhs.observations == rhs.observations
    }
}
