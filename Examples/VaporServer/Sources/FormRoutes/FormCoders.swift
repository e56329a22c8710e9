// URLEncodedForm in Vapor: copy this file into your app, then in configure(_:)
//
//     ContentConfiguration.global.use(encoder: FormContentEncoder(), for: .urlEncodedForm)
//     ContentConfiguration.global.use(decoder: FormContentDecoder(), for: .urlEncodedForm)
//     ContentConfiguration.global.use(urlEncoder: FormContentEncoder())
//     ContentConfiguration.global.use(urlDecoder: FormContentDecoder())
//     app.routes.defaultMaxBodySize = FormContentDecoder.bodyLimit
//
// `req.content.decode(T.self)` and `req.query.decode(T.self)` then read forms with URLEncodedForm.
import Foundation
import URLEncodedForm
import Vapor

/// URLEncodedForm's decoder as Vapor's `ContentDecoder` (form bodies) and `URLQueryDecoder`
/// (query strings). A body is read in place, from the `ByteBuffer`'s own bytes.
public struct FormContentDecoder: ContentDecoder, URLQueryDecoder {
    /// The decoder; share one (it keeps its memory between decodings).
    public let decoder: URLEncodedForm.URLEncodedFormDecoder

    /// A content decoder over `decoder`.
    public init(_ decoder: URLEncodedForm.URLEncodedFormDecoder = .init()) {
        self.decoder = decoder
    }

    /// The body size to collect for `decoder`'s `maximumInputLength`: one byte more, because
    /// Vapor refuses a body of exactly its `maxSize`. Vapor answers 413 past it, before decoding.
    public static func bodyLimit(for decoder: URLEncodedForm.URLEncodedFormDecoder = .init()) -> ByteCount {
        ByteCount(value: (decoder.limits.maximumInputLength ?? Int.max - 1) + 1)
    }

    /// Decodes a form body from the buffer's readable bytes, in place.
    public func decode<D: Decodable>(_: D.Type, from body: ByteBuffer, headers: HTTPHeaders) throws -> D {
        try FormDecodingError.map { try body.withUnsafeReadableBytes { try decoder.decode(D.self, from: $0) } }
    }

    /// Decodes the URL's query string.
    public func decode<D: Decodable>(_: D.Type, from url: URI) throws -> D {
        try FormDecodingError.map { try decoder.decode(D.self, from: url.query ?? "") }
    }
}

/// URLEncodedForm's encoder as Vapor's `ContentEncoder` (form bodies) and `URLQueryEncoder`.
public struct FormContentEncoder: ContentEncoder, URLQueryEncoder {
    /// The encoder; share one.
    public let encoder: URLEncodedForm.URLEncodedFormEncoder

    /// A content encoder over `encoder`.
    public init(_ encoder: URLEncodedForm.URLEncodedFormEncoder = .init()) {
        self.encoder = encoder
    }

    /// Appends the form to `body` and sets `Content-Type: application/x-www-form-urlencoded; charset=utf-8`.
    public func encode<E: Encodable>(_ encodable: E, to body: inout ByteBuffer, headers: inout HTTPHeaders) throws {
        let bytes: [UInt8] = try encoder.encode(encodable)
        body.writeBytes(bytes)
        headers.contentType = .urlEncodedForm
    }

    /// Replaces the URL's query string with the form.
    public func encode<E: Encodable>(_ encodable: E, to url: inout URI) throws {
        url.query = try encoder.encode(encodable) as String
    }
}

/// A form the decoder refused, as the HTTP error a server answers: 413 for a body over
/// `maximumInputLength`, 400 for everything else, with the error's text and the key involved
/// (`order[line_items][0][sku]`) when there is one.
public struct FormDecodingError: AbortError, Sendable {
    /// 413 (Payload Too Large) or 400 (Bad Request).
    public let status: HTTPResponseStatus
    /// The error's text, naming the key or the limit.
    public let reason: String
    /// The key, in brackets as the form spells it, or `nil` when the error is about the whole form.
    public let key: String?

    /// Runs `body`, turning its `DecodingError` into a `FormDecodingError`.
    public static func map<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as DecodingError { throw FormDecodingError(error) }
    }

    /// The HTTP error for a `DecodingError` thrown by `URLEncodedFormDecoder`.
    public init(_ error: DecodingError) {
        let path: [any CodingKey], text: String
        switch error {
        case .keyNotFound(let key, let context): (path, text) = (context.codingPath + [key], "No value for this key.")
        case .typeMismatch(_, let context), .valueNotFound(_, let context): (path, text) = (context.codingPath, context.debugDescription)
        case .dataCorrupted(let context): (path, text) = (context.codingPath, context.debugDescription)
        @unknown default: (path, text) = ([], "\(error)")
        }
        var key = path.isEmpty ? nil : FormDecodingError.formKey(path)
        if case .dataCorrupted(let context) = error, let formError = context.underlyingError as? URLEncodedForm.URLEncodedFormDecoder.Error {
            status = formError.code == .inputTooLong ? .payloadTooLarge : .badRequest
            key = formError.key ?? key
            reason = formError.description
        } else {
            status = .badRequest
            reason = key.map { "\($0): \(text)" } ?? text
        }
        self.key = key
    }

    /// `order[line_items][0][sku]` for the coding path order, line_items, 0, sku.
    static func formKey(_ path: [any CodingKey]) -> String {
        let names = path.map { $0.intValue.map(String.init) ?? $0.stringValue }
        return names.dropFirst().reduce(names[0]) { "\($0)[\($1)]" }
    }
}
