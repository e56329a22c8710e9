import URLEncodedFormReference

/// The faithful Alamofire 5.12 port with default options, the yardstick to beat: its
/// `URLEncodedFormEncoder` for `Encodable` payloads, its `URLEncoding` for the parameters.
struct ReferenceContender: Contender {
    static let name = "reference"
    private let encoder = URLEncodedFormEncoder()
    private let encoding = URLEncoding.default

    func encode(_ payload: Payload) throws -> EncodedOutput {
        switch payload.value {
        case let .encodable(value):
            return .text(try encoder.encode(value))
        case let .parameters(parameters):
            // Alamofire's (private) `query(_:)`, spelled with its public parts.
            let pairs = parameters.keys.sorted(by: <).flatMap { key in
                encoding.queryComponents(fromKey: key, value: parameters[key]!)
            }
            return .text(pairs.map { "\($0)=\($1)" }.joined(separator: "&"))
        }
    }
}
