import Foundation

/// Writes `[String: Any]` parameters as Alamofire's `URLEncoding.queryComponents(fromKey:value:)`
/// would, without its `String`s and tuple arrays: one walk, escaped bytes into one buffer.
///
/// Each value is told apart as Alamofire's chain of casts tells it: a `[String: Any]`, an
/// `[Any]`, an `NSNumber` (every Swift number and Boolean bridges to one), a `Bool`, anything
/// else. Cheaper tests come first where they give the same answer (`ParameterValueKind`): the
/// value's exact type, which needs no cast, for the scalars and the containers `Parameters`
/// literals make; then Swift's own dictionaries with `String` keys and arrays of any element
/// type (`ParameterContainer`), walked without the converted copy Alamofire's casts make. Only
/// the rest (`NSDictionary`, `Optional`s, `NSNumber`, `Decimal`, …) takes Alamofire's casts.
///
/// Keys are escaped as they are built (escaping works byte by byte, so the escaped key is the
/// escaped parts joined); a custom array encoding, which takes the raw key, also gets the raw
/// key kept beside. The walk keeps its containers' entries on a heap stack (`entries`, `levels`)
/// rather than recursing, so no value overflows the thread's stack; `maximumDepth` bounds it
/// where the caller wants a limit.
struct ParameterWriter: ~Copyable {
    /// Alamofire escapes with `afURLQueryAllowed`, spaces as `%20`: the encoder's default table.
    static let escapeTable = EscapeTable.defaultPercentEscaped

    private let arrayEncoding: URLEncoding.ArrayEncoding
    private let boolEncoding: URLEncoding.BoolEncoding
    private let maximumDepth: Int
    /// The buffers the walk writes, moved out of `owner` for the writer's life and back when it
    /// ends: held by value, they are reached without an indirection.
    private var memory: ParameterWriterBuffers
    private let owner: ParameterWriterMemory
    /// Whether `memory.rawKey` is kept: only a custom array encoding reads the raw key.
    private let keepsRawKey: Bool

    init(encoding: URLEncoding, maximumDepth: Int) {
        arrayEncoding = encoding.arrayEncoding
        boolEncoding = encoding.boolEncoding
        self.maximumDepth = maximumDepth
        if case .custom = encoding.arrayEncoding {
            keepsRawKey = true
        } else {
            keepsRawKey = false
        }
        owner = ParameterWriterMemory.spares.take() ?? ParameterWriterMemory()
        memory = owner.buffers.move()
    }

    deinit {
        owner.buffers.initialize(to: memory)
        ParameterWriterMemory.spares.keep(owner)
    }

    /// A value deeper than `maximumDepth`: where the walk stopped.
    struct DepthExceeded: Error {
        let error: AFError
    }

