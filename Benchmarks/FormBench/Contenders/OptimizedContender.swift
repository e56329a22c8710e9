import URLEncodedForm

/// The production encoder, through its native `[UInt8]` entry point.
struct OptimizedContender: Contender {
    static let name = "optimized"
    private let encoder: URLEncodedFormEncoder

    /// The contender for `encoder`; the default has the default options.
    init(encoder: URLEncodedFormEncoder = URLEncodedFormEncoder()) {
        self.encoder = encoder
    }

    func encode(_ payload: Payload) throws -> EncodedOutput {
        .bytes(try encoder.encode(payload.value))
    }
}
