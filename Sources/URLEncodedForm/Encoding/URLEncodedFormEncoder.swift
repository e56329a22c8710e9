import Foundation

/// Encodes `Encodable` values as `application/x-www-form-urlencoded` text, byte for byte as
/// Alamofire 5.12's `URLEncodedFormEncoder` does, in a single pass over one growing buffer.
///
/// ```swift
/// struct Search: Encodable { let query: String; let tags: [String] }
/// let encoder = URLEncodedFormEncoder()
/// let body: String = try encoder.encode(Search(query: "swift nio", tags: ["server", "linux"]))
/// // query=swift%20nio&tags%5B%5D=linux&tags%5B%5D=server
/// ```
///
/// The root value must be keyed (a struct, a class or a `Dictionary<String, _>`); nested values
/// become `parent[child]` keys (see ``KeyPathEncoding``) and arrays `key[]` keys (see
/// ``ArrayEncoding``). The encoder is immutable but for ``allowedCharacters``, which is guarded,
/// so one instance may be shared by any number of threads.
///
/// An encoder keeps the memory of its last encodings for the next ones, so reuse one where you
/// can: up to 64 MB per idle buffer set, and more while encodings that large recur (it is let
/// go after the first smaller one). An encoder made per request costs little more: it starts
/// from the buffers an encoder that went away left (up to four sets of at most 1 MB each are
/// kept for the whole process).
public final class URLEncodedFormEncoder: Sendable {
    /// Errors of the encoder itself; `EncodingError`s and the errors of custom closures are
    /// thrown as they are.
    ///
    /// As Alamofire's, it describes itself as Swift prints an enum (`"\(error)"` is
    /// `invalidRootObject("string(\"x\")")`), which `AFError` descriptions show.
    public enum Error: Swift.Error {
        /// The encoded value was not keyed at its root; the payload is what Alamofire prints for
        /// that root: `string("x")`, or `array([…])` of its elements.
        case invalidRootObject(String)
    }

    /// Whether each level's pairs are sorted (as escaped text) before they are joined; nested
    /// levels and array elements are sorted too (see ``sortsArrayElements``). Default `true`.
    public var alphabetizeKeyValuePairs: Bool { options.alphabetizeKeyValuePairs }
    /// Whether ``alphabetizeKeyValuePairs`` sorts the elements of arrays too, as Alamofire does.
    /// Default `true`; not in Alamofire.
    ///
    /// When `false`, objects are still sorted exactly as Alamofire sorts them, but every array
    /// keeps its elements in index order, whatever they hold (leaves, objects, arrays):
    /// `[3, 1, 2]` goes out as `3`, `1`, `2`, and ``ArrayEncoding/indexInBrackets`` writes
    /// `a[0]`, `a[1]`, `a[2]`, … `a[10]` where Alamofire sorts `a[10]` before `a[2]`, as servers
    /// that read arrays by position (Rack and Rails, PHP, Stripe) need. Without
    /// ``alphabetizeKeyValuePairs`` nothing is sorted, and this changes nothing.
    public var sortsArrayElements: Bool { options.sortsArrayElements }
    /// How array element keys are formed. Default ``ArrayEncoding/brackets``.
    public var arrayEncoding: ArrayEncoding { options.arrayEncoding }
    /// How `Bool` values are written. Default ``BoolEncoding/numeric``.
    public var boolEncoding: BoolEncoding { options.boolEncoding }
    /// How `Data` values are written. Default ``DataEncoding/base64``.
    public var dataEncoding: DataEncoding { options.dataEncoding }
    /// How `Date` values are written. Default ``DateEncoding/deferredToDate``.
    public var dateEncoding: DateEncoding { options.dateEncoding }
    /// The transformation applied to each pair's whole key path. Default
    /// ``KeyEncoding/useDefaultKeys``.
    public var keyEncoding: KeyEncoding { options.keyEncoding }
    /// How nested object keys are appended to their parent's key. Default
    /// ``KeyPathEncoding/brackets``.
    public var keyPathEncoding: KeyPathEncoding { options.keyPathEncoding }
    /// How `nil` values are written. Default ``NilEncoding/dropKey``.
    public var nilEncoding: NilEncoding { options.nilEncoding }
    /// How spaces are written. Default ``SpaceEncoding/percentEscaped``.
    public var spaceEncoding: SpaceEncoding { options.spaceEncoding }
    /// Whether a keyed container's key with an `intValue` is an array index (Alamofire's
    /// behaviour) or written as its text. Default ``IntegerKeyEncoding/arrayIndices``; not in
    /// Alamofire.
    public var integerKeyEncoding: IntegerKeyEncoding { options.integerKeyEncoding }
    /// The most keys a coding path may have where a value is written: a value nested deeper
    /// makes the encoding throw `EncodingError.invalidValue` (with that path) rather than
    /// overflow the thread's stack, as unbounded recursion through `Encodable` would. Default
    /// ``defaultMaximumDepth``; not in Alamofire, which has no limit.
    public var maximumDepth: Int { options.maximumDepth }

