// The server: URLEncodedForm installed for forms and query strings, the routes, and errors as
// JSON. `/baseline/…` decodes the same forms with Vapor's own decoder (for the benchmark),
// `/nodecode/…` collects the body without decoding it, and `/decodeonly/…` decodes it and answers
// as `/nodecode/…` does.
import FormPayloads
import URLEncodedForm
import Vapor

extension IncomingSMS: @retroactive Content {}
extension Signup: @retroactive Content {}
extension OrderForm: @retroactive Content {}
extension Search: @retroactive Content {}
extension Profile: @retroactive Content {}
extension Received: @retroactive Content {}

/// The decoder every route shares. `.last` reads a value sent twice as its last, as Rack does:
/// Rails' check boxes send a hidden `0` before the box's own value.
public let formDecoder = URLEncodedForm.URLEncodedFormDecoder(duplicateKeys: .last)

/// Installs URLEncodedForm's coders, the body limit, the error middleware and the routes.
public func configure(_ app: Application) throws {
    ContentConfiguration.global.use(encoder: FormContentEncoder(), for: .urlEncodedForm)
    ContentConfiguration.global.use(decoder: FormContentDecoder(formDecoder), for: .urlEncodedForm)
    ContentConfiguration.global.use(urlEncoder: FormContentEncoder())
    ContentConfiguration.global.use(urlDecoder: FormContentDecoder(formDecoder))
    // Vapor collects 16 KB by default; collect what the decoder accepts (4 MiB), refuse more.
    app.routes.defaultMaxBodySize = FormContentDecoder.bodyLimit(for: formDecoder)
    app.middleware.use(JSONErrorMiddleware(bodyLimit: formDecoder.limits.maximumInputLength ?? 0))

    app.post("webhook") { try $0.content.decode(IncomingSMS.self) }
    app.post("signup") { try $0.content.decode(Signup.self) }
    app.post("orders") { try $0.content.decode(OrderForm.self) }
    app.get("search") { try $0.query.decode(Search.self) }
    app.get("form") { req in
        let response = Response(status: .ok)
        try response.content.encode(Profile.sample, as: .urlEncodedForm)
        return response
    }

    let vapor = Vapor.URLEncodedFormDecoder()
    let baseline = app.grouped("baseline")
    baseline.post("webhook") { try $0.content.decode(IncomingSMS.self, using: vapor) }
    baseline.post("signup") { try $0.content.decode(Signup.self, using: vapor) }
    baseline.post("orders") { try $0.content.decode(OrderForm.self, using: vapor) }
    baseline.get("search") { try $0.query.decode(Search.self, using: vapor) }
    baseline.get("form") { req in
        let response = Response(status: .ok)
        try response.content.encode(Profile.sample, using: Vapor.URLEncodedFormEncoder())
        return response
    }

    app.post("nodecode", "webhook") { Received(received: $0.body.data?.readableBytes ?? 0) }
    app.post("nodecode", "orders") { Received(received: $0.body.data?.readableBytes ?? 0) }
    // Decoded as /webhook and /orders are, answered as /nodecode/… is: the decoding alone.
    app.post("decodeonly", "webhook") { Received(received: try $0.content.decode(IncomingSMS.self).Body.utf8.count) }
    app.post("decodeonly", "orders") { Received(received: try $0.content.decode(OrderForm.self).order.line_items.count) }
}

/// Every error as `{"error": "<text>", "key": "<key>"}` (`key` only when one is involved).
struct JSONErrorMiddleware: AsyncMiddleware {
    struct Body: Content { var error: String; var key: String? }
    let bodyLimit: Int

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch {
            let status: HTTPResponseStatus, body: Body
            switch error {
            case let error as FormDecodingError:
                (status, body) = (error.status, Body(error: error.reason, key: error.key))
            case let error as any AbortError where error.status == .payloadTooLarge:
                status = .payloadTooLarge
                body = Body(error: "The body is longer than \(bodyLimit) bytes, the most this server reads (the decoder's maximumInputLength).")
            case let error as any AbortError:
                (status, body) = (error.status, Body(error: error.reason))
            default:
                request.logger.report(error: error)
                (status, body) = (.internalServerError, Body(error: "Something went wrong."))
            }
            let response = Response(status: status)
            try response.content.encode(body, as: .json)
            return response
        }
    }
}