    /// Calls `body` with the text written so far.
    func withText<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(memory.output.bytes(0..<memory.output.count))
    }

    /// Writes the pairs of `value` under the top-level `key`, or stops at the first value
    /// deeper than `maximumDepth` and returns it (the caller throws its error).
    mutating func write(_ value: Any, forKey topKey: String) -> DepthExceeded? {
        setKey(topKey)
        guard maximumDepth >= 1 else {
            return DepthExceeded(error: depthError(1, topKey: topKey))
        }
        visit(value, depth: 1)
        while memory.levels.count > 0 {
            let level = memory.levels.count - 1
            let depth = memory.levels[level].depth + 1
            let iterator = Int(memory.levels[level].iterator)
            if iterator >= 0 {
                guard let (nestedKey, value) = memory.iterators[iterator].next() else {
                    leave(level)
                    continue
                }
                memory.iteratorKeys[iterator] = nestedKey
                if depth > maximumDepth {
                    return DepthExceeded(error: depthError(depth, topKey: topKey))
                }
                setObjectKey(nestedKey, in: level)
                visit(value, depth: depth)
                continue
            }
            let index = memory.levels[level].next
            guard index < memory.entries.count else {
                leave(level)
                continue
            }
            memory.levels[level].next = index + 1
            if depth > maximumDepth {
                return DepthExceeded(error: depthError(depth, topKey: topKey))
            }
            if memory.levels[level].isArray {
                setElementKey(position: index - memory.levels[level].start, in: level)
            } else {
                setObjectKey(memory.entries[index].key ?? "", in: level)
            }
            visit(memory.entries.takeValue(at: index), depth: depth)
        }
        return nil
    }

    // MARK: Values

    /// Writes `value`'s pair, or enters it when it is a container.
    private mutating func visit(_ value: Any, depth: Int) {
        switch ParameterValueKind(of: value) {
        case let .text(text): writePair(text)
        case let .integer(magnitude, negative): writeInteger(magnitude: magnitude, negative: negative)
        case let .int8(int8):
            // An `Int8` bridges to an `NSNumber` whose `objCType` is `"c"`, a Boolean to
            // Alamofire, except the values -1 through 12, which Foundation on Linux takes from
            // its cache of integer numbers: those are numbers, every other one is `true`.
            if (-1...12).contains(int8) {
                writeInteger(magnitude: UInt64(int8.magnitude), negative: int8 < 0)
            } else {
                writeBool(true)
            }
        case let .double(double): DoubleText.withText(of: double) { writePair($0) }
        case let .bool(bool): writeBool(bool)
        case let .dictionary(dictionary): enter(iterating: dictionary, depth: depth)
        case let .array(array): enter(array, depth: depth)
        case let .strings(strings): enter(strings, depth: depth)
        case let .dictionaries(dictionaries): enter(dictionaries, depth: depth)
        case .other:
            if let container = value as? any ParameterContainer {
                enter(container, depth: depth)
            } else {
                visitByCasts(value, depth: depth)
            }
        }
    }

    /// Alamofire's chain of casts, for the values no test above recognized.
    private mutating func visitByCasts(_ value: Any, depth: Int) {
        if let dictionary = value as? [String: Any] {
            enter(iterating: dictionary, depth: depth)
        } else if let array = value as? [Any] {
            enter(array, depth: depth)
        } else if let number = value as? NSNumber {
            if number.isBoolean {
                writeBool(number.boolValue)
            } else {
                writePair(number.description)
            }
        } else if let bool = value as? Bool {
            writeBool(bool)
        } else {
            writePair("\(value)")
        }
    }

    /// `NSNumber(value:)` of each integer type describes it in decimal, as `String(_:)` does.
    private mutating func writeInteger(magnitude: UInt64, negative: Bool) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: DecimalText.maxLength) { digits in
            let length = DecimalText.write(magnitude: magnitude, negative: negative, to: digits.baseAddress!)
            writePair(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(digits)[..<length]))
        }
    }

    private mutating func writeBool(_ value: Bool) {
        let text: StaticString
        switch boolEncoding {
        case .numeric: text = value ? "1" : "0"
        case .literal: text = value ? "true" : "false"
        }
        text.withUTF8Buffer { writePair(UnsafeRawBufferPointer($0)) }
    }

    private mutating func writePair(_ value: String) {
        value.withUTF8Bytes { writePair($0) }
    }

    /// Writes the key, `=` and the escaped `value`, after a `&` unless it is the first pair.
    private mutating func writePair(_ value: UnsafeRawBufferPointer) {
        if memory.output.count > 0 {
            memory.output.append(UInt8(ascii: "&"))
        }
        memory.output.append(0..<memory.key.count, of: memory.key)
        memory.output.append(UInt8(ascii: "="))
        Self.escapeTable.appendEscaped(value, to: &memory.output)
    }

    // MARK: Keys

    /// Appends `part` to the key: escaped, and raw where it is kept.
    private mutating func appendKeyPart(_ part: String) {
        part.withUTF8Bytes { appendKeyPart($0) }
    }

    private mutating func appendKeyPart(_ part: UnsafeRawBufferPointer) {
        Self.escapeTable.appendEscaped(part, to: &memory.key)
        if keepsRawKey {
            memory.rawKey.append(part)
        }
    }

    private enum Bracket: UInt8 {
        case open = 0x5B, close = 0x5D
    }

    /// Appends `[` or `]`: escaped, `%5B` or `%5D` (neither is in `afURLQueryAllowed`), and raw
    /// where the raw key is kept.
    private mutating func appendBracket(_ bracket: Bracket) {
        let escaped = memory.key.reserve(3)
        escaped[0] = UInt8(ascii: "%")
        escaped[1] = UInt8(ascii: "5")
        escaped[2] = bracket == .open ? UInt8(ascii: "B") : UInt8(ascii: "D")
        memory.key.commit(3)
        if keepsRawKey {
            memory.rawKey.append(bracket.rawValue)
        }
    }

    /// Replaces the whole key with `key`.
    private mutating func setKey(_ key: String) {
        memory.key.truncate(to: 0)
        memory.rawKey.truncate(to: 0)
        appendKeyPart(key)
    }

    // MARK: Containers

    /// A dictionary or array being walked: its entries in `memory.entries`.
    struct Level: BitwiseCopyable {
        /// Where its entries start in `entries`, and where the next one is.
        let start: Int
        var next: Int
        let isArray: Bool
        let depth: Int
        /// Where the container's own key ends, escaped in `key` and raw in `rawKey`.
        let keyEnd: Int
        let rawKeyEnd: Int
        /// Whether the container's raw key is on `memory.parentKeys`: for a custom array
        /// encoding, which replaces the whole key.
        let hasParentKey: Bool
        /// For a `[String: Any]`, walked in place rather than through `entries`: its iterator's
        /// index in `memory.iterators`; -1 otherwise.
        var iterator: Int32 = -1
    }

    /// Enters a `[String: Any]` (the type of `Parameters`' own dictionaries), walked with its
    /// iterator: its entries are read once, not copied to `entries` and read again.
    private mutating func enter(iterating dictionary: [String: Any], depth: Int) {
        memory.iterators.append(dictionary.makeIterator())
        memory.iteratorKeys.append("")
        var level = Level(start: memory.entries.count, next: memory.entries.count, isArray: false, depth: depth,
                          keyEnd: memory.key.count, rawKeyEnd: memory.rawKey.count, hasParentKey: false)
        level.iterator = Int32(memory.iterators.count - 1)
        memory.levels.append(level)
    }

    private mutating func enter(_ container: some ParameterContainer, depth: Int) {
        let start = memory.entries.count
        container.appendEntries(to: &memory.entries)
        let isArray = type(of: container).isArray
        let hasParentKey = isArray && keepsRawKey
        if hasParentKey {
            memory.parentKeys.append(String(decoding: memory.rawKey.bytes(0..<memory.rawKey.count), as: UTF8.self))
        }
        memory.levels.append(Level(start: start, next: start, isArray: isArray, depth: depth, keyEnd: memory.key.count,
                                   rawKeyEnd: memory.rawKey.count, hasParentKey: hasParentKey))
    }

    /// Sets the key of the object child `nestedKey` of the container at `level`: the container's
    /// key, then `[nestedKey]`, as Alamofire interpolates it.
    private mutating func setObjectKey(_ nestedKey: String, in level: Int) {
        memory.key.truncate(to: memory.levels[level].keyEnd)
        memory.rawKey.truncate(to: memory.levels[level].rawKeyEnd)
        appendBracket(.open)
        appendKeyPart(nestedKey)
        appendBracket(.close)
    }

    /// Sets the key of the element at `position` of the array at `level`.
    private mutating func setElementKey(position: Int, in level: Int) {
        memory.key.truncate(to: memory.levels[level].keyEnd)
        memory.rawKey.truncate(to: memory.levels[level].rawKeyEnd)
        appendElementKey(position: position, at: level)
    }

    private mutating func appendElementKey(position: Int, at level: Int) {
        switch arrayEncoding {
        case .brackets:
            appendBracket(.open)
            appendBracket(.close)
        case .noBrackets:
            break
        case .indexInBrackets:
            appendBracket(.open)
            DecimalText.withDigits(of: position) { appendKeyPart($0) }
            appendBracket(.close)
        case let .custom(encoding):
            setKey(encoding(memory.parentKeys.last ?? "", position))
        }
    }

    /// Leaves the container at `level`, the innermost, dropping its entries and putting back the
    /// key its parent continues from (a custom array encoding replaced it).
    private mutating func leave(_ level: Int) {
        assert(level == memory.levels.count - 1, "leaving a level that is not the innermost")
        let left = memory.levels[level]
        memory.levels.truncate(to: level)
        if left.iterator >= 0 {
            memory.iterators.removeLast()
            memory.iteratorKeys.removeLast()
        } else {
            memory.entries.truncate(to: left.start)
        }
        if left.hasParentKey {
            setKey(memory.parentKeys.removeLast())
        }
    }

    // MARK: Errors

    /// The error for a value `depth` keys deep: the keys down to it, as an `EncodingError`'s
    /// coding path, wrapped as `URLEncoding`'s errors are.
    private func depthError(_ depth: Int, topKey: String) -> AFError {
        var codingPath: [any CodingKey] = [FormCodingKey(stringValue: topKey)]
        for index in 0..<memory.levels.count {
            let level = memory.levels[index]
            if level.iterator >= 0 {
                codingPath.append(FormCodingKey(stringValue: memory.iteratorKeys[Int(level.iterator)]))
                continue
            }
            // The entry being written is the one before the next.
            let current = level.next - 1
            if let key = memory.entries[current].key {
                codingPath.append(FormCodingKey(stringValue: key))
            } else {
                codingPath.append(FormCodingKey(intValue: current - level.start))
            }
        }
        let context = EncodingError.Context(
            codingPath: codingPath,
            debugDescription: "The value is nested \(depth) keys deep, deeper than the encoding's maximumDepth of \(maximumDepth).")
        return .parameterEncodingFailed(reason: .customEncodingFailed(error: EncodingError.invalidValue(depth, context)))
    }
}