    /// The default ``maximumDepth``, 256: a value nested this deep encodes on a thread with a
    /// 512 KiB stack, the smallest a server is likely to run on.
    public static let defaultMaximumDepth = 256

    /// The characters left unescaped. Default `CharacterSet.afURLQueryAllowed`, which this
    /// module declares.
    ///
    /// Non-ASCII characters are always escaped (as Foundation does on Linux), and spaces follow
    /// ``spaceEncoding``.
    public var allowedCharacters: CharacterSet {
        get { escaping.withLock { $0.allowedCharacters } }
        set { escaping.withLock { $0 = Escaping(allowedCharacters: newValue, spaceEncoding: spaceEncoding) } }
    }

    /// The byte table built from ``allowedCharacters`` and ``spaceEncoding``.
    var escapeTable: EscapeTable {
        escaping.withLock { $0.table }
    }

    /// The allowed characters together with the byte table built from them, swapped as one.
    private struct Escaping: Sendable {
        let allowedCharacters: CharacterSet
        let table: EscapeTable

        init(allowedCharacters: CharacterSet, spaceEncoding: SpaceEncoding) {
            self.allowedCharacters = allowedCharacters
            self.table = EscapeTable.table(allowedCharacters: allowedCharacters, spaceEncoding: spaceEncoding)
        }
    }

    /// Every option but ``allowedCharacters``, which `escaping` keeps.
    private let options: EncodingOptions
    private let escaping: LockedValue<Escaping>
    /// Sessions of finished encodings, for the next encodings to reuse.
    private let idleSessions = IdleMemoryPool<EncodingSession>(.encoder)

    /// Creates an encoder; the defaults are Alamofire's. Of the two arguments Alamofire does not
    /// have, `sortsArrayElements` defaults to what Alamofire does, `maximumDepth` to a limit.
    ///
    /// - Parameters:
    ///   - alphabetizeKeyValuePairs: whether each level's pairs are sorted; see
    ///     ``alphabetizeKeyValuePairs``.
    ///   - sortsArrayElements: whether sorting reorders array elements too, as Alamofire does;
    ///     `false` keeps them in index order (see ``sortsArrayElements``). Not in Alamofire.
    ///   - arrayEncoding: how array element keys are formed.
    ///   - boolEncoding: how `Bool` values are written.
    ///   - dataEncoding: how `Data` values are written.
    ///   - dateEncoding: how `Date` values are written.
    ///   - keyEncoding: the transformation applied to each pair's whole key path.
    ///   - keyPathEncoding: how nested object keys are appended to their parent's key.
    ///   - nilEncoding: how `nil` values are written.
    ///   - spaceEncoding: how spaces are written.
    ///   - integerKeyEncoding: whether a keyed container's key with an `intValue` is an array
    ///     index, as in Alamofire (the default), or written as its text, which loses no entry
    ///     (see ``IntegerKeyEncoding``). Not in Alamofire.
    ///   - allowedCharacters: the characters left unescaped.
    ///   - maximumDepth: the most keys a coding path may have where a value is written
    ///     (Alamofire has no limit; this encoder's default is ``defaultMaximumDepth``). A value of
    ///     0 or less allows no key at all.
    public init(alphabetizeKeyValuePairs: Bool = true,
                sortsArrayElements: Bool = true,
                arrayEncoding: ArrayEncoding = .brackets,
                boolEncoding: BoolEncoding = .numeric,
                dataEncoding: DataEncoding = .base64,
                dateEncoding: DateEncoding = .deferredToDate,
                keyEncoding: KeyEncoding = .useDefaultKeys,
                keyPathEncoding: KeyPathEncoding = .brackets,
                nilEncoding: NilEncoding = .dropKey,
                spaceEncoding: SpaceEncoding = .percentEscaped,
                integerKeyEncoding: IntegerKeyEncoding = .arrayIndices,
                allowedCharacters: CharacterSet = .afURLQueryAllowed,
                maximumDepth: Int = URLEncodedFormEncoder.defaultMaximumDepth) {
        self.options = EncodingOptions(alphabetizeKeyValuePairs: alphabetizeKeyValuePairs, sortsArrayElements: sortsArrayElements,
                                       arrayEncoding: arrayEncoding, boolEncoding: boolEncoding, dataEncoding: dataEncoding,
                                       dateEncoding: dateEncoding, keyEncoding: keyEncoding, keyPathEncoding: keyPathEncoding,
                                       nilEncoding: nilEncoding, spaceEncoding: spaceEncoding,
                                       integerKeyEncoding: integerKeyEncoding, maximumDepth: max(0, maximumDepth))
        self.escaping = LockedValue(Escaping(allowedCharacters: allowedCharacters, spaceEncoding: spaceEncoding))
    }

