// URLEncodedForm in Hummingbird: copy this file into your app and build your router with
// `Router(context: FormRequestContext.self)` (or give your own context the three properties
// `FormRequestContext` has). `request.decode(as:context:)` then reads forms with URLEncodedForm
// and JSON with JSONDecoder, and `request.uri.decodeQuery(as:context:)` reads query strings.
import Foundation
import Hummingbird
import HummingbirdCore
import URLEncodedForm

/// Decodes a request body by its `Content-Type`: `application/json` with `JSONDecoder`, anything
/// else (`application/x-www-form-urlencoded`, or none) with URLEncodedForm, from the collected
/// `ByteBuffer`'s own bytes.
public struct FormRequestDecoder: RequestDecoder, Sendable {
    /// The form decoder; share one (it keeps its memory between decodings).
    public let form: URLEncodedForm.URLEncodedFormDecoder
    /// The decoder for `application/json` bodies.
    public let json: JSONDecoder

    /// A request decoder over `form` and `json`.
    public init(form: URLEncodedForm.URLEncodedFormDecoder = .init(), json: JSONDecoder = .init()) {
        (self.form, self.json) = (form, json)
    }

    /// Collects the body up to `context.maxUploadSize` (413 past it) and decodes it.
    public func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws -> T {
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: context.maxUploadSize)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {   // NIOTooManyBytesError
            throw FormDecodingError(status: .contentTooLarge, message: "The body is longer than \(context.maxUploadSize) bytes, the most this server reads.")
        }
        if let contentType = request.headers[.contentType].flatMap(MediaType.init(from:)), contentType.isType(.applicationJson) {
            return try json.decode(T.self, from: body)
        }
        return try FormDecodingError.map { try body.withUnsafeReadableBytes { try form.decode(T.self, from: $0) } }
    }
}

/// Encodes a response as JSON, or as a form with ``encode(_:as:from:context:)``.
public struct FormResponseEncoder: ResponseEncoder, Sendable {
    /// What a response is written as.
    public enum Format: Sendable { case json, form }
    /// The encoder for form responses; share one.
    public let form: URLEncodedForm.URLEncodedFormEncoder
    /// The encoder for JSON responses.
    public let json: JSONEncoder

    /// A response encoder over `form` and `json`.
    public init(form: URLEncodedForm.URLEncodedFormEncoder = .init(), json: JSONEncoder = .init()) {
        (self.form, self.json) = (form, json)
    }

    /// `value` as JSON: what a route's `ResponseEncodable` return value becomes.
    public func encode(_ value: some Encodable, from request: Request, context: some RequestContext) throws -> Response {
        try encode(value, as: .json, from: request, context: context)
    }

    /// `value` as JSON or as `application/x-www-form-urlencoded`.
    public func encode(_ value: some Encodable, as format: Format, from request: Request, context: some RequestContext) throws -> Response {
        let body = format == .form ? ByteBuffer(bytes: try form.encode(value) as [UInt8]) : ByteBuffer(bytes: try json.encode(value))
        let contentType = format == .form ? "application/x-www-form-urlencoded; charset=utf-8" : "application/json; charset=utf-8"
        return Response(status: .ok, headers: [.contentType: contentType], body: .init(byteBuffer: body))
    }
}

/// A request context with the form coders and a body limit equal to the decoder's
/// `maximumInputLength` (4 MiB by default; Hummingbird's own is 2 MiB).
public struct FormRequestContext: RequestContext {
    /// One decoder and one encoder for every request. `.last` reads a value sent twice as its
    /// last, as Rack does (Rails' check boxes send a hidden `0` before the box's own value).
    public static let decoder = FormRequestDecoder(form: URLEncodedForm.URLEncodedFormDecoder(duplicateKeys: .last))
    public static let encoder = FormResponseEncoder()
    public var coreContext: CoreRequestContextStorage
    public init(source: Source) { coreContext = .init(source: source) }
    /// Forms to URLEncodedForm, JSON to `JSONDecoder`.
    public var requestDecoder: FormRequestDecoder { Self.decoder }
    /// JSON, or a form on request.
    public var responseEncoder: FormResponseEncoder { Self.encoder }
    /// The decoder's `maximumInputLength`: a larger body is refused (413) before decoding.
    public var maxUploadSize: Int { Self.decoder.form.limits.maximumInputLength ?? .max }
}

extension URI {
    /// The query string decoded with the context's URLEncodedForm decoder.
    public func decodeQuery<T: Decodable, Context: RequestContext>(as type: T.Type = T.self, context: Context) throws -> T
    where Context.Decoder == FormRequestDecoder {
        try FormDecodingError.map { try context.requestDecoder.form.decode(T.self, from: query ?? "") }
    }
}

/// A form the decoder refused, answered as `{"error": "<text>", "key": "<key>"}`: 413 for a body
/// over the limit, 400 for everything else, `key` in brackets as the form spells it
/// (`order[line_items][0][sku]`) when one is involved.
public struct FormDecodingError: HTTPResponseError, Encodable {
    /// 413 (Content Too Large) or 400 (Bad Request).
    public let status: HTTPResponse.Status
    /// The error's text, naming the key or the limit.
    public let error: String
    /// The key, in brackets as the form spells it, or `nil` when the error is about the whole form.
    public let key: String?

    /// An error answered with `status` and `{"error": message, "key": key}`.
    public init(status: HTTPResponse.Status, message: String, key: String? = nil) {
        (self.status, self.error, self.key) = (status, message, key)
    }

    /// Runs `body`, turning its `DecodingError` into a `FormDecodingError`.
    public static func map<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as DecodingError { throw FormDecodingError(error) }
    }

    /// The HTTP error for a `DecodingError` thrown by `URLEncodedFormDecoder`.
    public init(_ error: DecodingError) {
        let path: [any CodingKey], text: String
        switch error {
        case .keyNotFound(let key, let context): (path, text) = (context.codingPath + [key], "No value for this key.")
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context): (path, text) = (context.codingPath, context.debugDescription)
        @unknown default: (path, text) = ([], "\(error)")
        }
        let names = path.map { $0.intValue.map(String.init) ?? $0.stringValue }
        let key = names.first.map { names.dropFirst().reduce($0) { "\($0)[\($1)]" } }
        if case .dataCorrupted(let context) = error, let formError = context.underlyingError as? URLEncodedForm.URLEncodedFormDecoder.Error {
            self.init(status: formError.code == .inputTooLong ? .contentTooLarge : .badRequest,
                      message: formError.description, key: formError.key ?? key)
        } else {
            self.init(status: .badRequest, message: key.map { "\($0): \(text)" } ?? text, key: key)
        }
    }

    /// The JSON answer.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let body = try JSONEncoder().encode(self)
        return Response(status: status, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    private enum CodingKeys: String, CodingKey { case error, key }
}
