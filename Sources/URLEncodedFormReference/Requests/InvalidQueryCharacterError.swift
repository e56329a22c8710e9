// Ported from Alamofire 5.12, Copyright (c) 2014-2022 Alamofire Software Foundation,
// under the MIT license: see LICENSE.

import Foundation

/// Not in Alamofire: what `URLEncodedFormParameterEncoder` wraps in
/// `AFError.parameterEncoderFailed(reason: .encoderFailed(error:))` when the query it would set
/// holds a character a URL query may not hold unescaped.
///
/// That happens only when the encoder's `allowedCharacters` lets such a character through (`[`,
/// `]`, `#`, a `%` that starts no escape, …; spaces never stand unescaped, whatever the set). Alamofire sets the query anyway, and Foundation on Linux stops the
/// process there ("Attempting to set percentEncodedQuery with invalid characters"); this port
/// throws this error instead.
public struct InvalidQueryCharacterError: Error, Sendable, CustomStringConvertible {
    /// The first character of the query that may not stand there: the character itself, or `%`
    /// when a `%` is not followed by two hexadecimal digits.
    public let character: Character

    /// Names the character and its Unicode scalars, and how to avoid the error.
    public var description: String {
        let scalars = character.unicodeScalars.map { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        return "The encoded query holds \"\(character)\" (\(scalars.joined(separator: " "))), which a URL query "
            + "may not hold unescaped: take it out of allowedCharacters"
    }
}
