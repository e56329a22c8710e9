import Foundation

/// Decodes `application/x-www-form-urlencoded` text into `Decodable` values, or into the
/// untyped tree Rack's `parse_nested_query` builds: the inverse of ``URLEncodedFormEncoder``,
/// for servers that receive forms (HTML form posts, OAuth token requests, webhooks) and for the
/// round trip of everything the encoder writes.
///
/// ```swift
/// struct Webhook: Decodable { let From: String; let Body: String; let NumMedia: Int }
/// let decoder = URLEncodedFormDecoder()
/// let hook = try decoder.decode(Webhook.self, from: "From=%2B15551234567&Body=Hi+there&NumMedia=0")
/// ```
///
/// The flat level is read as the WHATWG URL standard reads a form: pairs split on `&` only,
/// `+` is a space, `%XX` a byte. Names are then split into key paths (`user[name]`,
/// `tags[]`, `items[0][id]`; see ``KeyPathDecoding``) and merged into one tree as Rack merges
/// them. The `Decodable` type decides how each node is read: an array may be sent as `tags[]`,
/// as a repeated `tags`, or as indices `tags[0]` in any order.
///
/// Input is never trusted: every bound in ``Limits`` is checked before anything is built from
/// the input, a limit fails the decoding with a ``URLEncodedFormDecoder/Error`` (never truncates),
/// nothing recurses on the input's depth, and no index or count read from the input sizes an
/// allocation. The decoder's options are immutable: share one between requests and threads.
///
/// A decoder keeps the memory of its last decoding (the pairs, the tree, its lookup state) for
/// the next, and remembers where a decoding found each key it looked up, so that the next form of the same shape is read
/// without a search: reuse one where you can. Memory beyond 64 MB
/// is kept only while decodings that large recur (it is let go after the first smaller one). A
/// decoder made per request costs little more: it starts from the memory decoders that went away
/// left (up to four sets of at most 1 MB each are kept for the whole process).
public final class URLEncodedFormDecoder: Sendable {
    /// How names are split into key paths. Default ``KeyPathDecoding/brackets``.
    public var keyPathDecoding: KeyPathDecoding { options.keyPathDecoding }
    /// Which texts a `Bool` is read from. Default ``BoolDecoding/lenient``.
    public var boolDecoding: BoolDecoding { options.boolDecoding }
    /// How `Data` values are read. Default ``DataDecoding/base64``.
    public var dataDecoding: DataDecoding { options.dataDecoding }
    /// How `Date` values are read. Default ``DateDecoding/deferredToDate``.
    public var dateDecoding: DateDecoding { options.dateDecoding }
    /// The transformation of each key-path segment before it is matched against a `CodingKey`.
    /// Default ``KeyDecoding/useDefaultKeys``.
    public var keyDecoding: KeyDecoding { options.keyDecoding }
    /// Which values read as `nil`. Default ``NilDecoding/dropKey``.
    public var nilDecoding: NilDecoding { options.nilDecoding }
    /// What a single value reads when its key was sent more than once. Default
    /// ``DuplicateKeyPolicy/error``.
    public var duplicateKeys: DuplicateKeyPolicy { options.duplicateKeys }
    /// What invalid escapes and invalid UTF-8 do. Default ``InvalidInputPolicy/throw``.
    public var invalidInput: InvalidInputPolicy { options.invalidInput }
    /// The bounds every decoding checks first. Default ``Limits/default``.
    public var limits: Limits { options.limits }

    /// The options, as the stages of a decoding read them.
    private let options: DecodingOptions
    /// The memory of the last decoding, for the next to reuse; what it has no room for goes
    /// to the process's spares (`DecodingSession.spares`).
    private let idleSessions = IdleMemoryPool<DecodingSession>(.decoder)

