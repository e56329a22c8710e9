// Ported from Alamofire 5.12, Copyright (c) 2014-2022 Alamofire Software Foundation,
// under the MIT license: see LICENSE.

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A dictionary of parameters to apply to a `URLRequest`.
public typealias Parameters = [String: any Any & Sendable]

/// A type that applies `Parameters` to a `URLRequest`.
public protocol ParameterEncoding: Sendable {
    /// Creates a `URLRequest` by encoding `parameters` into `urlRequest`.
    ///
    /// - Parameters:
    ///   - urlRequest: The request to encode into.
    ///   - parameters: The parameters; `nil` returns the request unchanged.
    /// - Returns: The encoded request.
    /// - Throws: An `AFError.parameterEncodingFailed` when encoding fails, or the error of
    ///   `urlRequest.asURLRequest()`.
    func encode(_ urlRequest: any URLRequestConvertible, with parameters: Parameters?) throws -> URLRequest
}

// MARK: -

/// Encodes `[String: Any]` parameters as a URL-encoded query string, appended to the URL's
/// existing query or written as an `application/x-www-form-urlencoded` body.
///
/// Top-level keys are sorted (`<`); nested dictionaries are walked in their own iteration order,
/// nested keys written `key[nestedKey]`. Arrays are written as `arrayEncoding` says, Booleans as
/// `boolEncoding` says, numbers as `NSNumber` describes them, and anything else as
/// `"\(value)"`. Keys and values are escaped at the leaves with `.afURLQueryAllowed`.
///
/// There is no published specification of nested values in a form; this is Alamofire's
/// convention, which PHP and Rails, among others, read.
public struct URLEncoding: ParameterEncoding {
    // MARK: Helper Types

    /// Where the encoded parameters go.
    public enum Destination: Sendable {
        /// The URL's query for `GET`, `HEAD` and `DELETE` requests; the body for any other method.
        case methodDependent
        /// Always the URL's query.
        case queryString
        /// Always the body.
        case httpBody

        func encodesParametersInURL(for method: String) -> Bool {
            switch self {
            case .methodDependent: return URLRequest.methodsEncodingParametersInURL.contains(method)
            case .queryString: return true
            case .httpBody: return false
            }
        }
    }

    /// How the key of an array element is written.
    public enum ArrayEncoding: Sendable {
        /// An empty set of square brackets is appended to the key for every value: `key[]=1&key[]=2`.
        case brackets
        /// No brackets are appended; the key is repeated for every value: `key=1&key=2`.
        case noBrackets
        /// Brackets holding the element's zero-based index in its array: `key[0]=1&key[1]=2`.
        case indexInBrackets
        /// The closure gets the unescaped key so far and the element's index; its result is escaped
        /// like any key.
        case custom(@Sendable (_ key: String, _ index: Int) -> String)

        func encode(key: String, atIndex index: Int) -> String {
            switch self {
            case .brackets: return "\(key)[]"
            case .noBrackets: return key
            case .indexInBrackets: return "\(key)[\(index)]"
            case let .custom(encoding): return encoding(key, index)
            }
        }
    }

    /// How a Boolean is written.
    public enum BoolEncoding: Sendable {
        /// `true` as `1`, `false` as `0`.
        case numeric
        /// `true` and `false` as the literal strings.
        case literal

        func encode(value: Bool) -> String {
            switch self {
            case .numeric: return value ? "1" : "0"
            case .literal: return value ? "true" : "false"
            }
        }
    }

    // MARK: Properties

    /// A `.methodDependent` encoding with brackets for arrays and numeric Booleans.
    public static var `default`: URLEncoding { URLEncoding() }

    /// A `.queryString` encoding with brackets for arrays and numeric Booleans.
    public static var queryString: URLEncoding { URLEncoding(destination: .queryString) }

    /// An `.httpBody` encoding with brackets for arrays and numeric Booleans.
    public static var httpBody: URLEncoding { URLEncoding(destination: .httpBody) }

    /// Where the encoded parameters go.
    public let destination: Destination

    /// How the keys of array elements are written.
    public let arrayEncoding: ArrayEncoding

