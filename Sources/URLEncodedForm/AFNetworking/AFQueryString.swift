import Foundation

// AFNetworking's query string, under the names of its C functions, so that switching from
// AFNetworking is a change of import. The serializer that applies it to a `URLRequest`,
// `AFHTTPRequestSerializer`, is in `URLEncodedFormRequests`.

/// Percent-escapes a query key or value as AFNetworking's `AFPercentEscapedStringFromString`
/// does: the characters of `CharacterSet.afURLQueryAllowed` (the same set as Alamofire's) stay,
/// every other byte of the UTF-8 is escaped, a space as `%20`.
///
/// ```swift
/// AFPercentEscapedStringFromString("a b&c/d?") // a%20b%26c/d?
/// ```
///
/// AFNetworking escapes in batches of 50 UTF-16 units, each widened to whole characters; the
/// result is the same as escaping the string at once, which this does.
///
/// - Parameter string: the key or value.
/// - Returns: the escaped text.
public func AFPercentEscapedStringFromString(_ string: String) -> String {
    var buffer = UncheckedBytes(capacity: string.utf8.count * 3 + 1)
    AFQueryStringWriter.escapeTable.appendEscaped(string, to: &buffer)
    return String(decoding: buffer.bytes(0..<buffer.count), as: UTF8.self)
}

/// The query string of `parameters`, byte for byte as AFNetworking 4's
/// `AFQueryStringFromParameters` writes it on Apple platforms.
///
/// ```swift
/// AFQueryStringFromParameters(["user": ["name": "Ann", "tags": ["a", "b"]], "page": 2, "draft": NSNull()])
/// // draft&page=2&user%5Bname%5D=Ann&user%5Btags%5D%5B%5D=a&user%5Btags%5D%5B%5D=b
/// ```
///
/// - The keys of every dictionary, at every level, are sorted by their descriptions as
///   `NSString`'s `compare(_:)` (no options) sorts them; a nested key is written `field[key]`.
/// - An array's elements keep their order, each under `field[]` (never an index).
/// - A set's elements are sorted as keys are, each under the set's own field.
/// - `nil` (an `Optional` with no value) and `NSNull` give the field alone, without `=`.
/// - Empty arrays, dictionaries and sets give nothing.
/// - Anything else gives `field=value`, the value as AFNetworking described it on Apple
///   platforms, where Swift numbers are `NSNumber`s: Booleans `1` and `0`, integers in decimal,
///   `Double`s as `%0.16g` (`0.3`, `9.300000000000001`), `Float`s as `%0.7g`, strings as they are,
///   any other value by its `description`.
///
/// Fields and values are escaped as ``AFPercentEscapedStringFromString(_:)`` escapes them. Any
/// nesting depth is written: the walk keeps its containers on the heap, not the stack.
///
/// - Parameter parameters: the parameters.
/// - Returns: the pairs joined with `&`; `""` when there are none.
public func AFQueryStringFromParameters(_ parameters: [String: Any]) -> String {
    AFQueryString(fromParameters: parameters)
}

/// The same for parameters of any type, as `AFHTTPRequestSerializer` hands AFNetworking's
/// function whatever it was given: pairs of a value that is not a dictionary have no field (an
/// array's elements the field `(null)[]`, as Objective-C formats a `nil` key).
package func AFQueryString(fromParameters parameters: Any) -> String {
    var writer = AFQueryStringWriter()
    writer.write(parameters)
    return writer.withText { String(decoding: $0, as: UTF8.self) }
}
