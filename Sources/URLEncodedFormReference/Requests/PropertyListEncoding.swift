// Ported from Alamofire 5.12, Copyright (c) 2014-2022 Alamofire Software Foundation,
// under the MIT license: see LICENSE.

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Encodes `[String: Any]` parameters with `PropertyListSerialization` into the body of a
/// request, whatever its method, setting `Content-Type: application/x-plist` unless the request
/// has that header in any letter case.
///
/// Alamofire 4's encoding, which 5.x removed: kept in its 4.x shape so that code written for it
/// still compiles. 5.x's `AFError` has no property-list reason, so its errors are
/// `.customEncodingFailed`.
public struct PropertyListEncoding: ParameterEncoding {
    // MARK: Properties

    /// An XML encoding with no options.
    public static var `default`: PropertyListEncoding { PropertyListEncoding() }

    /// An XML encoding with no options.
    public static var xml: PropertyListEncoding { PropertyListEncoding(format: .xml) }

    /// A binary encoding with no options.
    public static var binary: PropertyListEncoding { PropertyListEncoding(format: .binary) }

    /// The property list format of the body.
    public let format: PropertyListSerialization.PropertyListFormat

    /// The options of `PropertyListSerialization.data(fromPropertyList:format:options:)`.
    public let options: PropertyListSerialization.WriteOptions

    // MARK: Initialization

    /// Creates an encoding with the given format and options.
    ///
    /// - Parameters:
    ///   - format: The property list format; `.xml` by default.
    ///   - options: The write options; `0` by default.
    public init(format: PropertyListSerialization.PropertyListFormat = .xml,
                options: PropertyListSerialization.WriteOptions = 0) {
        self.format = format
        self.options = options
    }

    // MARK: Encoding

    /// Encodes `parameters` as the property-list body of `urlRequest`.
    ///
    /// - Throws: `AFError.parameterEncodingFailed(reason: .customEncodingFailed(error:))` with
    ///   `PropertyListSerialization`'s error (for an `NSNull`, say); `.missingURL` when the
    ///   request has no URL (not in Alamofire); the error of `urlRequest.asURLRequest()`.
    public func encode(_ urlRequest: any URLRequestConvertible, with parameters: Parameters?) throws -> URLRequest {
        var urlRequest = try urlRequest.asURLRequest()

        guard let parameters else { return urlRequest }

        let data: Data
        do {
            data = try PropertyListSerialization.data(fromPropertyList: parameters, format: format, options: options)
        } catch {
            throw AFError.parameterEncodingFailed(reason: .customEncodingFailed(error: error))
        }

        // Not in Alamofire: modifying a URL-less request traps inside Foundation on Linux. The
        // check stands where Alamofire would go on to modify the request, outside the `do`, whose
        // `catch` would re-wrap the error.
        guard urlRequest.url != nil else {
            throw AFError.parameterEncodingFailed(reason: .missingURL)
        }

        if urlRequest.value(forHTTPHeaderField: "Content-Type") == nil {
            urlRequest.setValue("application/x-plist", forHTTPHeaderField: "Content-Type")
        }

        urlRequest.httpBody = data

        return urlRequest
    }
}