    /// How Booleans are written.
    public let boolEncoding: BoolEncoding

    /// Not in Alamofire: the deepest a value may be nested, a top-level value being at depth 1 and
    /// each value inside a dictionary or array one deeper. A deeper value makes
    /// `encode(_:with:)` throw instead of recursing until the stack overflows.
    public let maximumDepth: Int

    // MARK: Initialization

    /// Creates an encoding; every argument but `maximumDepth` (not in Alamofire) defaults to
    /// Alamofire's default. A `maximumDepth` of 0 or less allows no value at all.
    ///
    /// - Parameters:
    ///   - destination: Where the parameters go. `.methodDependent` by default.
    ///   - arrayEncoding: How array keys are written. `.brackets` by default.
    ///   - boolEncoding: How Booleans are written. `.numeric` by default.
    ///   - maximumDepth: The deepest a value may be nested; the encoder's
    ///     `URLEncodedFormEncoder.defaultMaximumDepth` by default.
    public init(destination: Destination = .methodDependent,
                arrayEncoding: ArrayEncoding = .brackets,
                boolEncoding: BoolEncoding = .numeric,
                maximumDepth: Int = URLEncodedFormEncoder.defaultMaximumDepth) {
        self.destination = destination
        self.arrayEncoding = arrayEncoding
        self.boolEncoding = boolEncoding
        self.maximumDepth = max(0, maximumDepth)
    }

    // MARK: Encoding

    /// Encodes `parameters` into the URL's query or the body of `urlRequest`, as `destination`
    /// says for the request's method.
    ///
    /// On the URL path the query is appended to the URL's existing percent-encoded query after an
    /// `&` (so a URL ending in `?` gets `?&…`); empty parameters leave the URL as it is. On the
    /// body path the body is the query's UTF-8 (empty, not `nil`, for empty parameters), and
    /// `Content-Type` is set to `application/x-www-form-urlencoded; charset=utf-8` unless the
    /// request has that header in any letter case.
    ///
    /// - Throws: `AFError.parameterEncodingFailed(reason: .missingURL)` when the request has no
    ///   URL and the parameters are not `nil`; `.customEncodingFailed` with an
    ///   `EncodingError.invalidValue` for a value nested deeper than `maximumDepth`; the error of
    ///   `urlRequest.asURLRequest()`.
    public func encode(_ urlRequest: any URLRequestConvertible, with parameters: Parameters?) throws -> URLRequest {
        var urlRequest = try urlRequest.asURLRequest()

        guard let parameters else { return urlRequest }

        if let method = urlRequest.httpMethod, destination.encodesParametersInURL(for: method) {
            guard let url = urlRequest.url else {
                throw AFError.parameterEncodingFailed(reason: .missingURL)
            }

            if var urlComponents = URLComponents(url: url, resolvingAgainstBaseURL: false), !parameters.isEmpty {
                try checkDepth(of: parameters)
                let percentEncodedQuery = (urlComponents.percentEncodedQuery.map { $0 + "&" } ?? "") + query(parameters)
                urlComponents.percentEncodedQuery = percentEncodedQuery
                urlRequest.url = urlComponents.url
            }
        } else {
            // Not in Alamofire: it needs no URL here, but on Linux modifying a URL-less request
            // traps inside Foundation (`NSURLRequest.mutableCopy(with:)`), and the body path always
            // modifies it. So this port throws what the URL path throws.
            guard urlRequest.url != nil else {
                throw AFError.parameterEncodingFailed(reason: .missingURL)
            }

            if !urlRequest.hasHeader(named: "Content-Type") {
                urlRequest.addHeader(named: "Content-Type", value: "application/x-www-form-urlencoded; charset=utf-8")
            }

            try checkDepth(of: parameters)
            urlRequest.httpBody = Data(query(parameters).utf8)
        }

        return urlRequest
    }

