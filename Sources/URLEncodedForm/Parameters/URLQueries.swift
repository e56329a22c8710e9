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
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        let query: [UInt8]
        do {
            query = try encode(value)
        } catch {
            throw AFError.parameterEncoderFailed(reason: .encoderFailed(error: error))
        }
        if let invalid = URLQueryText.firstInvalidCharacter(in: query) {
            throw AFError.parameterEncoderFailed(reason: .encoderFailed(error: InvalidQueryCharacterError(character: invalid)))
        }
        let newQuery = [components.percentEncodedQuery, String(decoding: query, as: UTF8.self)]
            .compactMap { $0 }.joined(separator: "&")
        components.percentEncodedQuery = newQuery.isEmpty ? nil : newQuery
        guard let newURL = components.url else {
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
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false), !parameters.isEmpty else {
            return url
        }
        let query: String = try encode(parameters)
        components.percentEncodedQuery = (components.percentEncodedQuery.map { $0 + "&" } ?? "") + query
        return components.url
    }
}

/// What Foundation accepts as a percent-encoded query (`URLComponents.percentEncodedQuery`).
enum URLQueryText {
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
            guard byte < 0x80, allowed[Int(byte)] else {
                return character(startingAt: index, in: query)
            }
            index += 1
        }
        return nil
    }

    private static let allowed: [Bool] = (0..<128).map { byte in
        let scalar = Unicode.Scalar(UInt8(byte))
        return scalar.properties.isASCIIHexDigit || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            || "-._~!$&'()*+,;=:@/?".unicodeScalars.contains(scalar)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        byte < 0x80 && Unicode.Scalar(byte).properties.isASCIIHexDigit
    }

    /// The character whose UTF-8 starts at `index`.
    private static func character(startingAt index: Int, in query: [UInt8]) -> Character {
        String(decoding: query[index...], as: UTF8.self).first ?? "\u{FFFD}"
    }
}
