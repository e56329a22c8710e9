/// An encoder the suite measures.
protocol Contender: Sendable {
    /// The name shown in reports and matched by `--filter`.
    static var name: String { get }
    /// Whether this contender can encode payloads of `kind`.
    func supports(_ kind: PayloadKind) -> Bool
    /// Encodes `payload` once.
    func encode(_ payload: Payload) throws -> EncodedOutput
}

extension Contender {
    /// The type's name, reachable through `any Contender`.
    var name: String {
        Self.name
    }

    func supports(_ kind: PayloadKind) -> Bool {
        true
    }
}

/// Thrown by a contender given a payload it does not support (see `Contender.supports(_:)`).
struct UnsupportedPayload: Error, CustomStringConvertible {
    let contender: String
    let kind: PayloadKind

    var description: String { "\(contender) does not encode the \(kind.rawValue) payload" }
}
