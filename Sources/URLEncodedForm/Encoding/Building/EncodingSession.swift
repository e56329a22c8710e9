import Foundation

/// The state of one `encode` call, shared by its encoder and every container it vends.
///
/// Its memory (`EncodingMemory`) sits behind two pointers held in `let`s: containers reach the
/// builder without dynamic exclusivity checks, and the `~Copyable` buffers are never copied.
///
/// `@unchecked Sendable`: a session is used by one `encode` call at a time. Between calls it
/// only moves through the encoder's pool, and only when nothing else refers to it.
final class EncodingSession: ReusableMemory, @unchecked Sendable {
    let options: SessionOptions
    /// `options.rawText != nil`, read where every leaf passes.
    private let recordsRawText: Bool
    /// The builder and the writer's buffers, kept for the next encoding when the session is
    /// reused, and for another encoder's sessions when it ends.
    private let memory: EncodingMemory
    /// `memory`'s pointers, held here: reached without going through `memory` first.
    let builder: UnsafeMutablePointer<TreeBuilder>
    private let writerBuffers: UnsafeMutablePointer<WriterBuffers>
    /// The boxes of the keyed containers handed out, kept to be handed out again during this
    /// encoding.
    let keyedContainers = ContainerShelf()

    /// A session in spare memory a finished encoder left (`EncodingMemory.spares`), or in new
    /// memory.
    init(options: SessionOptions) {
        self.options = options
        recordsRawText = options.rawText != nil
        memory = EncodingMemory.spares.take() ?? EncodingMemory()
        builder = memory.builder
        writerBuffers = memory.writerBuffers
        builder.pointee.maximumDepth = options.encoding.maximumDepth
        builder.pointee.writesIntegerKeysAsText = options.encoding.integerKeyEncoding == .keys
    }

    deinit {
        EncodingMemory.spares.keep(memory)
    }

    /// Serializes everything stored so far and returns what `body` makes of the text, which is
    /// only valid during the call.
    ///
    /// - Throws: `URLEncodedFormEncoder.Error.invalidRootObject` when the root is not an object.
    func withSerialization<R>(_ body: (FormText) -> R) throws -> R {
        try FormWriter.checkRoot(of: builder.pointee.tree, options: options)
        let written = FormWriter.write(builder.pointee.tree, options: options, buffers: writerBuffers.move())
        let result = body(FormText(bytes: written.output.bytes(0..<written.output.count),
                                   pieces: UnsafeBufferPointer(written.pieces.elements(from: 0))))
        writerBuffers.initialize(to: written)
        return result
    }

    func removeAll() { memory.removeAll() }
    var capacityInBytes: Int { memory.capacityInBytes }
    var fitsLastUse: Bool { memory.fitsLastUse }

    // MARK: Keyed containers

    /// A container keyed by `type` storing below `path`: the shelved one of that key type, moved
    /// there, when nothing else holds it (`ContainerShelf`), or a new one (always at the root).
    @inline(__always)
    func keyedContainer<Key: CodingKey>(keyedBy type: Key.Type, at path: PathID) -> KeyedEncodingContainer<Key> {
        guard path != .root else {
            return KeyedEncodingContainer(FormKeyedContainer<Key>(session: self, slot: builder.pointee.newKeyedSlot(at: path)))
        }
        let entry = keyedContainers.entry(for: type)
        guard ContainerShelf.holdsFreeBox(entry, of: type) else {
            return makeKeyedContainer(keyedBy: type, at: path, shelf: entry)
        }
        builder.pointee.moveKeyedSlot(entry.pointee.slot, to: path)
        return PrivateLayouts.container(boxedIn: entry.pointee.box.unsafelyUnwrapped, as: KeyedEncodingContainer<Key>.self)
    }

    @inline(never)
    private func makeKeyedContainer<Key: CodingKey>(keyedBy type: Key.Type, at path: PathID,
                                                    shelf entry: UnsafeMutablePointer<ContainerShelf.Entry>) -> KeyedEncodingContainer<Key> {
        let slot = builder.pointee.newKeyedSlot(at: path)
        let container = KeyedEncodingContainer(FormKeyedContainer<Key>(session: self, slot: slot))
        if keyedContainers.shelves(type, at: entry) {
            ContainerShelf.shelve(PrivateLayouts.box(of: container), slot: slot, of: type, at: entry)
        }
        return container
    }

    // MARK: Leaf values

    // Inlined, like `encode(_:at:claiming:)` and `appendLeafValue(of:unwrappingOptionals:)`: called
    // from generic code, each would be a call with type metadata per value, which costs more
    // than its body.
    /// Appends the escaped text of `primitive` to the tree's values and returns its range there.
    @inline(__always)
    func appendValue(of primitive: some FormPrimitive) -> Range<Int> {
        let start = builder.pointee.tree.values.count
        primitive.appendText(to: &builder.pointee.tree.values, options: options)
        let valueRange = start..<builder.pointee.tree.values.count
        if _slowPath(recordsRawText) {
            recordRawText(of: primitive, escapedAt: valueRange)
        }
        return valueRange
    }

