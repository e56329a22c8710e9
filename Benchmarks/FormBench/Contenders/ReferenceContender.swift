import URLEncodedFormReference

/// The faithful Alamofire 5.12 port with default options: the yardstick to beat.
struct ReferenceContender: Contender {
    static let name = "reference"
    private let encoder = URLEncodedFormEncoder()

    func encode(_ payload: Payload) throws -> EncodedOutput {
        .text(try encoder.encode(payload.value))
    }
}
