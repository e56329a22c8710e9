import FormBenchCore

/// The floor under any Codable-based encoder: the cost of walking the value through
/// `Encodable` alone, with containers that store nothing.
struct WalkFloorContender: Contender {
    static let name = "walk-floor"

    func encode(_ payload: Payload) throws -> EncodedOutput {
        try payload.value.encode(to: WalkFloorEncoder())
        return .nothing
    }
}
