/// An encoder the suite measures.
protocol Contender: Sendable {
    /// The name shown in reports and matched by `--filter`; unique on the contender's side.
    static var name: String { get }
    /// Whose bytes the contender writes: outputs are compared within a dialect.
    static var dialect: OutputDialect { get }
    /// Whether it writes forms or reads them back.
    static var side: ContenderSide { get }
    /// The contenders of its side whose CPU times, summed, the reports divide its own by: what
    /// it would cost if its generic part cost no more than the floor's and its reading no more
    /// than code written by hand for the one payload (`DecoderContender.limit`). Empty for most.
    static var limit: [String] { get }
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

    static var side: ContenderSide { .encoding }

    /// The type's side, reachable through `any Contender`.
    var side: ContenderSide {
        Self.side
    }

    static var limit: [String] { [] }

    /// The type's limit, reachable through `any Contender`.
    var limit: [String] {
        Self.limit
    }

    /// The contender as records name it.
    static var key: ContenderKey {
        ContenderKey(side: side, name: name)
    }

    /// The type's key, reachable through `any Contender`.
    var key: ContenderKey {
        Self.key
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

/// Which way a contender works, the first part of its measurement id: names are unique on a
/// side, not across them (each side has a `hand-written`).
enum ContenderSide: String, Codable, Sendable {
    /// Writes forms, or walks the value as writing does: ids `scaling/…`.
    case encoding
    /// Reads forms (or the same value as JSON) back: ids `decoding/…`.
    case decoding
}

/// A contender as records, tables and the chart tell it apart: its side and its name.
struct ContenderKey: Hashable, Sendable {
    let side: ContenderSide
    let name: String
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
