import URLEncodedForm
import URLEncodedFormReference

/// The reference port of AFNetworking's `AFQueryStringFromParameters` on the parameters payload:
/// the other dialect's yardstick.
struct AFNetworkingReferenceContender: AFNetworkingContender {
    static let name = "afnetworking-reference"

    func encode(_ payload: Payload) throws -> EncodedOutput {
        .text(URLEncodedFormReference.AFQueryStringFromParameters(try parameters(of: payload)))
    }
}

/// The core module's `AFQueryStringFromParameters` on the parameters payload.
struct AFNetworkingOptimizedContender: AFNetworkingContender {
    static let name = "afnetworking-optimized"

    func encode(_ payload: Payload) throws -> EncodedOutput {
        .text(URLEncodedForm.AFQueryStringFromParameters(try parameters(of: payload)))
    }
}

/// A contender of AFNetworking's dialect, which only takes `[String: Any]` parameters.
protocol AFNetworkingContender: Contender {}

extension AFNetworkingContender {
    static var dialect: OutputDialect { .afNetworking }

    func supports(_ source: PayloadSource) -> Bool {
        source.kind == .parameters
    }

    /// The parameters `payload` holds; an error for a payload of another kind.
    func parameters(of payload: Payload) throws -> Parameters {
        guard case let .parameters(parameters) = payload.value else {
            throw UnsupportedPayload(contender: Self.name, kind: payload.kind)
        }
        return parameters
    }
}
