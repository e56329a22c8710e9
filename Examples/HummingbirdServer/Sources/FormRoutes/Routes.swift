// The server: URLEncodedForm on the request context, the routes, and errors as JSON.
// `/baseline/…` decodes the same forms with Hummingbird's own decoder (for the benchmark), and
// `/nodecode/…` collects the body without decoding it, and `/decodeonly/…` decodes it and answers
// as `/nodecode/…` does.
import FormPayloads
import Foundation
import Hummingbird
import URLEncodedForm

extension IncomingSMS: @retroactive ResponseCodable {}
extension Signup: @retroactive ResponseCodable {}
extension OrderForm: @retroactive ResponseCodable {}
extension Search: @retroactive ResponseCodable {}
extension Received: @retroactive ResponseCodable {}

/// The router with every route.
public func buildRouter() -> Router<FormRequestContext> {
    let router = Router(context: FormRequestContext.self)
    router.post("webhook") { request, context in try await request.decode(as: IncomingSMS.self, context: context) }
    router.post("signup") { request, context in try await request.decode(as: Signup.self, context: context) }
    router.post("orders") { request, context in try await request.decode(as: OrderForm.self, context: context) }
    router.get("search") { request, context in try request.uri.decodeQuery(as: Search.self, context: context) }
    router.get("form") { request, context in
        try context.responseEncoder.encode(Profile.sample, as: .form, from: request, context: context)
    }

    let baseline = router.group("baseline")
    baseline.post("webhook") { request, context in try await hummingbirdDecode(IncomingSMS.self, request, context) }
    baseline.post("signup") { request, context in try await hummingbirdDecode(Signup.self, request, context) }
    baseline.post("orders") { request, context in try await hummingbirdDecode(OrderForm.self, request, context) }
    baseline.get("search") { request, context in
        try FormDecodingError.map { try Hummingbird.URLEncodedFormDecoder().decode(Search.self, from: request.uri.query ?? "") }
    }
    baseline.get("form") { request, context in
        try Hummingbird.URLEncodedFormEncoder().encode(Profile.sample, from: request, context: context)
    }

    router.post("nodecode/webhook") { request, context in try await received(request, context) }
    router.post("nodecode/orders") { request, context in try await received(request, context) }
    // Decoded as /webhook and /orders are, answered as /nodecode/… is: the decoding alone.
    router.post("decodeonly/webhook") { request, context in
        Received(received: try await request.decode(as: IncomingSMS.self, context: context).Body.utf8.count)
    }
    router.post("decodeonly/orders") { request, context in
        Received(received: try await request.decode(as: OrderForm.self, context: context).order.line_items.count)
    }
    return router
}

/// Hummingbird's own decoder, as its `RequestDecoder` conformance reads a body (collected, then
/// made a `String`).
func hummingbirdDecode<T: Decodable>(_ type: T.Type, _ request: Request, _ context: FormRequestContext) async throws -> T {
    let decoder = Hummingbird.URLEncodedFormDecoder()
    do {
        return try await decoder.decode(T.self, from: request, context: context)
    } catch let error as DecodingError {
        throw FormDecodingError(error)
    }
}

/// The body collected as the decoding routes collect it, and not decoded.
func received(_ request: Request, _ context: FormRequestContext) async throws -> Received {
    Received(received: try await request.body.collect(upTo: context.maxUploadSize).readableBytes)
}

/// The application on `host:port`.
public func buildApplication(host: String = "127.0.0.1", port: Int = 8080) -> some ApplicationProtocol {
    Application(router: buildRouter(), configuration: .init(address: .hostname(host, port: port), serverName: nil))
}
