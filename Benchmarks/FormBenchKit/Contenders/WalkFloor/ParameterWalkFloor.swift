import Foundation
import URLEncodedForm

/// The cost of `URLEncoding`'s walk alone: the top-level keys sorted, and every value told
/// apart by Alamofire's chain of casts (`[String: Any]`, `[Any]`, `NSNumber`, `Bool`), down to
/// the leaves, whose text is neither made nor written.
enum ParameterWalkFloor {
    static func walk(_ parameters: Parameters) {
        for (_, value) in parameters.sorted(by: { $0.key < $1.key }) {
            visit(value)
        }
    }

    /// Visits `value` as `queryComponents(fromKey:value:)` does; the sum keeps the optimizer from
    /// dropping the casts.
    @inline(never)
    private static func visit(_ value: Any) {
        if let dictionary = value as? [String: Any] {
            for (_, nested) in dictionary {
                visit(nested)
            }
        } else if let array = value as? [Any] {
            for element in array {
                visit(element)
            }
        } else if let number = value as? NSNumber {
            blackHole(number)
        } else if let bool = value as? Bool {
            blackHole(bool)
        } else {
            blackHole(value)
        }
    }

    @inline(never)
    private static func blackHole<T>(_ value: T) {
        withExtendedLifetime(value) {}
    }
}
