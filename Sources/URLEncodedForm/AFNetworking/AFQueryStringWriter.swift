import Foundation

/// Writes parameters as AFNetworking's `AFQueryStringPairsFromKeyAndValue` and
/// `AFQueryStringFromParameters` would, without their pair objects and `String`s: one walk,
/// escaped bytes into one buffer.
///
/// Values are told apart first by their exact type (`ParameterValueKind`, as `URLEncoding`'s
/// writer does), then by AFNetworking's classes as Swift values bridge to them: an `Optional`
/// unwrapped (`nil`: `NSNull`), a dictionary, an array, a set, anything else a leaf. A
/// dictionary's or set's entries are sorted where they are kept, on the stack of entries the
/// walk keeps on the heap (as `ParameterWriter` keeps its own), so no value overflows the thread's
/// stack.
///
/// The field is kept escaped (escaping works byte by byte, so the escaped field is the escaped
/// parts joined).
struct AFQueryStringWriter: ~Copyable {
    /// AFNetworking's allowed set is Alamofire's `afURLQueryAllowed`, spaces as `%20`.
    static let escapeTable = EscapeTable.defaultPercentEscaped

    private var output = UncheckedBytes(capacity: 256)
    /// Whether a pair was written: a pair may be empty (a `nil` under an empty field).
    private var wrotePair = false
    /// The escaped field of the value being written.
    private var field = UncheckedBytes(capacity: 64)
    /// The entries of the containers being walked, each container's after its parent's: a
    /// dictionary's keys and a set's elements as `key`, described, to sort them by.
    private var entries = UncheckedArray<ParameterEntry>()
    private var levels = UncheckedArray<Level>(capacity: 16)

    /// A container being walked: its entries from `start` in `entries`.
    struct Level {
        enum Kind { case dictionary, array, set }

        let kind: Kind
        let start: Int
        var next: Int
        /// Where the container's field ends in `field`; whether it has one (parameters that are
        /// not a dictionary, and a set among them, have none).
        let fieldEnd: Int
        let hasField: Bool
    }

