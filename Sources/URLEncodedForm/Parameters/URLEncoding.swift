import Foundation

/// The parameters `URLEncoding` encodes: a dictionary of values of any type, as Alamofire's
/// `Parameters`.
public typealias Parameters = [String: any Any & Sendable]

/// Encodes `[String: Any]` parameters as a form-urlencoded query, byte for byte as Alamofire
/// 5.12's `URLEncoding` does, in one walk that writes escaped bytes into one buffer.
///
/// ```swift
/// let encoding = URLEncoding.default
/// let query: String = try encoding.encode(["q": "swift nio", "tags": ["server", "linux"], "page": 2])
/// // page=2&q=swift%20nio&tags%5B%5D=server&tags%5B%5D=linux
/// ```
///
/// Top-level keys are sorted as Swift sorts `String`s; a nested dictionary keeps its own
/// iteration order and an array its order; numbers are written as `NSNumber` describes them on
/// Linux (`1.0`, `0.30000000000000004`), Booleans by ``boolEncoding``; anything else by its
/// `description`. Keys and values are escaped as ``escape(_:)`` does.
///
/// This module gives the query and the URL rules without `URLRequest`
/// (``url(_:appendingQueryOf:)``); `URLEncodedFormRequests` adds Alamofire's
/// `ParameterEncoding` conformance, which applies them to a `URLRequest`.
public struct URLEncoding: Sendable {
    /// Where the encoded parameters go.
    public enum Destination: Sendable {
        /// Into the URL's query for `GET`, `HEAD` and `DELETE` requests, into the body for every
        /// other method.
        case methodDependent
        /// Always into the URL's query.
        case queryString
        /// Always into the body.
        case httpBody

        /// Whether parameters of a request with `method` go into its URL: the method is compared
        /// case-sensitively, as Alamofire compares it.
        ///
        /// - Parameter method: the request's `httpMethod`.
        public func encodesParametersInURL(for method: String) -> Bool {
            switch self {
            case .methodDependent: return method == "GET" || method == "HEAD" || method == "DELETE"
            case .queryString: return true
            case .httpBody: return false
            }
        }
    }

    /// How the key of each array element is formed from its array's key.
    public enum ArrayEncoding: Sendable {
        /// Empty brackets are appended: `key[]=1&key[]=2`.
        case brackets
        /// The array's key is repeated as it is: `key=1&key=2`.
        case noBrackets
        /// The element's position in its array is appended in brackets: `key[0]=1&key[1]=2`.
        case indexInBrackets
        /// The closure receives the unescaped key so far and the element's position and returns
        /// the element's whole key, which is escaped like any key.
        case custom(@Sendable (_ key: String, _ index: Int) -> String)
    }

    /// How Booleans are written.
    public enum BoolEncoding: Sendable {
        /// `1` and `0`.
        case numeric
        /// `true` and `false`.
        case literal
    }

    /// Parameters in the URL for `GET`, `HEAD` and `DELETE`, in the body otherwise.
    public static var `default`: URLEncoding { URLEncoding() }
    /// Parameters always in the URL's query.
    public static var queryString: URLEncoding { URLEncoding(destination: .queryString) }
    /// Parameters always in the body.
    public static var httpBody: URLEncoding { URLEncoding(destination: .httpBody) }

    /// Where the encoded parameters go. Default ``Destination/methodDependent``.
    public let destination: Destination
    /// How array element keys are formed. Default ``ArrayEncoding/brackets``.
    public let arrayEncoding: ArrayEncoding
    /// How Booleans are written. Default ``BoolEncoding/numeric``.
    public let boolEncoding: BoolEncoding
    /// The most keys deep a value may be, a top-level value being 1 deep: a value nested deeper
    /// makes the encoding throw rather than go on. Default
    /// ``URLEncodedFormEncoder/defaultMaximumDepth``; not in Alamofire, whose recursion has no
    /// limit (and overflows the stack on deep enough values).
    public let maximumDepth: Int

    /// Creates an encoding; every argument but the last defaults to Alamofire's default.
    ///
    /// - Parameters:
    ///   - destination: where the encoded parameters go.
    ///   - arrayEncoding: how array element keys are formed.
    ///   - boolEncoding: how Booleans are written.
    ///   - maximumDepth: the most keys deep a value may be; 0 or less allows no parameter.
    public init(destination: Destination = .methodDependent, arrayEncoding: ArrayEncoding = .brackets,
                boolEncoding: BoolEncoding = .numeric, maximumDepth: Int = URLEncodedFormEncoder.defaultMaximumDepth) {
        self.destination = destination
        self.arrayEncoding = arrayEncoding
        self.boolEncoding = boolEncoding
        self.maximumDepth = max(0, maximumDepth)
    }

    // MARK: Queries

    /// Encodes `parameters` as a form-urlencoded query.
    ///
    /// - Parameter parameters: the parameters; their top-level keys are sorted.
    /// - Returns: the pairs, `key=value`, joined by `&`; `""` when there are none.
    /// - Throws: `AFError.parameterEncodingFailed(reason: .customEncodingFailed(error:))`, the
    ///   error an `EncodingError.invalidValue` with the keys down to it, for a value nested
    ///   deeper than ``maximumDepth``.
    public func encode(_ parameters: Parameters) throws -> String {
        try write(parameters) { bytes in String(decoding: bytes, as: UTF8.self) }
    }