    /// Creates the percent-escaped, URL-encoded key-value pairs of `value` under `key`, walking
    /// nested dictionaries and arrays recursively (and without any depth limit).
    ///
    /// - Parameters:
    ///   - key: The key of `value`, unescaped.
    ///   - value: The value: a dictionary, an array, a number, a Boolean, or anything else, which
    ///     is written as `"\(value)"`.
    /// - Returns: The escaped `(key, value)` pairs.
    public func queryComponents(fromKey key: String, value: Any) -> [(String, String)] {
        var components: [(String, String)] = []
        switch value {
        case let dictionary as [String: Any]:
            for (nestedKey, value) in dictionary {
                components += queryComponents(fromKey: "\(key)[\(nestedKey)]", value: value)
            }
        case let array as [Any]:
            for (index, value) in array.enumerated() {
                components += queryComponents(fromKey: arrayEncoding.encode(key: key, atIndex: index), value: value)
            }
        case let number as NSNumber:
            if number.isBool {
                components.append((escape(key), escape(boolEncoding.encode(value: number.boolValue))))
            } else {
                components.append((escape(key), escape("\(number)")))
            }
        case let bool as Bool:
            components.append((escape(key), escape(boolEncoding.encode(value: bool))))
        default:
            components.append((escape(key), escape("\(value)")))
        }
        return components
    }

    /// Percent-escapes `string` with `.afURLQueryAllowed`: everything but ASCII letters, digits,
    /// `-._~/?` becomes `%XX` of its UTF-8, upper-case.
    ///
    /// - Parameter string: The string to escape.
    /// - Returns: The escaped string.
    public func escape(_ string: String) -> String {
        string.addingPercentEncoding(withAllowedCharacters: .afURLQueryAllowed) ?? string
    }

    private func query(_ parameters: [String: Any]) -> String {
        var components: [(String, String)] = []

        for key in parameters.keys.sorted(by: <) {
            let value = parameters[key]!
            components += queryComponents(fromKey: key, value: value)
        }
        return components.map { "\($0)=\($1)" }.joined(separator: "&")
    }

    /// Not in Alamofire: throws when a value of `parameters` is nested deeper than `maximumDepth`,
    /// where `queryComponents(fromKey:value:)` would recurse as deep and could overflow the stack
    /// (100,000 nested arrays do). It walks the values with the same casts, but with a stack of
    /// its own, so the check itself cannot overflow; values are visited in the order `query`
    /// visits them.
    ///
    /// - Throws: `AFError.parameterEncodingFailed(reason: .customEncodingFailed(error:))` with an
    ///   `EncodingError.invalidValue` of the value's depth, whose coding path is the keys down to
    ///   it (array positions as int keys).
    private func checkDepth(of parameters: Parameters) throws {
        var pending: [(value: Any, path: [ParameterCodingKey])] = parameters.keys.sorted(by: <).reversed().map { key in
            (parameters[key]!, [ParameterCodingKey(stringValue: key)])
        }
        while let (value, path) = pending.popLast() {
            guard path.count <= maximumDepth else {
                let context = EncodingError.Context(
                    codingPath: path,
                    debugDescription: "The value is nested \(path.count) keys deep, deeper than the encoding's maximumDepth of \(maximumDepth).")
                throw AFError.parameterEncodingFailed(reason: .customEncodingFailed(error: EncodingError.invalidValue(path.count, context)))
            }
            switch value {
            case let dictionary as [String: Any]:
                pending += dictionary.reversed().map { nestedKey, value in (value, path + [ParameterCodingKey(stringValue: nestedKey)]) }
            case let array as [Any]:
                pending += array.enumerated().reversed().map { index, value in (value, path + [ParameterCodingKey(intValue: index)]) }
            default:
                break
            }
        }
    }
}

/// A key of the coding path `URLEncoding`'s depth check reports: a dictionary key, or an array
/// position (with its decimal string).
private struct ParameterCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

extension NSNumber {
    /// Whether the number is a Boolean, by Alamofire's test: its `objCType` is `"c"` (`char`).
    ///
    /// On Linux that is also true of every `Int8` outside -1...12 (those are cached numbers of
    /// type `"i"`), so `Int8(13)` is written as a Boolean, as Alamofire on Linux writes it.
    fileprivate var isBool: Bool { String(cString: objCType) == "c" }
}

// MARK: -

