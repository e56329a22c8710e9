/// One entry of a `FuzzLog`.
enum FuzzObservation: Equatable, CustomStringConvertible {
    /// A value's `encode(to:)` began; the encoder's coding path.
    case enter([FuzzKey])
    /// Program operation number `step` ran: the kind of error it threw, if any, and then the
    /// state of every handle the program holds.
    case step(Int, error: FormErrorKind?, handles: [FuzzHandleState])

    var description: String {
        switch self {
        case let .enter(path):
            return "enter [" + path.map(\.description).joined(separator: ", ") + "]"
        case let .step(step, error, handles):
            let handleStates = handles.enumerated().map { "h\($0.offset) \($0.element)" }.joined(separator: "; ")
            return "step \(step)" + (error.map { " threw \($0.rawValue)" } ?? "") + ": " + handleStates
        }
    }
}
