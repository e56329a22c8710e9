import Foundation

// The URL and body rules of Alamofire's `URLEncoding` and `URLEncodedFormParameterEncoder`, on a
// `URL` and bytes: what `URLEncodedFormRequests` applies to a `URLRequest`, and what a server that
// builds its requests another way (AsyncHTTPClient, NIO) uses directly.

extension URLEncodedFormEncoder {
    /// The `Content-Type` of a form-urlencoded body, as Alamofire sets it when a request has none:
    /// `application/x-www-form-urlencoded; charset=utf-8`.
    public static let contentType = "application/x-www-form-urlencoded; charset=utf-8"

    /// `url` with the form text of `value` merged into its query, as Alamofire's
    /// `URLEncodedFormParameterEncoder` merges it: the existing query, kept as it is, then `&`
    /// and the new text; an empty result leaves the URL without a query (no `?`), and a URL that
    /// ends in `?` gets `?&` and the text.
    ///
    /// - Parameters:
    ///   - url: the request's URL.
    ///   - value: the parameters; the root must be keyed.
    /// - Returns: the new URL, or `nil` when Foundation cannot take `url` apart
    ///   (`URLComponents(url:resolvingAgainstBaseURL:)` fails), where Alamofire puts the
    ///   parameters in the body instead.
    /// - Throws: `AFError.parameterEncoderFailed(reason:)`: `.encoderFailed(error:)` with the
    ///   encoder's error, or with an ``InvalidQueryCharacterError`` when ``allowedCharacters``
    ///   let through a character a query may not hold (Foundation would trap on it);
    ///   `.missingRequiredComponent(.url)` when Foundation cannot make the new URL.
    public func url(_ url: URL, mergingQueryOf value: any Encodable) throws -> URL? {
        let parts = URLQueryText.Parts(url)
        var components: URLComponents?
        if parts == nil {
            guard let made = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
            components = made
        }
        // The text needs checking unless the table that made it lets only query characters
        // through; a table swapped during the encoding (`allowedCharacters` set meanwhile) is
        // not trusted.
        let table = escapeTable
        let query: [UInt8]
        do {
            query = try encode(value)
        } catch {
            throw AFError.parameterEncoderFailed(reason: .encoderFailed(error: error))
        }
        let checked = table.passesOnlyQueryCharacters && escapeTable === table
        if !checked, let invalid = URLQueryText.firstInvalidCharacter(in: query) {
            throw AFError.parameterEncoderFailed(reason: .encoderFailed(error: InvalidQueryCharacterError(character: invalid)))
        }
        let text = String(decoding: query, as: UTF8.self)
        let newURL: URL?
        if let parts {
            // `[existing, text]` without the missing one, joined by `&`; empty, no query at all.
            let joined = parts.query.map { [$0, "&", text[...]] } ?? (text.isEmpty ? nil : [text[...]])
            newURL = parts.url(withQuery: joined)
        } else {
            let newQuery = [components?.percentEncodedQuery, text].compactMap { $0 }.joined(separator: "&")
            components?.percentEncodedQuery = newQuery.isEmpty ? nil : newQuery
            newURL = components?.url
        }
        guard let newURL else {
            throw AFError.parameterEncoderFailed(reason: .missingRequiredComponent(.url))
        }
        return newURL
    }
}

extension URLEncoding {
    /// `url` with the query of `parameters` appended to its own, as Alamofire's `URLEncoding`
    /// appends it: the existing query, kept as it is, then `&` and the new query. So a URL that
    /// ends in `?` gets `?&`, and parameters that write nothing (empty arrays) leave a trailing
    /// `?` or `&`. No parameters at all leave the URL as it is.
    ///
    /// - Parameters:
    ///   - url: the request's URL.
    ///   - parameters: the parameters.
    /// - Returns: the new URL; `url` itself when there are no parameters or Foundation cannot take
    ///   it apart; `nil` when Foundation cannot make the new URL (Alamofire then leaves the
    ///   request without one).
    /// - Throws: what ``encode(_:)->String`` throws.
    public func url(_ url: URL, appendingQueryOf parameters: Parameters) throws -> URL? {
        guard !parameters.isEmpty else { return url }
        if let parts = URLQueryText.Parts(url) {
            let query: String = try encode(parameters)
            return parts.url(withQuery: (parts.query.map { [$0, "&"] } ?? []) + [query[...]])
        }
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        let query: String = try encode(parameters)
        components.percentEncodedQuery = (components.percentEncodedQuery.map { $0 + "&" } ?? "") + query
        return components.url
    }
}