    /// Encodes `parameters` as the bytes of a form-urlencoded query.
    ///
    /// - Parameter parameters: the parameters; their top-level keys are sorted.
    /// - Returns: the query's bytes.
    /// - Throws: what ``encode(_:)->String`` throws.
    public func encode(_ parameters: Parameters) throws -> [UInt8] {
        try write(parameters) { bytes in Array(bytes) }
    }

    /// Appends the form-urlencoded query of `parameters` to `buffer`, which is left as it was
    /// when encoding throws.
    ///
    /// - Parameters:
    ///   - parameters: the parameters; their top-level keys are sorted.
    ///   - buffer: where the query's bytes are appended.
    /// - Throws: what ``encode(_:)->String`` throws.
    public func encode(_ parameters: Parameters, into buffer: inout [UInt8]) throws {
        try write(parameters) { bytes in buffer.append(contentsOf: bytes) }
    }

    /// Writes the query of `parameters` and returns what `body` makes of its bytes, which are
    /// only valid during the call.
    private func write<Result>(_ parameters: Parameters, reading body: (UnsafeRawBufferPointer) -> Result) throws -> Result {
        var writer = ParameterWriter(encoding: self, maximumDepth: maximumDepth)
        if Self.keysAreASCII(parameters) {
            // Between ASCII keys `<` is byte order, a total order: every sort of them gives
            // Alamofire's order. Sorted as pairs, not keys: the same order (keys are distinct),
            // without looking each value up again.
            for (key, value) in parameters.sorted(by: { $0.key < $1.key }) {
                if let depth = writer.write(value, forKey: key) {
                    throw depth.error
                }
            }
        } else {
            for (key, value) in Self.inQueryOrder(parameters) {
                if let depth = writer.write(value, forKey: key) {
                    throw depth.error
                }
            }
        }
        return writer.withText(body)
    }

    /// Whether every top-level key is ASCII.
    private static func keysAreASCII(_ parameters: Parameters) -> Bool {
        for key in parameters.keys {
            let isASCII = key.withUTF8Bytes { bytes in
                var combined: UInt8 = 0
                for byte in bytes {
                    combined |= byte
                }
                return combined < 0x80
            }
            if !isASCII {
                return false
            }
        }
        return true
    }

    /// The entries of `parameters` as Alamofire's `query(_:)` takes them, for keys that are not
    /// all ASCII: the keys of the `[String: Any]` it is handed sorted with `<`, each with its
    /// value.
    ///
    /// Swift's `<` finds some different non-ASCII keys neither smaller nor larger than each
    /// other (`"e\u{301}"` and `"\u{E9}a"`), so their order is whatever the sort leaves them in,
    /// which depends on the order it is given them. Alamofire's is the order of the
    /// `[String: Any]` its `query(_:)` takes: passing `Parameters` converts it into a new
    /// dictionary, whose layout Swift seeds anew (by its storage's address, or by its size under
    /// `SWIFT_DETERMINISTIC_HASHING`). So this takes the same route: the same conversion (a
    /// parameter of that type, as `query(_:)`'s), and the same sort of the same keys.
    private static func inQueryOrder(_ parameters: [String: Any]) -> [(key: String, value: Any)] {
        parameters.keys.sorted(by: <).map { key in (key, parameters[key]!) }
    }

    /// The escaped key–value pairs of `value` under `key`, as Alamofire's
    /// `queryComponents(fromKey:value:)` returns them: a dictionary gives its entries (in its
    /// own order) under `key[nestedKey]`, an array its elements under keys from
    /// ``arrayEncoding``, anything else one pair.
    ///
    /// Unlike the `encode` methods it has no depth limit, as in Alamofire; unlike Alamofire's,
    /// its walk does not recurse, so no value overflows the stack.
    ///
    /// - Parameters:
    ///   - key: the unescaped key of `value`.
    ///   - value: the value: a dictionary, an array, a number, a Boolean or anything else.
    /// - Returns: the escaped pairs, in the order the query writes them.
    public func queryComponents(fromKey key: String, value: Any) -> [(String, String)] {
        var writer = ParameterWriter(encoding: self, maximumDepth: .max)
        _ = writer.write(value, forKey: key)
        // Escaped keys and values hold no `&` or `=`: the text splits back into its pairs.
        return writer.withText { bytes in
            bytes.split(separator: UInt8(ascii: "&")).map { pair in
                let equals = pair.firstIndex(of: UInt8(ascii: "=")) ?? pair.endIndex
                return (String(decoding: pair[..<equals], as: UTF8.self),
                        String(decoding: pair[equals...].dropFirst(), as: UTF8.self))
            }
        }
    }

    /// Percent-escapes `string` as Alamofire's `escape(_:)` does: ASCII letters, digits, `-._~`,
    /// `/` and `?` stay; every other byte of the UTF-8, a space included, is `%XX`.
    ///
    /// - Parameter string: a key or a value.
    /// - Returns: the escaped string.
    public func escape(_ string: String) -> String {
        var escaped = UncheckedBytes(capacity: string.utf8.count * 3)
        ParameterWriter.escapeTable.appendEscaped(string, to: &escaped)
        return String(decoding: escaped.bytes(0..<escaped.count), as: UTF8.self)
    }
}
