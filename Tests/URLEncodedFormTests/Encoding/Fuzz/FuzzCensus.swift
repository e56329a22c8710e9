import Foundation

/// The risky shapes a case contains — the traps of README's "Alamofire's quirks" among them — found by walking its
/// value, programs and options. The coverage test uses it to prove the generator produces each
/// of them often; it judges the generated data, not what an encoder does with it.
struct FuzzCensus {
    enum Feature: String, CaseIterable {
        /// Two canonically equivalent spellings of one key (`"\u{E9}"`, `"e\u{301}"`) in one case.
        case equivalentKeys
        /// A key with an `intValue` ≥ 0 (keyed container, `Dictionary<Int, _>`).
        case indexKey
        /// A key whose `intValue` is not its `stringValue` (`enum CodingKeys: Int`).
        case namedIndexKey
        case negativeIndexKey
        /// A numeric-looking `Dictionary<String, _>` key, which Swift turns into an index.
        case numericDictionaryKey
        /// A date that is not a whole number of milliseconds, so formatters must round it.
        case subMillisecondDate
        /// A date before the 1582 Gregorian reform, which formatters print in the Julian calendar.
        case preGregorianDate
        case year9999OrLaterDate
        /// A zero `Decimal`, among them `-0` spelled several ways.
        case zeroDecimal
        case longMantissaDecimal
        /// A key encoding other than `useDefaultKeys` with nested keys, so it sees brackets.
        case transformedNestedKey
        case leafThroughConcreteOverload, leafThroughGenericEncode, leafThroughWrapper
        case absentOptional
        case nilInUnkeyedContainer
        case singleValueDoubleWrite
        /// A single-value container gets a value after a nil, or a nil after a value.
        case singleValueNilThenValue, singleValueValueThenNil
        /// A program write passes its error on (`try` rather than `try?`).
        case writePassingErrorOn
        /// A program writes at one place as two different kinds (keyed, unkeyed, leaf).
        case kindChange
        /// A program writes through a handle after another operation wrote at its place.
        case staleHandleWrite
        case superEncoder
        case throwingOption
        /// A `maximumDepth` that the value's nesting reaches.
        case depthLimitReached
        case userCodeThrows
        case nonKeyedRoot
    }

    private(set) var features: Set<Feature> = []
    private var keys: [String] = []
    private var maximumDepth = 0

    init(_ fuzzCase: FuzzCase) {
        visit(fuzzCase.value, depth: 0)
        if Self.isNonKeyedRoot(fuzzCase.value) { features.insert(.nonKeyedRoot) }
        let keys = self.keys
        if keys.indices.contains(where: { i in keys[..<i].contains { $0 == keys[i] && !$0.unicodeScalars.elementsEqual(keys[i].unicodeScalars) } }) {
            features.insert(.equivalentKeys)
        }
        let options = fuzzCase.options.choices
        if !options.contains("keyEncoding=useDefaultKeys"), maximumDepth >= 2 { features.insert(.transformedNestedKey) }
        if options.contains(where: { $0.contains("throws") }) { features.insert(.throwingOption) }
        if let limit = options.lazy.compactMap({ Int($0.replacingOccurrences(of: "maximumDepth=", with: "")) }).first,
           limit <= maximumDepth {
            features.insert(.depthLimitReached)
        }
    }

    /// Whether `value` as a root is not an object, program or string-keyed dictionary: what
    /// both encoders reject, or write as `""` when it holds nothing.
    static func isNonKeyedRoot(_ value: FuzzValue) -> Bool {
        switch value {
        case .object, .stringDictionary, .program: return false
        default: return true
        }
    }

    private mutating func visit(_ value: FuzzValue, depth: Int) {
        maximumDepth = max(maximumDepth, depth)
        switch value {
        case let .leaf(leaf, route):
            visit(leaf)
            switch route {
            case .concrete: features.insert(.leafThroughConcreteOverload)
            case .generic: features.insert(.leafThroughGenericEncode)
            case .boxed: features.insert(.leafThroughWrapper)
            }
        case let .optional(leaf, present, _):
            visit(leaf)
            if !present { features.insert(.absentOptional) }
        case let .object(pairs):
            for (key, value) in pairs {
                visit(key)
                visit(value, depth: depth + 1)
            }
        case let .array(elements):
            if elements.contains(where: \.isNil) { features.insert(.nilInUnkeyedContainer) }
            elements.forEach { visit($0, depth: depth + 1) }
        case let .stringDictionary(dictionary):
            keys += dictionary.keys
            if dictionary.keys.contains(where: { Int($0) != nil }) { features.insert(.numericDictionaryKey) }
            dictionary.values.forEach { visit($0, depth: depth + 1) }
        case let .textDictionary(dictionary):
            keys += dictionary.keys
            if dictionary.keys.contains(where: { Int($0) != nil }) { features.insert(.numericDictionaryKey) }
        case let .intDictionary(dictionary):
            dictionary.keys.forEach { visit(FuzzKey(intValue: $0)) }
            dictionary.values.forEach { visit($0, depth: depth + 1) }
        case let .program(program):
            visit(program, depth: depth)
        case .null, .contents:
            break
        }
    }