    /// Encodes `value` as a form-urlencoded `String`.
    ///
    /// - Parameter value: the value to encode; its root must be keyed.
    /// - Returns: the pairs, `key=value`, joined by `&`.
    /// - Throws: ``Error/invalidRootObject(_:)`` when the value is not keyed at its root; an
    ///   `EncodingError.invalidValue` (with the coding path) for a value this encoder cannot
    ///   store (a second value in a single-value container, a negative index into an array, a
    ///   value deeper than ``maximumDepth``); the error a custom closure throws, unchanged.
    public func encode(_ value: any Encodable) throws -> String {
        try encode(value) { text in
            String(unsafeUninitializedCapacity: text.count) { utf8 in
                text.copy(to: UnsafeMutableRawBufferPointer(utf8))
                return text.count
            }
        }
    }

    /// Encodes `value` as the UTF-8 bytes of its form-urlencoded text.
    ///
    /// - Parameter value: the value to encode; its root must be keyed.
    /// - Returns: the text's bytes.
    /// - Throws: what ``encode(_:)->String`` throws.
    public func encode(_ value: any Encodable) throws -> Data {
        try encode(value) { text in
            var data = Data(count: text.count)
            data.withUnsafeMutableBytes { text.copy(to: $0) }
            return data
        }
    }

    /// Encodes `value` as the bytes of its form-urlencoded text, for servers that write bytes.
    ///
    /// - Parameter value: the value to encode; its root must be keyed.
    /// - Returns: the text's bytes.
    /// - Throws: what ``encode(_:)->String`` throws.
    public func encode(_ value: any Encodable) throws -> [UInt8] {
        try encode(value) { text in
            [UInt8](unsafeUninitializedCapacity: text.count) { bytes, initialized in
                text.copy(to: UnsafeMutableRawBufferPointer(bytes))
                initialized = text.count
            }
        }
    }

    /// Appends the form-urlencoded text of `value` to `buffer`, which is left as it was when
    /// encoding throws.
    ///
    /// - Parameters:
    ///   - value: the value to encode; its root must be keyed.
    ///   - buffer: where the text's bytes are appended.
    /// - Throws: what ``encode(_:)->String`` throws.
    public func encode(_ value: any Encodable, into buffer: inout [UInt8]) throws {
        try encode(value) { text in
            // Room for the whole text first, growing as appending would (an exact reservation
            // on every call would make repeated appends quadratic).
            let needed = buffer.count + text.count
            if buffer.capacity < needed {
                buffer.reserveCapacity(max(needed, 2 * buffer.capacity))
            }
            text.forEachPiece { buffer.append(contentsOf: $0) }
        }
    }

    /// Encodes `value` and returns what `body` makes of the text, read in place from the
    /// session's buffer: each result type is made with one copy.
    private func encode<Result>(_ value: any Encodable, reading body: (FormText) -> Result) throws -> Result {
        var session = checkOutSession()
        defer {
            session.keyedContainers.removeAll()
            checkIn(&session)
        }
        try session.encodeItself(value, at: .root)
        return try session.withSerialization(body)
    }

    private func checkOutSession() -> EncodingSession {
        let table = escapeTable
        let idle = idleSessions.take()
        if let idle, idle.options.escapeTable === table {
            return idle
        }
        return EncodingSession(options: SessionOptions(options, escapeTable: table))
    }

    /// Keeps `session` for reuse (as the pool's policy allows), unless user code still holds one
    /// of its containers or encoders: it could write into the next encoding.
    private func checkIn(_ session: inout EncodingSession) {
        guard isKnownUniquelyReferenced(&session) else { return }
        idleSessions.keep(session)
    }
}