extension NSNumber {
    /// Whether Alamofire takes the number for a Boolean: its `objCType` is `"c"` (a `char`).
    fileprivate var isBoolean: Bool {
        objCType.pointee == CChar(UInt8(ascii: "c")) && objCType[1] == 0
    }
}

// MARK: - Telling values apart

/// What a parameter value is, told by its exact type alone: no dynamic cast. Both dialects'
/// writers (`ParameterWriter`, `AFQueryStringWriter`) tell values apart with it first, and take
/// their own casts for `other`.
enum ParameterValueKind {
    case text(String)
    case integer(magnitude: UInt64, negative: Bool)
    /// Apart from the other integers: Alamofire may take an `Int8` for a Boolean.
    case int8(Int8)
    case double(Double)
    case bool(Bool)
    /// `[String: any Sendable]`, the type of a dictionary literal in `Parameters` (one type at
    /// run time with `[String: Any]`: marker protocols leave no trace).
    case dictionary([String: Any])
    /// `[any Sendable]` (or `[Any]`), a literal of mixed elements.
    case array([Any])
    /// Arrays of the element types literals most often have.
    case strings([String])
    case dictionaries([[String: Any]])
    /// Any other type: a conformance test and the casts decide.
    case other

    /// The kind of `value`, its existential opened: its exact type tells it.
    init(of value: Any) {
        // (A generic call alone would not open it: `Any` itself satisfies an unconstrained
        // parameter. And through a local function: handed `ParameterValueKind.of` itself, Swift
        // 6.3 crashes.)
        func kind<Value>(of value: Value) -> ParameterValueKind {
            if Value.self == Any.self {
                // An existential in the existential, as a generic value of type `Any` boxed
                // again holds: open that one too.
                return _openExistential(unsafeBitCast(value, to: Any.self), do: kind)
            }
            return ParameterValueKind.of(value)
        }
        self = _openExistential(value, do: kind)
    }