    /// A decoder with the given options; every default reads what a default
    /// ``URLEncodedFormEncoder`` writes, and what browsers and Rack-style clients send.
    ///
    /// - Parameters:
    ///   - keyPathDecoding: how names are split into key paths.
    ///   - boolDecoding: which texts a `Bool` is read from.
    ///   - dataDecoding: how `Data` values are read.
    ///   - dateDecoding: how `Date` values are read.
    ///   - keyDecoding: the transformation of each key-path segment.
    ///   - nilDecoding: which values read as `nil`.
    ///   - duplicateKeys: what a single value reads when its key was sent more than once.
    ///   - invalidInput: what invalid escapes and invalid UTF-8 do.
    ///   - limits: the bounds every decoding checks first.
    public init(keyPathDecoding: KeyPathDecoding = .brackets,
                boolDecoding: BoolDecoding = .lenient,
                dataDecoding: DataDecoding = .base64,
                dateDecoding: DateDecoding = .deferredToDate,
                keyDecoding: KeyDecoding = .useDefaultKeys,
                nilDecoding: NilDecoding = .dropKey,
                duplicateKeys: DuplicateKeyPolicy = .error,
                invalidInput: InvalidInputPolicy = .throw,
                limits: Limits = .default) {
        options = DecodingOptions(keyPathDecoding: keyPathDecoding, boolDecoding: boolDecoding, dataDecoding: dataDecoding,
                                  dateDecoding: dateDecoding, keyDecoding: keyDecoding, nilDecoding: nilDecoding,
                                  duplicateKeys: duplicateKeys, invalidInput: invalidInput, limits: limits)
    }

    deinit {
        idleSessions.drain(into: DecodingSession.spares)
    }

    // MARK: Typed decoding

    /// Decodes a value of `type` from form text (a query string without its `?`, or a body).
    ///
    /// - Parameters:
    ///   - type: the type to decode; its root must be keyed (a struct, a class, a dictionary).
    ///   - query: the form text.
    /// - Returns: the decoded value.
    /// - Throws: `DecodingError`: `dataCorrupted` with a ``URLEncodedFormDecoder/Error`` as its
    ///   `underlyingError` for input that breaks a limit or is not a valid form; `keyNotFound`,
    ///   `typeMismatch` or `dataCorrupted` with the coding path for a value the type cannot read.
    public func decode<T: Decodable>(_ type: T.Type, from query: String) throws -> T {
        var query = query
        return try query.withUTF8 { try decode(type, fromBytes: $0) }
    }

