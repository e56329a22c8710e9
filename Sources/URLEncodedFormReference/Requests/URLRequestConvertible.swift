// Ported from Alamofire 5.12, Copyright (c) 2014-2022 Alamofire Software Foundation,
// under the MIT license: see LICENSE.

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A type that can make a `URLRequest`: what a `ParameterEncoding` encodes into.
public protocol URLRequestConvertible {
    /// Returns the `URLRequest`, or throws the error that kept it from being made (which the
    /// encodings pass on unchanged).
    func asURLRequest() throws -> URLRequest
}

extension URLRequest: URLRequestConvertible {
    /// Returns the request itself.
    public func asURLRequest() throws -> URLRequest { self }
}

extension URLRequest {
    /// Whether the request has a header named `name` in any letter case, even with an empty
    /// value: Alamofire asks `headers[name] == nil` of its `HTTPHeaders`, whose names compare
    /// case-insensitively. (`HTTPHeaders` itself stays out of this port's API.)
    func hasHeader(named name: String) -> Bool {
        allHTTPHeaderFields?.keys.contains { $0.lowercased() == name.lowercased() } ?? false
    }

    /// Adds the header `name: value` the way Alamofire's `headers.update(_:)` does for a name the
    /// request does not have yet: by setting `allHTTPHeaderFields` to the old headers plus the
    /// new one.
    mutating func addHeader(named name: String, value: String) {
        var fields = allHTTPHeaderFields ?? [:]
        fields[name] = value
        allHTTPHeaderFields = fields
    }

    /// The parameters go to the URL for these methods under `.methodDependent`, compared with the
    /// request's `httpMethod` as it reads back, case-sensitively (Alamofire compares `HTTPMethod`
    /// raw values).
    static let methodsEncodingParametersInURL: Set<String> = ["GET", "HEAD", "DELETE"]
}