    /// The kind of `value`. (Called with an opened existential: `Value` is the value's own type.)
    private static func of<Value>(_ value: Value) -> ParameterValueKind {
        func cast<T>(_: T.Type) -> T { unsafeBitCast(value, to: T.self) }
        // Concrete conversions: through `some BinaryInteger`, each took a generic call.
        func signed(_ value: Int64) -> ParameterValueKind { .integer(magnitude: value.magnitude, negative: value < 0) }
        func unsigned(_ value: UInt64) -> ParameterValueKind { .integer(magnitude: value, negative: false) }
        switch ObjectIdentifier(Value.self) {
        case ObjectIdentifier(String.self): return .text(cast(String.self))
        case ObjectIdentifier(Int.self): return signed(Int64(cast(Int.self)))
        case ObjectIdentifier(Double.self): return .double(cast(Double.self))
        case ObjectIdentifier(Bool.self): return .bool(cast(Bool.self))
        case ObjectIdentifier([String: Any].self): return .dictionary(cast([String: Any].self))
        case ObjectIdentifier([Any].self): return .array(cast([Any].self))
        case ObjectIdentifier([String].self): return .strings(cast([String].self))
        case ObjectIdentifier([[String: Any]].self): return .dictionaries(cast([[String: Any]].self))
        case ObjectIdentifier(Int64.self): return signed(cast(Int64.self))
        case ObjectIdentifier(Int32.self): return signed(Int64(cast(Int32.self)))
        case ObjectIdentifier(Int16.self): return signed(Int64(cast(Int16.self)))
        case ObjectIdentifier(UInt.self): return unsigned(UInt64(cast(UInt.self)))
        case ObjectIdentifier(UInt64.self): return unsigned(cast(UInt64.self))
        case ObjectIdentifier(UInt32.self): return unsigned(UInt64(cast(UInt32.self)))
        case ObjectIdentifier(UInt16.self): return unsigned(UInt64(cast(UInt16.self)))
        case ObjectIdentifier(UInt8.self): return unsigned(UInt64(cast(UInt8.self)))
        case ObjectIdentifier(Int8.self): return .int8(cast(Int8.self))
        default: return .other
        }
    }
}

