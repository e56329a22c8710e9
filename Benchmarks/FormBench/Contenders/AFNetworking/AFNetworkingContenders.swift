import URLEncodedForm
import URLEncodedFormReference

/// The reference port of AFNetworking's `AFQueryStringFromParameters` on the parameters payload:
/// the other dialect's yardstick.
struct AFNetworkingReferenceContender: Contender {
    static let name = "afnetworking-reference"
    static let dialect = OutputDialect.afNetworking

    func supports(_ kind: PayloadKind) -> Bool {
        kind == .parameters
    }

    func encode(_ payload: Payload) throws -> EncodedOutput {
        guard case let .parameters(parameters) = payload.value else {
            throw UnsupportedPayload(contender: Self.name, kind: payload.kind)
        }
        return .text(URLEncodedFormReference.AFQueryStringFromParameters(parameters))
    }
}

/// The core module's `AFQueryStringFromParameters` on the parameters payload.
struct AFNetworkingOptimizedContender: Contender {
    static let name = "afnetworking-optimized"
    static let dialect = OutputDialect.afNetworking

    func supports(_ kind: PayloadKind) -> Bool {
        kind == .parameters
    }

    func encode(_ payload: Payload) throws -> EncodedOutput {
        guard case let .parameters(parameters) = payload.value else {
            throw UnsupportedPayload(contender: Self.name, kind: payload.kind)
        }
        return .text(URLEncodedForm.AFQueryStringFromParameters(parameters))
    }
}