    /// Calls `body` with the text written so far.
    func withText<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(output.bytes(0..<output.count))
    }

    /// Writes the pairs of `parameters`, which has no field of its own.
    mutating func write(_ parameters: Any) {
        visit(parameters, hasField: false)
        while levels.count > 0 {
            let level = levels.count - 1
            let index = levels[level].next
            guard index < entries.count else {
                entries.truncate(to: levels[level].start)
                levels.truncate(to: level)
                continue
            }
            levels[level].next = index + 1
            let hasField = setField(ofEntry: index, in: levels[level])
            visit(entries.takeValue(at: index), hasField: hasField)
        }
    }

    /// Sets the field of entry `index` of `container`, and returns whether it has one.
    private mutating func setField(ofEntry index: Int, in container: Level) -> Bool {
        field.truncate(to: container.fieldEnd)
        switch container.kind {
        case .dictionary:
            // `[NSString stringWithFormat:@"%@[%@]", key, nestedKey]`, or the key alone at the top.
            if container.hasField {
                appendEscapedBracket(.open)
            }
            Self.escapeTable.appendEscaped(entries[index].key ?? "", to: &field)
            if container.hasField {
                appendEscapedBracket(.close)
            }
            return true
        case .array:
            // `[NSString stringWithFormat:@"%@[]", key]`: a `nil` key formats as `(null)`.
            if !container.hasField {
                Self.escapeTable.appendEscaped("(null)", to: &field)
            }
            appendEscapedBracket(.open)
            appendEscapedBracket(.close)
            return true
        case .set:
            return container.hasField
        }
    }

    private enum Bracket: UInt8 {
        // The last hex digit of each escaped: `[` and `]` are not in `afURLQueryAllowed`.
        case open = 0x42, close = 0x44
    }

    /// Appends `%5B` or `%5D` to the field.
    private mutating func appendEscapedBracket(_ bracket: Bracket) {
        field.append(UInt8(ascii: "%"))
        field.append(UInt8(ascii: "5"))
        field.append(bracket.rawValue)
    }

    // MARK: Values

    /// Writes `value`'s pair, or enters it when it is a container.
    private mutating func visit(_ value: Any, hasField: Bool) {
        let kind = ParameterValueKind(of: value)
        switch kind {
        case let .dictionary(dictionary): enter(dictionary, hasField: hasField)
        case let .array(array): enter(array, hasField: hasField)
        case let .strings(strings): enter(strings, hasField: hasField)
        case let .dictionaries(dictionaries): enter(dictionaries, hasField: hasField)
        case .other: visitByClass(value, hasField: hasField)
        case .text, .integer, .int8, .double, .bool:
            AppleDescription.withText(of: value, kind: kind) { writePair(value: $0) }
        }
    }

    /// AFNetworking's tests of class, on a value as Swift bridges it to Objective-C.
    private mutating func visitByClass(_ value: Any, hasField: Bool) {
        if let optional = value as? any OptionalValue {
            guard let wrapped = optional.wrappedValue else { return writePair(value: nil) }
            visit(wrapped, hasField: hasField)
        } else if value is NSNull {
            writePair(value: nil)
        } else if let container = value as? any ParameterContainer {
            enter(container, hasField: hasField)
        } else if let dictionary = value as? [AnyHashable: Any] {
            // Other keys than `String`s, or an `NSDictionary`: sorted by their descriptions.
            let start = entries.count
            for (key, value) in dictionary {
                entries.append(ParameterEntry(key: AppleDescription.string(of: key.base), value: value))
            }
            push(.dictionary, from: start, hasField: hasField)
        } else if let array = value as? [Any] {
            enter(array, hasField: hasField)
        } else if let set = value as? Set<AnyHashable> {
            let start = entries.count
            for element in set {
                entries.append(ParameterEntry(key: AppleDescription.string(of: element.base), value: element.base))
            }
            push(.set, from: start, hasField: hasField)
        } else {
            AppleDescription.withText(of: value, kind: .other) { writePair(value: $0) }
        }
    }

    /// Writes the field and `=` and the escaped `value`, or the field alone for `nil`; after a
    /// `&` unless it is the first pair.
    private mutating func writePair(value: UnsafeRawBufferPointer?) {
        if wrotePair {
            output.append(UInt8(ascii: "&"))
        }
        wrotePair = true
        output.append(0..<field.count, of: field)
        if let value {
            output.append(UInt8(ascii: "="))
            Self.escapeTable.appendEscaped(value, to: &output)
        }
    }

    // MARK: Containers

    private mutating func enter(_ container: some ParameterContainer, hasField: Bool) {
        let start = entries.count
        container.appendEntries(to: &entries)
        push(type(of: container).isArray ? .array : .dictionary, from: start, hasField: hasField)
    }

    /// Starts walking the container whose entries are in `entries` from `start`, its keys
    /// sorted unless it is an array.
    private mutating func push(_ kind: Level.Kind, from start: Int, hasField: Bool) {
        if kind != .array {
            var sorted = entries.elements(from: start)
            sorted.sort { AFKeyOrder.precedes($0.key ?? "", $1.key ?? "") }
        }
        levels.append(Level(kind: kind, start: start, next: start, fieldEnd: field.count, hasField: hasField))
    }
}

/// `Optional`, whatever it wraps: Swift hands Objective-C the wrapped value, and `nil` as `NSNull`.
package protocol OptionalValue {
    /// The wrapped value, itself unwrapped if it is an `Optional` too.
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    package var wrappedValue: Any? {
        guard case let .some(wrapped) = self else { return nil }
        if let inner = wrapped as? any OptionalValue {
            return inner.wrappedValue
        }
        return wrapped
    }
}
