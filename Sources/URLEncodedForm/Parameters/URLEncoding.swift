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
/// Top-level keys are sorted as Alamofire sorts them, with Swift's `String` `<` (keys that `<`
/// cannot order keep the order Alamofire's sort leaves them in); a nested dictionary keeps its own
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
        // The order first, before the writer allocates: see `alamofireOrder(of:)`.
        let pairs = Self.alamofireOrder(of: parameters)
        var writer = ParameterWriter(encoding: self, maximumDepth: maximumDepth)
        for (key, value) in pairs {
            if let depth = writer.write(value, forKey: key) {
                throw depth.error
            }
        }
        return writer.withText(body)
    }

    /// The top-level pairs in the order Alamofire's `query(_:)` visits them:
    /// `parameters.keys.sorted(by: <)` of the `[String: Any]` the parameters convert to.
    ///
    /// Swift's `String` `<` is not a strict weak order on every pair of non-ASCII strings (on
    /// Linux, `"e\u{301}"` and `"\u{E9}a"` are unequal and neither is smaller), so for such keys
    /// the order is whatever the sort makes of the sequence it is given: the iteration order of
    /// the converted dictionary, a new one whose layout differs from the caller's (it is fixed in
    /// a process and changes with the hash seed). Where some key is not ASCII, the keys take that
    /// route; ASCII keys are totally ordered by `<`, and are sorted as the caller's pairs, which
    /// gives the same order without looking each value up again.
    static func alamofireOrder(of parameters: Parameters) -> [(key: String, value: any Sendable)] {
        guard parameters.keys.contains(where: { $0.utf8.contains { $0 >= 0x80 } }) else {
            return parameters.sorted(by: { $0.key < $1.key })
        }
        let converted: [String: Any] = parameters
        return converted.keys.sorted(by: <).map { ($0, parameters[$0]!) }
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
