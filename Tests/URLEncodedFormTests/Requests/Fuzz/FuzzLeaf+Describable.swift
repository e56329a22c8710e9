import Foundation

extension FuzzLeaf {
    /// The leaf, but a date of NaN seconds is the reference date. `Date.description` traps inside
    /// Foundation for NaN (infinite dates print `<description unavailable>`), and the request
    /// layer describes dates: Alamofire writes a date parameter by its description, and
    /// `AFError`'s description prints the value of an `EncodingError` (the rejected second write
    /// of a single-value container). Both modules trap there alike.
    var describable: FuzzLeaf {
        guard case let .date(date) = self, date.timeIntervalSinceReferenceDate.isNaN else { return self }
        return .date(Date(timeIntervalSinceReferenceDate: 0))
    }
}

extension FuzzValue {
    /// The value with every leaf `describable`, in programs too.
    var describable: FuzzValue {
        switch self {
        case let .leaf(leaf, route): return .leaf(leaf.describable, route)
        case let .optional(leaf, present, route): return .optional(leaf.describable, present: present, route)
        case .null, .contents, .textDictionary: return self
        case let .object(pairs): return .object(pairs.map { ($0.0, $0.1.describable) })
        case let .array(elements): return .array(elements.map(\.describable))
        case let .stringDictionary(dictionary): return .stringDictionary(dictionary.mapValues(\.describable))
        case let .intDictionary(dictionary): return .intDictionary(dictionary.mapValues(\.describable))
        case let .program(program):
            return .program(FuzzProgram(operations: program.operations.map { operation in
                guard case let .write(value, handle, key, passesErrorOn) = operation else { return operation }
                return .write(value.describable, handle: handle, key: key, passesErrorOn: passesErrorOn)
            }))
        }
    }
}