    private mutating func visit(_ program: FuzzProgram, depth: Int) {
        var kinds: [FuzzHandle.Kind] = [.encoder]
        // Per handle: the keyed place ("handle|key") it was opened at, if any, and when.
        var origins: [(place: String?, step: Int)] = [(nil, 0)]
        // What each operation at a keyed place put there, in order.
        var history: [(place: String, step: Int, kind: String)] = []
        // What each single-value handle was given so far: a nil, a value.
        var singleValueWrites: [Int: (nil: Bool, value: Bool)] = [:]
        for (step, operation) in program.operations.enumerated() {
            switch operation {
            case let .open(kind, handle, key):
                let place = key.map { "\(handle)|\($0)" }
                key.map { visit($0) }
                if kind == .encoder { features.insert(.superEncoder) }
                if let place { history.append((place, step, "\(kind)")) }
                origins.append((place, step))
                kinds.append(kind)
            case let .write(value, handle, key, passesErrorOn):
                key.map { visit($0) }
                if passesErrorOn { features.insert(.writePassingErrorOn) }
                if kinds[handle] == .singleValue {
                    let earlier = singleValueWrites[handle] ?? (false, false)
                    if earlier.nil || earlier.value { features.insert(.singleValueDoubleWrite) }
                    if value.isNull, earlier.value { features.insert(.singleValueValueThenNil) }
                    if !value.isNull, earlier.nil { features.insert(.singleValueNilThenValue) }
                    singleValueWrites[handle] = (earlier.nil || value.isNull, earlier.value || !value.isNull)
                }
                if kinds[handle] == .unkeyed, value.isNil { features.insert(.nilInUnkeyedContainer) }
                let origin = origins[handle]
                if let place = origin.place, history.contains(where: { $0.place == place && $0.step > origin.step }) {
                    features.insert(.staleHandleWrite)
                }
                if let key { history.append(("\(handle)|\(key)", step, value.kindLabel)) }
                visit(value, depth: depth + 1)
            case .fail:
                features.insert(.userCodeThrows)
            }
        }
        // Superencoders and programs put nothing of their own kind at their place.
        let kindsByPlace = Dictionary(grouping: history.filter { !["encoder", "program"].contains($0.kind) }, by: \.place)
        if kindsByPlace.values.contains(where: { Set($0.map(\.kind)).count > 1 }) { features.insert(.kindChange) }
    }

    private mutating func visit(_ key: FuzzKey) {
        guard let index = key.intValue else { return keys.append(key.stringValue) }
        features.insert(index < 0 ? .negativeIndexKey : key.stringValue == String(index) ? .indexKey : .namedIndexKey)
    }

    private mutating func visit(_ leaf: FuzzLeaf) {
        switch leaf {
        case let .date(date):
            let seconds = date.timeIntervalSince1970
            if seconds < -12_219_292_800 { features.insert(.preGregorianDate) }
            if seconds >= 253_402_300_799 { features.insert(.year9999OrLaterDate) }
            if seconds.isFinite, (seconds * 1000).rounded() != seconds * 1000 { features.insert(.subMillisecondDate) }
        case let .decimal(decimal):
            if decimal.isZero { features.insert(.zeroDecimal) }
            if String(describing: decimal).filter(\.isNumber).count > 38 { features.insert(.longMantissaDecimal) }
        default:
            break
        }
    }
}

private extension FuzzValue {
    /// `encodeNil()` itself (an absent optional is encoded as a value of its own).
    var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    var isNil: Bool {
        switch self {
        case .null, .optional(_, present: false, _): return true
        default: return false
        }
    }

    /// The kind of node the value writes, named as `FuzzHandle.Kind`s are.
    var kindLabel: String {
        switch self {
        case .leaf, .null, .optional: return "leaf"
        case .array, .contents: return "unkeyed"
        case .object, .stringDictionary, .intDictionary, .textDictionary: return "keyed"
        case .program: return "program"
        }
    }
}