/// Encodes `[String: Any]` parameters (or any JSON object) with `JSONSerialization` into the body
/// of a request, whatever its method, setting `Content-Type: application/json` unless the request
/// has that header in any letter case.
public struct JSONEncoding: ParameterEncoding {
    /// The error `JSONEncoding` wraps in `.jsonEncodingFailed` when `JSONSerialization` cannot
    /// take the object.
    public enum Error: Swift.Error {
        /// The object is not valid JSON (`JSONSerialization.isValidJSONObject` says no).
        case invalidJSONObject
    }

    // MARK: Properties

    /// An encoding with no writing options.
    public static var `default`: JSONEncoding { JSONEncoding() }

    /// An encoding that pretty-prints.
    public static var prettyPrinted: JSONEncoding { JSONEncoding(options: .prettyPrinted) }

    /// The options of `JSONSerialization.data(withJSONObject:options:)`.
    public let options: JSONSerialization.WritingOptions

    // MARK: Initialization

    /// Creates an encoding with the given writing options.
    ///
    /// - Parameter options: The `JSONSerialization` writing options; none by default.
    public init(options: JSONSerialization.WritingOptions = []) {
        self.options = options
    }

    // MARK: Encoding

    /// Encodes `parameters` as the JSON body of `urlRequest`.
    ///
    /// - Throws: `AFError.parameterEncodingFailed(reason: .jsonEncodingFailed(error:))` when the
    ///   parameters are not a valid JSON object or serialization fails; `.missingURL` when the
    ///   request has no URL (not in Alamofire); the error of `urlRequest.asURLRequest()`.
    public func encode(_ urlRequest: any URLRequestConvertible, with parameters: Parameters?) throws -> URLRequest {
        var urlRequest = try urlRequest.asURLRequest()

        guard let parameters else { return urlRequest }

        guard JSONSerialization.isValidJSONObject(parameters) else {
            throw AFError.parameterEncodingFailed(reason: .jsonEncodingFailed(error: Error.invalidJSONObject))
        }

        try setBody(of: &urlRequest, toJSONOf: parameters)

        return urlRequest
    }

    /// Encodes `jsonObject` (any valid JSON object, such as an array) as the JSON body of
    /// `urlRequest`.
    ///
    /// - Throws: As `encode(_:with:)` does.
    public func encode(_ urlRequest: any URLRequestConvertible, withJSONObject jsonObject: Any? = nil) throws -> URLRequest {
        var urlRequest = try urlRequest.asURLRequest()

        guard let jsonObject else { return urlRequest }

        guard JSONSerialization.isValidJSONObject(jsonObject) else {
            throw AFError.parameterEncodingFailed(reason: .jsonEncodingFailed(error: Error.invalidJSONObject))
        }

        try setBody(of: &urlRequest, toJSONOf: jsonObject)

        return urlRequest
    }

    /// The part both `encode` methods of Alamofire spell out alike: serialize, then set the
    /// header when absent and the body.
    private func setBody(of urlRequest: inout URLRequest, toJSONOf object: Any) throws {
        let data: Data
        do {
            data = try JSONSerialization.data(withJSONObject: object, options: options)
        } catch {
            throw AFError.parameterEncodingFailed(reason: .jsonEncodingFailed(error: error))
        }

        // Not in Alamofire: modifying a URL-less request traps inside Foundation on Linux. The
        // check stands after serialization, where Alamofire would go on to modify the request,
        // and outside the `do`, whose `catch` would re-wrap the error as a JSON one.
        guard urlRequest.url != nil else {
            throw AFError.parameterEncodingFailed(reason: .missingURL)
        }

        if !urlRequest.hasHeader(named: "Content-Type") {
            urlRequest.addHeader(named: "Content-Type", value: "application/json")
        }

        urlRequest.httpBody = data
    }
}

extension JSONEncoding.Error {
    /// Alamofire's text for the error, which `AFError`'s `.jsonEncodingFailed` description shows.
    public var localizedDescription: String {
        """
        Invalid JSON object provided for parameter or object encoding. \
        This is most likely due to a value which can't be represented in Objective-C.
        """
    }
}
