// Ported from AFNetworking 4.0.1 (AFURLRequestSerialization.m), Copyright (c) 2011-2020
// Alamofire Software Foundation, under the MIT license: see LICENSE.

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Returns a percent-escaped string following RFC 3986 for a query string key or value, as
/// AFNetworking's C function of that name: the characters of `.urlQueryAllowed` less the
/// delimiters `:#[]@` and `!$&'()*+,;=` stay, everything else is percent-escaped as UTF-8.
///
/// As AFNetworking does, the string is escaped in batches of 50 UTF-16 units, each widened to
/// whole composed character sequences so that no character (`👴🏻👮🏽`) is broken up.
///
/// - Parameter string: the key or value.
/// - Returns: the escaped text.
public func AFPercentEscapedStringFromString(_ string: String) -> String {
    let kAFCharactersGeneralDelimitersToEncode = ":#[]@" // does not include "?" or "/" due to RFC 3986 - Section 3.4
    let kAFCharactersSubDelimitersToEncode = "!$&'()*+,;="

    var allowedCharacterSet = CharacterSet.urlQueryAllowed
    allowedCharacterSet.remove(charactersIn: kAFCharactersGeneralDelimitersToEncode + kAFCharactersSubDelimitersToEncode)

    let batchSize = 50
    let string = NSString(string: string)
    var index = 0
    var escaped = ""

    while index < string.length {
        let length = min(string.length - index, batchSize)
        var range = NSRange(location: index, length: length)

        // To avoid breaking up character sequences such as 👴🏻👮🏽
        range = string.rangeOfComposedCharacterSequences(for: range)

        let substring = string.substring(with: range)
        // Never nil: a Swift string holds no unpaired surrogate, and the batch ends between
        // composed sequences.
        let encoded = substring.addingPercentEncoding(withAllowedCharacters: allowedCharacterSet) ?? ""
        escaped.append(encoded)

        index += range.length
    }

    return escaped
}

// MARK: -

/// A field and its value, as AFNetworking's `AFQueryStringPair`.
final class AFQueryStringPair {
    /// The field; `nil` for a value given without a key (parameters that are not a dictionary).
    let field: Any?
    let value: Any

    init(field: Any?, value: Any) {
        self.field = field
        self.value = value
    }

    /// `field=value`, both escaped; the field alone when the value is `NSNull` (a `nil`).
    func urlEncodedStringValue() -> String {
        // `[self.field description]` of a `nil` field is `nil`, which escapes to `@""`.
        let field = self.field.map(AFObjectDescription) ?? ""
        if value is NSNull {
            return AFPercentEscapedStringFromString(field)
        } else {
            return "\(AFPercentEscapedStringFromString(field))=\(AFPercentEscapedStringFromString(AFObjectDescription(value)))"
        }
    }
}

// MARK: -

/// The query string of `parameters`, as AFNetworking's `AFQueryStringFromParameters`: its pairs
/// (see ``AFQueryStringPairsFromKeyAndValue(_:_:)``) escaped and joined with `&`.
///
/// - Parameter parameters: the parameters.
/// - Returns: the query; `""` when there are no pairs.
public func AFQueryStringFromParameters(_ parameters: [String: Any]) -> String {
    AFQueryString(fromParameters: parameters)
}

/// The same for parameters of any type, as AFNetworking's serializer hands it whatever it is
/// given (`id`): a value that is not a dictionary gives pairs without a field.
func AFQueryString(fromParameters parameters: Any) -> String {
    var mutablePairs: [String] = []
    for pair in AFQueryStringPairsFromDictionary(parameters) {
        mutablePairs.append(pair.urlEncodedStringValue())
    }

    return mutablePairs.joined(separator: "&")
}

func AFQueryStringPairsFromDictionary(_ dictionary: Any) -> [AFQueryStringPair] {
    AFQueryStringPairsFromKeyAndValue(nil, dictionary)
}

/// The pairs of `value` under `key`: a dictionary's entries with their keys sorted by their
/// descriptions, each under `key[nestedKey]` (the key alone at the top); an array's elements in
/// order, each under `key[]`; a set's elements sorted, each under `key` itself; anything else one
/// pair.
func AFQueryStringPairsFromKeyAndValue(_ key: String?, _ value: Any) -> [AFQueryStringPair] {
    var mutableQueryStringComponents: [AFQueryStringPair] = []

    // `[NSSortDescriptor sortDescriptorWithKey:@"description" ascending:YES selector:@selector(compare:)]`
    let sortDescriptor = { (lhs: Any, rhs: Any) -> Bool in
        AFObjectDescription(lhs).compare(AFObjectDescription(rhs)) == .orderedAscending
    }

    let value = AFBridgedObject(value)
    if let dictionary = value as? [AnyHashable: Any] {
        // Sort dictionary keys to ensure consistent ordering in query string, which is important
        // when deserializing potentially ambiguous sequences, such as an array of dictionaries
        for nestedKey in dictionary.keys.sorted(by: { sortDescriptor($0.base, $1.base) }) {
            if let nestedValue = dictionary[nestedKey] {
                let nestedKeyDescription = AFObjectDescription(nestedKey.base)
                mutableQueryStringComponents.append(contentsOf: AFQueryStringPairsFromKeyAndValue(
                    key.map { "\($0)[\(nestedKeyDescription)]" } ?? nestedKeyDescription, nestedValue))
            }
        }
    } else if let array = value as? [Any] {
        for nestedValue in array {
            // `%@` of a `nil` key is `(null)`.
            mutableQueryStringComponents.append(contentsOf: AFQueryStringPairsFromKeyAndValue("\(key ?? "(null)")[]", nestedValue))
        }
    } else if let set = value as? Set<AnyHashable> {
        for obj in set.sorted(by: { sortDescriptor($0.base, $1.base) }) {
            mutableQueryStringComponents.append(contentsOf: AFQueryStringPairsFromKeyAndValue(key, obj.base))
        }
    } else {
        mutableQueryStringComponents.append(AFQueryStringPair(field: key, value: value))
    }

    return mutableQueryStringComponents
}

