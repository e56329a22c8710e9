// Ported from Alamofire 5.12, Copyright (c) 2014-2022 Alamofire Software Foundation,
// under the MIT license: see LICENSE.

import Foundation

/// The tree an encoding builds: string leaves, arrays and insertion-ordered objects.
enum URLEncodedFormComponent {
    typealias Object = [(key: String, value: URLEncodedFormComponent)]

    case string(String)
    case array([URLEncodedFormComponent])
    case object(Object)

    /// The elements when this is an array.
    var array: [URLEncodedFormComponent]? {
        switch self {
        case let .array(array): return array
        default: return nil
        }
    }

    /// The pairs when this is an object.
    var object: Object? {
        switch self {
        case let .object(object): return object
        default: return nil
        }
    }

    /// Stores `value` at `path`, walking the whole path from this node.
    ///
    /// A component with an `intValue` is an array index; any other is an object key. A node of
    /// the wrong kind on the way is replaced by a new node of the needed kind. Writing index `i`
    /// into an array replaces element `i` when it exists and appends otherwise.
    ///
    /// - Throws: `EncodingError.invalidValue` for a negative index where Alamofire traps.
    mutating func set(to value: URLEncodedFormComponent, at path: [any CodingKey]) throws {
        try set(&self, to: value, at: path, fullPath: path)
    }

    private func set(_ context: inout URLEncodedFormComponent,
                     to value: URLEncodedFormComponent,
                     at path: [any CodingKey],
                     fullPath: [any CodingKey]) throws {
        guard !path.isEmpty else {
            context = value
            return
        }

        let end = path[0]
        var child: URLEncodedFormComponent
        if path.count == 1 {
            child = value
        } else if let index = end.intValue {
            let array = context.array ?? []
            if array.count > index {
                try checkIndex(index, in: fullPath, depth: fullPath.count - path.count)
                child = array[index]
            } else {
                child = .array([])
            }
            try set(&child, to: value, at: Array(path[1...]), fullPath: fullPath)
        } else {
            child = context.object?.first { $0.key == end.stringValue }?.value ?? .object(.init())
            try set(&child, to: value, at: Array(path[1...]), fullPath: fullPath)
        }

        if let index = end.intValue {
            if var array = context.array {
                if array.count > index {
                    try checkIndex(index, in: fullPath, depth: fullPath.count - path.count)
                    array[index] = child
                } else {
                    array.append(child)
                }
                context = .array(array)
            } else {
                context = .array([child])
            }
        } else {
            if var object = context.object {
                if let index = object.firstIndex(where: { $0.key == end.stringValue }) {
                    object[index] = (key: end.stringValue, value: child)
                } else {
                    object.append((key: end.stringValue, value: child))
                }
                context = .object(object)
            } else {
                context = .object([(key: end.stringValue, value: child)])
            }
        }
    }

    /// Alamofire subscripts the array with a negative index here and traps; this port throws.
    private func checkIndex(_ index: Int, in fullPath: [any CodingKey], depth: Int) throws {
        guard index < 0 else { return }

        let context = EncodingError.Context(codingPath: Array(fullPath[...depth]),
                                            debugDescription: "Negative array index \(index) in coding path.")
        throw EncodingError.invalidValue(index, context)
    }
}

/// The mutable box the encoder and all its containers write into.
final class URLEncodedFormContext {
    var component: URLEncodedFormComponent
    /// The encoder's `maximumDepth` (not in Alamofire).
    let maximumDepth: Int

    init(_ component: URLEncodedFormComponent, maximumDepth: Int) {
        self.component = component
        self.maximumDepth = maximumDepth
    }
}