    /// Records the raw text of a leaf beside its escaped text, where that does not read back
    /// (`SessionOptions.rawText`): the rare case, out of line.
    @inline(never)
    private func recordRawText(of primitive: some FormPrimitive, escapedAt valueRange: Range<Int>) {
        guard let rawText = options.rawText else { return }
        builder.pointee.tree.rawValues.record(escapedAt: valueRange) { primitive.appendText(to: &$0, options: rawText) }
    }

    /// Appends the text `NilEncoding` writes for `nil` and returns its range, or `nil` when the
    /// pair is dropped.
    func appendNilValue() -> Range<Int>? {
        options.encoding.nilEncoding.encoding().map { appendValue(of: $0) }
    }

    /// Appends the text of `date` by `DateEncoding` and returns its range.
    private func appendValue(of date: Date) throws -> Range<Int> {
        switch options.encoding.dateEncoding {
        case .deferredToDate:
            // What `Date.encode(to:)` writes through a single-value container.
            return appendValue(of: date.timeIntervalSinceReferenceDate)
        case .secondsSince1970:
            return appendValue(of: date.timeIntervalSince1970)
        case .millisecondsSince1970:
            return appendValue(of: date.timeIntervalSince1970 * 1000.0)
        case .iso8601:
            return ISO8601Timestamp.withText(of: date) { appendValue(of: $0) }
        case let .formatted(formatter):
            return appendValue(of: formatter.string(from: date))
        case let .custom(closure):
            return appendValue(of: try closure(date))
        }
    }

    /// Appends the text of `data` by `DataEncoding` and returns its range, or `nil` when `Data`
    /// encodes itself.
    private func appendValue(of data: Data) throws -> Range<Int>? {
        switch options.encoding.dataEncoding {
        case .deferredToData:
            return nil
        case .base64:
            return Base64Text.withText(of: data) { appendValue(of: $0) }
        case let .custom(closure):
            return appendValue(of: try closure(data))
        }
    }

    // MARK: Values

    /// Stores the leaf whose escaped text is `valueRange` of the tree's values at `target`.
    func store(_ valueRange: Range<Int>, at target: LeafTarget) throws {
        switch target {
        case let .child(container, component):
            try builder.pointee.store(valueRange, at: component, in: container)
        case let .path(path):
            try builder.pointee.store(valueRange, at: path)
        }
    }

    /// Encodes `value` at `target` as Alamofire's single-value container does: primitives as
    /// leaves, `Date`, `Data` and `Decimal` by their strategies (a strategy's error comes before
    /// anything else), any other value by asking it to encode itself there.
    ///
    /// - Parameter slot: the single-value container whose one value this is; `nil` for the
    ///   implicit, fresh container behind a keyed or unkeyed `encode`.
    @inline(__always)
    func encode<T: Encodable>(_ value: T, at target: LeafTarget, claiming slot: Int?) throws {
        // Alamofire matches `case let date as Date`, which also unwraps an optional. Only
        // through a used single-value container can that be told apart from letting the
        // optional encode itself (a strategy's error would come first), so only then is the
        // costly dynamic cast made.
        let valueRange = try appendLeafValue(of: value, unwrappingOptionals: slot != nil)
        if let slot {
            try builder.pointee.claimSingleValue(slot, at: path(of: target), value: value)
        }
        if let valueRange {
            try store(valueRange, at: target)
        } else {
            let path = path(of: target)
            // Every level of `Encodable`'s recursion passes here, so this check bounds it.
            if builder.pointee.exceedsMaximumDepth(path) {
                try throwDepthError(encoding: value, at: path)
            }
            try encodeItself(value, at: path)
        }
    }

    /// Asks `value`, which is not a leaf, to encode itself at `path`; a `[String: String]` is
    /// stored here as its own `encode(to:)` would store it.
    @inline(__always)
    func encodeItself<T: Encodable>(_ value: T, at path: PathID) throws {
        if T.self == [String: String].self {
            try storeStringDictionary(unsafeBitCast(value, to: [String: String].self), at: path)
        } else {
            try value.encode(to: FormValueEncoder(session: self, path: path))
        }
    }

    /// What `[String: String].encode(to:)` stores: each value under its key, in the
    /// dictionary's order, with the key's `intValue` its text read as an `Int`, as the standard
    /// library's dictionary key has it. Its own version goes through a keyed container's generic
    /// `encode` for every value and casts every key from the generic `Key`.
    ///
    /// A dictionary's keys differ from one another by `String`'s `==`, which is how the tree
    /// compares keys: once the object holds this dictionary's keys alone, a key that is not an
    /// index is known absent from it and is appended without a lookup.
    ///
    /// In a large dictionary, each key's slot in the key table is asked for a few keys before
    /// the key is interned (`KeyTable.fetchSlot(of:)`).
    private func storeStringDictionary(_ dictionary: [String: String], at path: PathID) throws {
        guard dictionary.count >= KeyTable.minimumKeysToFetchSlots else {
            return try storePairs(of: dictionary, at: path, beforeEachPair: {})
        }
        var keysAhead = dictionary.keys.makeIterator()
        func fetchNextSlot() {
            if let keyAhead = keysAhead.next() {
                builder.pointee.tree.keys.fetchSlot(of: keyAhead)
            }
        }
        for _ in 0..<Prefetch.distance {
            fetchNextSlot()
        }
        try storePairs(of: dictionary, at: path, beforeEachPair: fetchNextSlot)
    }

