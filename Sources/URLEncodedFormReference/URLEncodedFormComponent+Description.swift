// Ported from Alamofire 5.12, Copyright (c) 2014-2022 Alamofire Software Foundation,
// under the MIT license: see LICENSE.

import Foundation

/// The text Swift's reflection gives Alamofire's `URLEncodedFormComponent`, which
/// `URLEncodedFormEncoder.Error.invalidRootObject` carries and `AFError`'s `encoderFailed`
/// description shows.
///
/// Reflection qualifies a nested component with its module's name, and Alamofire's module is
/// `Alamofire`: a root array is `array([Alamofire.URLEncodedFormComponent.string("1")])` (the
/// request vectors recorded from Alamofire 5.12 on Linux have it so). Left to reflection, this
/// module would write `URLEncodedFormReference.URLEncodedFormComponent` instead; these
/// conformances spell Alamofire's text so that the error descriptions match it byte for byte.
extension URLEncodedFormComponent: CustomStringConvertible, CustomDebugStringConvertible {
    /// The component as `"\(component)"` prints it in Alamofire: the case and its payload.
    var description: String {
        switch self {
        case let .string(string): return "string(\(String(reflecting: string)))"
        case let .array(array): return "array(\(String(reflecting: array)))"
        case let .object(object): return "object(\(String(reflecting: object)))"
        }
    }

    /// The component as Alamofire's reflection prints it inside a collection: qualified.
    var debugDescription: String {
        "Alamofire.URLEncodedFormComponent." + description
    }
}
