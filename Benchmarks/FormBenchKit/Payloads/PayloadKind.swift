/// The name of a payload: one of the built-in suite's (`catalog`, `wide`, `deep`, `strings`,
/// `parameters`, `webhook`) or one a user registered or loaded with `--payload`. It is what the
/// reports, the measurement ids and the gate's metrics call the payload; what the payload is
/// and how it is made is its `PayloadSource`.
struct PayloadKind: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    let rawValue: String

    init(rawValue: String) {
        self.rawValue = rawValue
    }

    var description: String { rawValue }

    /// Records of a product catalog: nested objects, arrays, numbers, bools, dates, data,
    /// optionals and mixed-script text.
    static let catalog = PayloadKind(rawValue: "catalog")
    /// One flat `[String: String]` with a key per leaf.
    static let wide = PayloadKind(rawValue: "wide")
    /// Chains of objects nested a few hundred levels deep.
    static let deep = PayloadKind(rawValue: "deep")
    /// An array of strings that need heavy escaping.
    static let strings = PayloadKind(rawValue: "strings")
    /// The catalog's records as a `[String: Any]` dictionary, for `URLEncoding`.
    static let parameters = PayloadKind(rawValue: "parameters")
    /// One flat form of 20 fields, as a webhook posts it; one size only.
    static let webhook = PayloadKind(rawValue: "webhook")
}
