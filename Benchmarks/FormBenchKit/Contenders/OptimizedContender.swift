import URLEncodedForm

/// The production encoder, through its native `[UInt8]` entry points: the form encoder for
/// `Encodable` payloads, `URLEncoding` for the parameters.
struct OptimizedContender: Contender {
    static let name = "optimized"
    private let encoder: URLEncodedFormEncoder
    private let encoding = URLEncoding.default

    /// The contender for `encoder`; the default has the default options.
    init(encoder: URLEncodedFormEncoder = URLEncodedFormEncoder()) {
        self.encoder = encoder
    }

    func encode(_ payload: Payload) throws -> EncodedOutput {
        switch payload.value {
        case let .encodable(value): return .bytes(try encoder.encode(value))
        case let .parameters(parameters): return .bytes(try encoding.encode(parameters))
        }
    }
}
