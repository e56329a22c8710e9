import Testing

extension FuzzSubject {
    /// The optimized encoder with `sortsArrayElements: false`.
    static var optimizedKeepingArraysInOrder: FuzzSubject {
        FuzzSubject(name: "optimized, arrays in order") { value, options in
            do {
                return .output(try OptimizedAdapter.encode(value, options, sortsArrayElements: false))
            } catch {
                return .error(Contender.optimized.kind(of: error))
            }
        }
    }

    /// This subject with `alphabetizeKeyValuePairs` off, whatever the case's options say.
    var unsorted: FuzzSubject {
        FuzzSubject(name: "\(name), unsorted") { value, options in
            var options = options
            options.alphabetizeKeyValuePairs = false
            return encode(value, options)
        }
    }
}

/// Encoders that should keep arrays in order and do not, each breaking one property of
/// `ArrayOrderChecker`: the meta tests prove that the checker reports them, and which property.
enum ArrayOrderMutant: String, CaseIterable, CustomTestStringConvertible {
    /// Sorts arrays too, as Alamofire does.
    case arraysSorted
    /// Leaves objects in the order they were written in.
    case objectsUnsorted
    /// Writes the first pair a second time at the end.
    case firstPairRepeated

    var testDescription: String { rawValue }

    /// The property the mutant breaks.
    var brokenProperty: ArrayOrderViolation.Property {
        switch self {
        case .arraysSorted: .arrayOrder
        case .objectsUnsorted: .objectOrder
        case .firstPairRepeated: .samePairs
        }
    }

    var subject: FuzzSubject {
        switch self {
        case .arraysSorted:
            .contender(.optimized)
        case .objectsUnsorted:
            FuzzSubject.optimizedKeepingArraysInOrder.unsorted
        case .firstPairRepeated:
            FuzzSubject(name: "optimized, arrays in order (\(rawValue))") { value, options in
                let outcome = FuzzSubject.optimizedKeepingArraysInOrder.encode(value, options)
                guard case let .output(text) = outcome, !text.isEmpty else { return outcome }
                return .output(text + "&" + text.prefix { $0 != "&" })
            }
        }
    }
}
