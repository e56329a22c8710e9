import Foundation

/// A random `Parameters` value as a tree that names the Swift type each node is built as, so that
/// a case can be dumped, counted by the census and changed by a planted defect before it is built.
///
/// Alamofire writes a nested dictionary in its iteration order, which Swift seeds per instance
/// (by the storage's address). Both modules iterate the very storage they are given when its
/// type is `[String: any Sendable]` (at run time the same type as `[String: Any]`), so such
/// dictionaries may hold many keys: a `.dictionary` node keeps its entries in a `Dictionary` and
/// builds its value with `mapValues`, which keeps the layout, so every build iterates in the
/// node's own order, the one the dump shows. The reference's cast of any other dictionary
/// (`[String: Int]`, `NSDictionary`) makes a new one, iterating in another order than the one the
/// optimized module walks: those nodes hold at most one entry, and so do sets. Inside `NSArray`
/// and `NSDictionary`, whose elements Foundation bridges to new objects, every dictionary does.
indirect enum FuzzParameter {
    /// A Swift value of the leaf's own type.
    case leaf(FuzzLeaf)
    /// `NSNumber(value:)` of a Boolean, integer or floating-point leaf.
    case number(FuzzLeaf)
    /// `NSNull()`.
    case null
    /// `Set<String>` of at most one element.
    case stringSet(String?)
    /// `Set<Int>` of at most one element.
    case intSet(Int?)
    /// `Optional<T>.some(value)`, `T` the dynamic type of the wrapped node's value (so a
    /// `.some(.none(.string))` is an `Optional<Optional<String>>`).
    case some(FuzzParameter)
    /// `Optional<T>.none`.
    case none(NoneType)
    /// `[String: any Sendable]`: any number of entries, in the order of the node's dictionary.
    case dictionary([String: FuzzParameter])
    /// `[any Sendable]`.
    case array([FuzzParameter])
    case strings([String])
    case integers([Int])
    case int8s([Int8])
    /// `[[String: any Sendable]]`.
    case dictionaries([[String: FuzzParameter]])
    /// `[String: T]` of one entry, `T` the dynamic type of its value (`[String: Int]`,
    /// `[String: String]`, `[String: [any Sendable]]`, …); `nil`: an empty `[String: Int]`.
    case typedDictionary((key: String, value: FuzzParameter)?)
    /// `NSDictionary` of at most one entry.
    case nsDictionary((key: String, value: FuzzParameter)?)
    /// `NSArray`.
    case nsArray([FuzzParameter])
    /// `Set<String>` of any number of elements. Only in AFNetworking cases, whose dialect sorts
    /// a set's elements (`URLEncoding` writes them in the set's own order, which the modules'
    /// conversions do not share).
    case stringSetOfMany(Set<String>)
    /// `[Int: any Sendable]`. Only in AFNetworking cases, whose dialect sorts keys by their
    /// descriptions (to `URLEncoding`, not being a `[String: Any]`, it is a leaf described).
    case intKeyedDictionary([Int: FuzzParameter])

    /// The wrapped type of an `Optional<T>.none`.
    enum NoneType: String, CaseIterable {
        case string = "String", int = "Int", dictionary = "[String: any Sendable]", array = "[any Sendable]"

        var value: any Sendable {
            switch self {
            case .string: return String?.none as any Sendable
            case .int: return Int?.none as any Sendable
            case .dictionary: return [String: any Sendable]?.none as any Sendable
            case .array: return [any Sendable]?.none as any Sendable
            }
        }
    }

    /// `parameters` built as the `Parameters` the encodings take.
    static func parameters(_ parameters: [String: FuzzParameter]) -> [String: any Sendable] {
        parameters.mapValues(\.value)
    }

    /// The node's Swift value, built afresh (dictionaries in the node's own order).
    var value: any Sendable {
        switch self {
        case let .leaf(leaf): return leaf.parameterValue
        case let .number(leaf):
            guard let number = leaf.numberValue else { preconditionFailure("no NSNumber(value:) of \(leaf)") }
            return number
        case .null: return NSNull()
        case let .stringSet(element): return Set(element.map { [$0] } ?? [])
        case let .intSet(element): return Set(element.map { [$0] } ?? [])
        case let .some(wrapped): return TaggedParameter.wrapped(wrapped.value)
        case let .none(type): return type.value
        case let .dictionary(entries): return Self.parameters(entries)
        case let .array(elements): return elements.map(\.value)
        case let .strings(strings): return strings
        case let .integers(integers): return integers
        case let .int8s(integers): return integers
        case let .dictionaries(dictionaries): return dictionaries.map(Self.parameters)
        case let .typedDictionary(entry):
            guard let entry else { return [String: Int]() }
            return Self.typedDictionary(entry.key, entry.value.value)
        case let .nsDictionary(entry):
            let dictionary = NSDictionary(dictionary: entry.map { [$0.key: $0.value.value] } ?? [:])
            return Self.uncheckedSendable(dictionary)
        case let .nsArray(elements):
            return Self.uncheckedSendable(NSArray(array: elements.map(\.value)))
        case let .stringSetOfMany(elements): return elements
        case let .intKeyedDictionary(entries): return entries.mapValues(\.value)
        }
    }

    /// `[key: value]` typed by `value`'s dynamic type: passing the existential to a generic
    /// parameter opens it.
    private static func typedDictionary<T: Sendable>(_ key: String, _ value: T) -> any Sendable {
        [key: value]
    }

    /// `object` as a `Parameters` value. Foundation declares `NSArray` and `NSDictionary` not
    /// `Sendable` (a mutable subclass may hide behind them); these are immutable and used by one
    /// thread, and `any Sendable` is `Any` at run time (a marker protocol leaves no trace).
    private static func uncheckedSendable(_ object: AnyObject) -> any Sendable {
        unsafeBitCast(object as Any, to: (any Sendable).self)
    }

    /// The node with every nested node replaced by `transform`'s result for it (which sees the
    /// node once its children are transformed). Dictionaries keep their order: `mapValues`.
    func transformed(_ transform: (FuzzParameter) -> FuzzParameter) -> FuzzParameter {
        func map(_ entries: [String: FuzzParameter]) -> [String: FuzzParameter] {
            entries.mapValues { $0.transformed(transform) }
        }
        let node: FuzzParameter
        switch self {
        case .leaf, .number, .null, .stringSet, .intSet, .none, .strings, .integers, .int8s, .stringSetOfMany: node = self
        case let .some(wrapped): node = .some(wrapped.transformed(transform))
        case let .intKeyedDictionary(entries): node = .intKeyedDictionary(entries.mapValues { $0.transformed(transform) })
        case let .dictionary(entries): node = .dictionary(map(entries))
        case let .array(elements): node = .array(elements.map { $0.transformed(transform) })
        case let .dictionaries(dictionaries): node = .dictionaries(dictionaries.map(map))
        case let .typedDictionary(entry): node = .typedDictionary(entry.map { ($0.key, $0.value.transformed(transform)) })
        case let .nsDictionary(entry): node = .nsDictionary(entry.map { ($0.key, $0.value.transformed(transform)) })
        case let .nsArray(elements): node = .nsArray(elements.map { $0.transformed(transform) })
        }
        return transform(node)
    }

    /// The node's children, for walks that visit every node.
    var children: [FuzzParameter] {
        switch self {
        case .leaf, .number, .null, .stringSet, .intSet, .none, .strings, .integers, .int8s, .stringSetOfMany: return []
        case let .some(wrapped): return [wrapped]
        case let .intKeyedDictionary(entries): return Array(entries.values)
        case let .dictionary(entries): return Array(entries.values)
        case let .array(elements), let .nsArray(elements): return elements
        case let .dictionaries(dictionaries): return dictionaries.flatMap(\.values)
        case let .typedDictionary(entry), let .nsDictionary(entry): return entry.map { [$0.value] } ?? []
        }
    }

    /// The keys of the node's own dictionaries (not of its children's).
    var keys: [String] {
        switch self {
        case let .dictionary(entries): return Array(entries.keys)
        case let .dictionaries(dictionaries): return dictionaries.flatMap(\.keys)
        case let .typedDictionary(entry), let .nsDictionary(entry): return entry.map { [$0.key] } ?? []
        default: return []
        }
    }
}