    /// `storeStringDictionary(_:at:)`'s loop, which calls `beforeEachPair` first for each pair.
    // Inlined into both calls, so that a small dictionary's loop is the loop alone: with a test
    // for the fetch in it, the nested payload took 5% more instructions.
    @inline(__always)
    private func storePairs(of dictionary: [String: String], at path: PathID, beforeEachPair: () -> Void) throws {
        var objectOfOwnKeys: NodeID?
        for (key, value) in dictionary {
            beforeEachPair()
            let intValue = Int(key)
            let valueRange = appendValue(of: value)
            if let object = objectOfOwnKeys, intValue == nil {
                let keyID = builder.pointee.tree.keys.intern(key, hashingUnicode: false)
                builder.pointee.storeAbsentLeaf(valueRange, key: keyID, in: object)
            } else {
                let keyID = builder.pointee.tree.keys.intern(key)
                try builder.pointee.store(valueRange, at: .key(keyID, intValue: intValue), in: path)
                // An index may have made the node an array, and another key an object again.
                objectOfOwnKeys = intValue == nil ? builder.pointee.objectHoldingOneChild(at: path) : nil
            }
        }
    }

    /// Throws the error of `value` at `path`, deeper than the depth limit: its depth error, or
    /// first, for an optional `Date` or `Data`, its strategy's error, as Alamofire's container
    /// runs the strategy of the value it unwraps by its dynamic cast before anything else.
    // Out of line, so that the code every nested value runs stays small: inlined, building the
    // error took the frame of the generic `encode` (one per nesting level) from 750 to 1,000 bytes.
    @inline(never)
    private func throwDepthError(encoding value: Any, at path: PathID) throws -> Never {
        _ = try appendLeafValue(of: value, unwrappingOptionals: true)
        try builder.pointee.throwDepthError(at: path)
    }

    /// Appends the text of `value` when it is a leaf and returns its range: a primitive, or a
    /// `Date`, `Data` or `Decimal` written by its strategy. Known by type identity (one switch), and only with
    /// `unwrappingOptionals` by a dynamic cast.
    @inline(__always)
    private func appendLeafValue<T>(of value: T, unwrappingOptionals: Bool) throws -> Range<Int>? {
        func primitive<P: FormPrimitive>(_ type: P.Type) -> Range<Int> {
            appendValue(of: unsafeBitCast(value, to: P.self))
        }
        switch ObjectIdentifier(T.self) {
        case ObjectIdentifier(String.self): return primitive(String.self)
        case ObjectIdentifier(Int.self): return primitive(Int.self)
        case ObjectIdentifier(Double.self): return primitive(Double.self)
        case ObjectIdentifier(Bool.self): return primitive(Bool.self)
        case ObjectIdentifier(Date.self): return try appendValue(of: unsafeBitCast(value, to: Date.self))
        case ObjectIdentifier(Data.self): return try appendValue(of: unsafeBitCast(value, to: Data.self))
        case ObjectIdentifier(Decimal.self): return appendValue(of: String(describing: unsafeBitCast(value, to: Decimal.self)))
        case ObjectIdentifier(Int64.self): return primitive(Int64.self)
        case ObjectIdentifier(UInt64.self): return primitive(UInt64.self)
        case ObjectIdentifier(Float.self): return primitive(Float.self)
        case ObjectIdentifier(Int32.self): return primitive(Int32.self)
        case ObjectIdentifier(UInt32.self): return primitive(UInt32.self)
        case ObjectIdentifier(Int16.self): return primitive(Int16.self)
        case ObjectIdentifier(UInt16.self): return primitive(UInt16.self)
        case ObjectIdentifier(Int8.self): return primitive(Int8.self)
        case ObjectIdentifier(UInt8.self): return primitive(UInt8.self)
        case ObjectIdentifier(UInt.self): return primitive(UInt.self)
        default:
            guard unwrappingOptionals else { return nil }
            if let date = value as? Date {
                return try appendValue(of: date)
            }
            if let data = value as? Data {
                return try appendValue(of: data)
            }
            return nil
        }
    }

    private func path(of target: LeafTarget) -> PathID {
        switch target {
        case let .child(container, component):
            return builder.pointee.path(container, appending: component)
        case let .path(path):
            return path
        }
    }
}

/// Where a value goes: a child of a container, or a single-value container's own path.
enum LeafTarget {
    case child(of: PathID, PathComponent)
    case path(PathID)
}