    /// Decodes a value of `type` from the bytes of form text.
    ///
    /// - Parameters:
    ///   - type: the type to decode; its root must be keyed (a struct, a class, a dictionary).
    ///   - bytes: the form text's bytes, e.g. a request body.
    /// - Returns: the decoded value.
    /// - Throws: as ``decode(_:from:)-(_,String)``.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try bytes.withUnsafeBufferPointer { try decode(type, fromBytes: $0) }
    }

    /// Decodes a value of `type` from the bytes of form text.
    ///
    /// - Parameters:
    ///   - type: the type to decode; its root must be keyed (a struct, a class, a dictionary).
    ///   - data: the form text's bytes, e.g. a request body.
    /// - Returns: the decoded value.
    /// - Throws: as ``decode(_:from:)-(_,String)``.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try data.withUnsafeBytes { try decode(type, fromBytes: $0.bindMemory(to: UInt8.self)) }
    }

    /// Decodes a value of `type` from form text in memory the caller lends, without a copy: a
    /// server's request body read in place, e.g. from SwiftNIO's
    /// `ByteBuffer.withUnsafeReadableBytes`.
    ///
    /// - Parameters:
    ///   - type: the type to decode; its root must be keyed (a struct, a class, a dictionary).
    ///   - bytes: the form text's bytes, read only for the duration of the call.
    /// - Returns: the decoded value; it refers to nothing in `bytes`.
    /// - Throws: as ``decode(_:from:)-(_,String)``.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer) throws -> T {
        try decode(type, fromBytes: bytes.bindMemory(to: UInt8.self))
    }

    // MARK: The untyped tree

    /// The form as Rack's `Utils.parse_nested_query` reads it: `String` leaves (the last value
    /// of a repeated key), `[any Sendable]` for arrays made with `[]`,
    /// `[String: any Sendable]` for hashes (indices such as `a[0]` are hash keys here), and
    /// `NSNull` for the element Rack makes `nil` (`a[][][]=1`: `[]` followed by two `[]`s or
    /// more). ``URLEncoding`` encodes what it returns.
    ///
    /// No key path may be deeper than ``Limits/maximumParametersDepth`` (1,000 segments) here,
    /// whatever ``Limits/maximumDepth`` says: Swift frees nested dictionaries recursively, and a
    /// deeper tree could overflow a thread's stack when it is let go. A deeper name throws
    /// ``URLEncodedFormDecoder/Error/tooDeep(key:limit:)``; decode such forms into a type instead.
    ///
    /// - Parameter query: the form text.
    /// - Returns: the tree.
    /// - Throws: `DecodingError.dataCorrupted` with a ``URLEncodedFormDecoder/Error`` as its
    ///   `underlyingError`.
    public func parameters(from query: String) throws -> Parameters {
        var query = query
        return try query.withUTF8 { try parameters(fromBytes: $0) }
    }

    /// The form's bytes as Rack's `Utils.parse_nested_query` reads them: see
    /// ``parameters(from:)-(String)``.
    ///
    /// - Parameter bytes: the form text's bytes.
    /// - Returns: the tree.
    /// - Throws: as ``parameters(from:)-(String)``.
    public func parameters(from bytes: [UInt8]) throws -> Parameters {
        try bytes.withUnsafeBufferPointer { try parameters(fromBytes: $0) }
    }

    /// The form's bytes, lent by the caller, as Rack's `Utils.parse_nested_query` reads them:
    /// see ``parameters(from:)-(String)``.
    ///
    /// - Parameter bytes: the form text's bytes, read only for the duration of the call.
    /// - Returns: the tree; it refers to nothing in `bytes`.
    /// - Throws: as ``parameters(from:)-(String)``.
    public func parameters(from bytes: UnsafeRawBufferPointer) throws -> Parameters {
        try parameters(fromBytes: bytes.bindMemory(to: UInt8.self))
    }
}

extension URLEncodedFormDecoder {
    /// Every typed entry point: the bytes are lent for the whole decoding.
    func decode<T: Decodable>(_ type: T.Type, fromBytes bytes: UnsafeBufferPointer<UInt8>) throws -> T {
        try inSession { session in
            try ParsedForm.parse(bytes, options: options, session: session) { form in
                // The shelved containers refer to the decoder, which refers to the session.
                defer { session.keyedContainers.removeAll() }
                return try FormValueDecoder(form: form, options: options, session: session).decodeHere(type)
            }
        }
    }

    /// Every untyped entry point: no key path deeper than ``Limits/maximumParametersDepth``,
    /// whatever the limits say.
    func parameters(fromBytes bytes: UnsafeBufferPointer<UInt8>) throws -> Parameters {
        try inSession { session in
            try ParsedForm.parse(bytes, options: options, maximumPathDepth: Limits.maximumParametersDepth,
                                 session: session) { try RackParameters.parameters(of: $0) }
        }
    }

    /// Runs `body` in an idle session (else a spare one, else a new one), which is kept for the
    /// next decoding afterwards (as the pools' policies allow), unless something still refers
    /// to it (a `Decoder` the decoded type kept). An ``Error`` `body` throws is thrown as the
    /// `DecodingError.dataCorrupted` whose `underlyingError` it is.
    private func inSession<Result>(_ body: (DecodingSession) throws -> Result) throws -> Result {
        var session = idleSessions.take() ?? DecodingSession.spares.take() ?? DecodingSession()
        defer {
            if isKnownUniquelyReferenced(&session), !idleSessions.keep(session) {
                DecodingSession.spares.keep(session)
            }
        }
        return try reportingInputErrors { try body(session) }
    }

    /// Runs `body`, throwing an ``Error`` it throws as the `DecodingError.dataCorrupted` whose
    /// `underlyingError` it is.
    private func reportingInputErrors<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as Error {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: [], debugDescription: error.description, underlyingError: error))
        }
    }
}