extension FuzzParameter: CustomStringConvertible {
    /// A multi-line dump for mismatch reports: each node with the Swift type it is built as, each
    /// string as a literal that tells `é` from `e\u{301}`, dictionaries in their iteration order.
    var description: String {
        func entries(_ entries: [String: FuzzParameter]) -> [String] {
            entries.map { "\(FuzzStrings.literal($0.key)): \($0.value)" }
        }
        switch self {
        case let .leaf(leaf): return "\(leaf)"
        case let .number(leaf): return "NSNumber(value: \(leaf))"
        case .null: return "NSNull()"
        case let .stringSet(element): return "Set<String>([\(element.map(FuzzStrings.literal) ?? "")])"
        case let .intSet(element): return "Set<Int>([\(element.map(String.init) ?? "")])"
        case let .some(wrapped): return FuzzDump.block("Optional.some(", [wrapped.description], ")")
        case let .none(type): return "Optional<\(type.rawValue)>.none"
        case let .dictionary(dictionary): return FuzzDump.block("[String: any Sendable] [", entries(dictionary), "]")
        case let .array(elements): return FuzzDump.block("[any Sendable] [", elements.map(\.description), "]")
        case let .strings(strings): return "[String] [" + strings.map(FuzzStrings.literal).joined(separator: ", ") + "]"
        case let .integers(integers): return "[Int] \(integers)"
        case let .int8s(integers): return "[Int8] \(integers)"
        case let .dictionaries(dictionaries):
            return FuzzDump.block("[[String: any Sendable]] [", dictionaries.map { FuzzDump.block("[", entries($0), "]") }, "]")
        case let .typedDictionary(entry):
            guard let entry else { return "[String: Int] [:]" }
            return FuzzDump.block("\(type(of: value)) [", ["\(FuzzStrings.literal(entry.key)): \(entry.value)"], "]")
        case let .nsDictionary(entry):
            return FuzzDump.block("NSDictionary [", entry.map { ["\(FuzzStrings.literal($0.key)): \($0.value)"] } ?? [], "]")
        case let .nsArray(elements): return FuzzDump.block("NSArray [", elements.map(\.description), "]")
        case let .stringSetOfMany(elements): return "Set<String>([" + elements.sorted().map(FuzzStrings.literal).joined(separator: ", ") + "])"
        case let .intKeyedDictionary(entries):
            return FuzzDump.block("[Int: any Sendable] [", entries.map { "\($0.key): \($0.value)" }, "]")
        }
    }
}

