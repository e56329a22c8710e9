/// An encoder the suite measures.
protocol Contender: Sendable {
    /// The name shown in reports and matched by `--filter`.
    static var name: String { get }
    /// Whose bytes the contender writes: outputs are compared within a dialect.
    static var dialect: OutputDialect { get }
    /// Whether this contender runs on the payloads of `source`.
    func supports(_ source: PayloadSource) -> Bool
    /// Encodes `payload` once.
    func encode(_ payload: Payload) throws -> EncodedOutput
}

extension Contender {
    /// The type's name, reachable through `any Contender`.
    var name: String {
        Self.name
    }

    static var dialect: OutputDialect { .alamofire }

    /// The type's dialect, reachable through `any Contender`.
    var dialect: OutputDialect {
        Self.dialect
    }

    func supports(_ source: PayloadSource) -> Bool {
        true
    }
}

/// Thrown by a contender given a payload it does not support (see `Contender.supports(_:)`).
struct UnsupportedPayload: Error, CustomStringConvertible {
    let contender: String
    let kind: PayloadKind

    var description: String { "\(contender) does not encode the \(kind.rawValue) payload" }
}

/// The library whose bytes a contender reproduces.
enum OutputDialect: String, Sendable {
    /// Alamofire's `URLEncodedFormEncoder` and `URLEncoding`.
    case alamofire
    /// AFNetworking's `AFQueryStringFromParameters`, which orders and spells the same parameters
    /// its own way.
    case afNetworking
    /// Not written but read: a decoder's value, written again as a form.
    case decoded
}