/// A URL's query as text: taken apart and put back without `URLComponents`, and checked as
/// Foundation checks a `percentEncodedQuery`.
enum URLQueryText {
    /// A URL without a base split around its query: what comes before (scheme, authority,
    /// path), the query (after the first `?`, which no earlier part holds unescaped), and the
    /// fragment (from the first `#`).
    ///
    /// Alamofire goes through `URLComponents`, which parses the URL into all its parts, checks
    /// the new query and makes the URL back from them: for a URL without a base the same text
    /// as splicing the query in, in about half the time (the URL is parsed once, by
    /// `URL(string:)`). A URL with a base (made relative to another) takes the `URLComponents`
    /// path, which keeps only the relative part.
    struct Parts {
        let beforeQuery: Substring
        let query: Substring?
        let fragment: Substring

        init?(_ url: URL) {
            guard url.baseURL == nil else { return nil }
            // Searched as bytes: `?` and `#` are ASCII, and a search by `Character` would break
            // the whole string into grapheme clusters.
            let string = url.absoluteString
            let fragmentStart = string.utf8.firstIndex(of: UInt8(ascii: "#")) ?? string.endIndex
            fragment = string[fragmentStart...]
            let beforeFragment = string[..<fragmentStart]
            if let mark = beforeFragment.utf8.firstIndex(of: UInt8(ascii: "?")) {
                beforeQuery = beforeFragment[..<mark]
                query = beforeFragment[beforeFragment.utf8.index(after: mark)...]
            } else {
                beforeQuery = beforeFragment
                query = nil
            }
        }

        /// The URL whose query is `query` joined (no `?` when `nil`), with the same other parts.
        func url(withQuery query: [Substring]?) -> URL? {
            // Joined as bytes: adding a `Substring` to a `String` counts its characters first.
            var bytes: [UInt8] = []
            bytes.reserveCapacity(beforeQuery.utf8.count + 1 + (query?.reduce(0) { $0 + $1.utf8.count } ?? 0) + fragment.utf8.count)
            func append(_ text: Substring) {
                // In bulk: appended as a sequence, a `Substring`'s UTF-8 goes byte by byte.
                if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
                    bytes += text.utf8
                }
            }
            append(beforeQuery)
            if let query {
                bytes.append(UInt8(ascii: "?"))
                query.forEach(append)
            }
            append(fragment)
            return URL(string: String(decoding: bytes, as: UTF8.self))
        }
    }

    /// The first character of `query` that a query may not hold as it is: anything but the
    /// ASCII letters and digits, `-._~!$&'()*+,;=:@/?`, and `%` followed by two hex digits.
    static func firstInvalidCharacter(in query: [UInt8]) -> Character? {
        var index = 0
        while index < query.count {
            let byte = query[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < query.count, isHexDigit(query[index + 1]), isHexDigit(query[index + 2]) else {
                    return "%"
                }
                index += 3
                continue
            }
            guard mayStandInQuery(byte) else {
                return character(startingAt: index, in: query)
            }
            index += 1
        }
        return nil
    }

    /// Whether `byte` may stand in a query as it is: an ASCII letter or digit, or one of
    /// `-._~!$&'()*+,;=:@/?`.
    static func mayStandInQuery(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "-._~!$&'()*+,;=:@/?".utf8.contains(byte)
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "F"), UInt8(ascii: "a")...UInt8(ascii: "f"):
            return true
        default:
            return false
        }
    }

    /// The scalar whose UTF-8 starts at `index`, as a character of its own: the error names
    /// the scalar a query may not hold, not the grapheme it begins (`"\r"`, not `"\r\n"`).
    private static func character(startingAt index: Int, in query: [UInt8]) -> Character {
        Character(String(decoding: query[index...], as: UTF8.self).unicodeScalars.first ?? "\u{FFFD}")
    }
}
