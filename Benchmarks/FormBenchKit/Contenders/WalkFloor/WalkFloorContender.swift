import FormBenchCore

/// The floor under any encoder of the payload: for an `Encodable` value, the cost of walking it
/// through `Encodable` alone, with containers that store nothing; for the parameters, the cost
/// of walking the dictionary with `URLEncoding`'s sort and casts, writing nothing
/// (`ParameterWalkFloor`).
struct WalkFloorContender: Contender {
    static let name = "walk-floor"

    func encode(_ payload: Payload) throws -> EncodedOutput {
        switch payload.value {
        case let .encodable(value):
            try value.encode(to: WalkFloorEncoder())
        case let .parameters(parameters):
            ParameterWalkFloor.walk(parameters)
        }
        return .nothing
    }
}