/// Swift's dictionaries with `String` keys and its arrays, whatever their values: the
/// containers Alamofire's casts to `[String: Any]` and `[Any]` take, which can be walked without
/// the converted copy those casts make.
protocol ParameterContainer {
    /// Whether the container is an array (its entries have no keys).
    static var isArray: Bool { get }
    /// Appends the container's entries to `entries`, in iteration order.
    func appendEntries(to entries: inout UncheckedArray<ParameterEntry>)
}

extension Dictionary: ParameterContainer where Key == String {
    static var isArray: Bool { false }

    func appendEntries(to entries: inout UncheckedArray<ParameterEntry>) {
        for (key, value) in self {
            entries.append(ParameterEntry(key: key, value: anyValue(value)))
        }
    }
}

extension Array: ParameterContainer {
    static var isArray: Bool { true }

    func appendEntries(to entries: inout UncheckedArray<ParameterEntry>) {
        for element in self {
            entries.append(ParameterEntry(key: nil, value: anyValue(element)))
        }
    }
}

/// `value` as an `Any`. When `Value` is an existential, `Any` or `any Sendable` (one type at run
/// time), it already is one, and is taken as it is: boxing it again would nest an existential in
/// an existential, which takes a heap box of its own (it does not fit the inline buffer) for
/// every value of a `Parameters` dictionary.
@inline(__always)
private func anyValue<Value>(_ value: Value) -> Any {
    Value.self == Any.self ? unsafeBitCast(value, to: Any.self) : value
}

// MARK: - Memory

/// The buffers a writer works in.
struct ParameterWriterBuffers: ~Copyable {
    var output = UncheckedBytes(capacity: 1024)
    /// The escaped key of the value being written.
    var key = UncheckedBytes(capacity: 64)
    /// The same key raw, when a custom array encoding needs it.
    var rawKey = UncheckedBytes(capacity: 64)
    /// The entries of the containers being walked, each container's after its parent's.
    var entries = UncheckedArray<ParameterEntry>()
    /// The containers being walked, outermost first.
    var levels = UncheckedArray<ParameterWriter.Level>(capacity: 16)
    /// The raw keys of the arrays being walked, for a custom array encoding.
    var parentKeys: [String] = []
    /// The iterators of the `[String: Any]`s being walked in place, and the key each is at.
    var iterators: [Dictionary<String, Any>.Iterator] = []
    var iteratorKeys: [String] = []
}

/// The memory of one `ParameterWriter`, kept process-wide between encodings (`spares`: no coder
/// owns it), so that encoding parameters allocates little more than its result.
///
/// `@unchecked Sendable`: the buffers are used by one writer at a time, and only move between
/// threads through the pool, which hands them over with acquiring and releasing orderings.
final class ParameterWriterMemory: ReusableMemory, @unchecked Sendable {
    /// The buffers, lent to one writer at a time (moved out, and back when it ends).
    let buffers: UnsafeMutablePointer<ParameterWriterBuffers>

    /// Memory of finished writers, for the next ones.
    static let spares = IdleMemoryPool<ParameterWriterMemory>(.ownerlessSpares)

    init() {
        buffers = .holding(ParameterWriterBuffers())
    }

    deinit {
        buffers.free()
    }

    var capacityInBytes: Int { buffers.pointee.output.capacityInBytes }
    var fitsLastUse: Bool { buffers.pointee.output.count * 4 >= buffers.pointee.output.capacityInBytes }

    func removeAll() {
        buffers.pointee.output.truncate(to: 0)
        buffers.pointee.entries.truncate(to: 0)
        buffers.pointee.levels.truncate(to: 0)
        buffers.pointee.parentKeys.removeAll(keepingCapacity: true)
        buffers.pointee.iterators.removeAll(keepingCapacity: true)
        buffers.pointee.iteratorKeys.removeAll(keepingCapacity: true)
    }
}