// MARK: - Objective-C's view of Swift values

/// `value` as AFNetworking receives it on Apple platforms, where Swift bridges it to an object: a
/// non-nil `Optional` unwrapped, a `nil` one `NSNull`.
func AFBridgedObject(_ value: Any) -> Any {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .optional else { return value }
    guard let wrapped = mirror.children.first?.value else { return NSNull() }
    return AFBridgedObject(wrapped)
}

/// `[object description]` as AFNetworking got it on Apple platforms, where every Swift number
/// and Boolean is an `NSNumber`: Booleans `1` and `0`, integers in decimal, `Double`s (and
/// `CGFloat`s) `%0.16g`, `Float`s `%0.7g`; strings as they are; anything else its Swift
/// description. (AFNetworking never ran on Linux, where Foundation describes numbers as Swift
/// does.)
func AFObjectDescription(_ object: Any) -> String {
    let object = AFBridgedObject(object)
    switch object {
    case let string as String:
        return string
    case let bool as Bool where type(of: object) == Bool.self:
        return bool ? "1" : "0"
    case let double as Double where type(of: object) == Double.self:
        return String(format: "%0.16g", double)
    case let float as Float where type(of: object) == Float.self:
        return String(format: "%0.7g", Double(float))
    case let cgFloat as CGFloat where type(of: object) == CGFloat.self:
        return String(format: "%0.16g", Double(cgFloat))
    default:
        break
    }
    if type(of: object) is NSNumber.Type, let number = object as? NSNumber {
        return AFNumberDescription(number)
    }
    return String(describing: object)
}

/// `-[NSNumber description]` on Apple platforms, by the number's type: a `char` (which a Boolean
/// also is) and every integer in decimal, a `double` `%0.16g`, a `float` `%0.7g`.
func AFNumberDescription(_ number: NSNumber) -> String {
    switch String(cString: number.objCType) {
    case "d": return String(format: "%0.16g", number.doubleValue)
    case "f": return String(format: "%0.7g", number.doubleValue)
    case "Q", "L", "I", "S", "C": return String(number.uint64Value)
    default: return String(number.int64Value)
    }
}

// MARK: -

/// Serializes parameters into a request as AFNetworking's `AFHTTPRequestSerializer` does: into
/// the URL's query for `GET`, `HEAD` and `DELETE`, into an `application/x-www-form-urlencoded`
/// body otherwise.
///
/// Only the parameter serialization of AFNetworking's class is ported: not its default
/// `Accept-Language` and `User-Agent` headers, its header and timeout properties, nor multipart
/// forms.
public final class AFHTTPRequestSerializer {
    /// The HTTP methods whose parameters go into the URL's query: `GET`, `HEAD` and `DELETE` by
    /// default. A request's method is upper-cased before it is looked up.
    public var httpMethodsEncodingParametersInURI: Set<String> = ["GET", "HEAD", "DELETE"]

    private var queryStringSerialization: ((URLRequest, Any) throws -> String?)?

    /// A serializer with AFNetworking's defaults.
    public init() {}

    /// Sets a block that makes the query string in place of ``AFQueryStringFromParameters(_:)``;
    /// `nil` goes back to it. The block's error is the serialization's.
    ///
    /// - Parameter block: gets the request and the parameters; returns the query, or `nil` for
    ///   none.
    public func setQueryStringSerializationWith(_ block: ((URLRequest, Any) throws -> String?)?) {
        queryStringSerialization = block
    }

    /// `request` with `parameters` serialized into its URL or body.
    ///
    /// - Parameters:
    ///   - request: the request.
    ///   - parameters: the parameters; `nil` puts nothing in the URL and an empty body.
    /// - Returns: the request; for a method of ``httpMethodsEncodingParametersInURI`` with a
    ///   non-empty query, its URL's absolute string followed by `?` (or `&` when it has a query)
    ///   and the query; otherwise with the query as its body and `Content-Type:
    ///   application/x-www-form-urlencoded` unless it has one.
    /// - Throws: the query string block's error;
    ///   `AFError.parameterEncodingFailed(reason: .missingURL)` when a body is to be set on a
    ///   request without a URL (not in AFNetworking: Foundation on Linux traps on such a change).
    public func request(bySerializingRequest request: URLRequest, withParameters parameters: Any?) throws -> URLRequest {
        var mutableRequest = request

        var query: String?
        // `if (parameters)`: a `nil` inside (`Optional<T>.none`) arrives as `NSNull`, which is not nil.
        if let parameters = parameters.map(AFBridgedObject) {
            if let queryStringSerialization {
                query = try queryStringSerialization(request, parameters)
            } else {
                query = AFQueryString(fromParameters: parameters)
            }
        }

        if httpMethodsEncodingParametersInURI.contains((request.httpMethod ?? "GET").uppercased()) {
            if let query, !query.isEmpty, let url = mutableRequest.url {
                mutableRequest.url = URL(string: url.absoluteString + (url.query != nil ? "&" : "?") + query)
            }
        } else {
            // #2864: an empty string is a valid x-www-form-urlencoded payload
            let query = query ?? ""
            guard mutableRequest.url != nil else {
                throw AFError.parameterEncodingFailed(reason: .missingURL)
            }
            if mutableRequest.value(forHTTPHeaderField: "Content-Type") == nil {
                mutableRequest.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            }
            mutableRequest.httpBody = query.data(using: .utf8)
        }

        return mutableRequest
    }
}