extension FuzzParameter {
    /// Whether a dictionary or a set in the tree has two keys (elements) whose descriptions
    /// Foundation's `compare(_:)` orders neither way, which AFNetworking's sort therefore leaves
    /// in the container's order (`RequestFuzzCase.hasKeysAFNetworkingCannotOrder`). Integer keys
    /// are written in ASCII, which `compare(_:)` orders as bytes.
    var holdsKeysAFNetworkingCannotOrder: Bool {
        switch self {
        case let .dictionary(entries): Self.holdsKeysInNoOrder(entries)
        case let .dictionaries(list): list.contains(where: Self.holdsKeysInNoOrder)
        case let .stringSetOfMany(elements): Self.includesTwoInNoOrder(Array(elements))
        case let .intKeyedDictionary(entries): entries.values.contains(where: \.holdsKeysAFNetworkingCannotOrder)
        case let .array(elements), let .nsArray(elements): elements.contains(where: \.holdsKeysAFNetworkingCannotOrder)
        case let .some(wrapped): wrapped.holdsKeysAFNetworkingCannotOrder
        case let .typedDictionary(entry?), let .nsDictionary(entry?): entry.value.holdsKeysAFNetworkingCannotOrder
        case .leaf, .number, .null, .stringSet, .intSet, .none, .strings, .integers, .int8s, .typedDictionary(nil),
             .nsDictionary(nil):
            false
        }
    }

    private static func holdsKeysInNoOrder(_ entries: [String: FuzzParameter]) -> Bool {
        includesTwoInNoOrder(Array(entries.keys)) || entries.values.contains(where: \.holdsKeysAFNetworkingCannotOrder)
    }

    /// Whether two of `texts` are such that neither compares as ascending from the other.
    private static func includesTwoInNoOrder(_ texts: [String]) -> Bool {
        texts.indices.contains { index in
            texts[..<index].contains { other in
                other.compare(texts[index]) != .orderedAscending && texts[index].compare(other) != .orderedAscending
            }
        }
    }
}
