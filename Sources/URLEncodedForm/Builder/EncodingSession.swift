import Foundation

/// The state of one `encode` call, shared by its encoder and every container it vends.
///
/// The builder sits behind a pointer the session owns: containers reach it through a `let`,
/// so the hot path pays no dynamic exclusivity checks, and the `~Copyable` buffers inside it
/// are never copied.
///
/// `@unchecked Sendable`: a session is used by one `encode` call at a time. Between calls it
/// only moves through the encoder's idle-session lock, and only when nothing else refers to it.
final class EncodingSession: @unchecked Sendable {
    let options: EncodingOptions
    let builder: UnsafeMutablePointer<TreeBuilder>
    /// The writer's memory, kept for the next encoding when the session is reused.
    private var writerBuffers: WriterBuffers? = WriterBuffers()

    init(options: EncodingOptions) {
        self.options = options
        self.builder = .allocate(capacity: 1)
        builder.initialize(to: TreeBuilder())
    }

    deinit {
        builder.deinitialize(count: 1)
        builder.deallocate()
    }

    /// Appends the serialization of everything stored so far to `buffer`.
    func write(into buffer: inout [UInt8]) throws {
        let buffers = writerBuffers.take() ?? WriterBuffers()
        writerBuffers = try FormWriter.write(builder.pointee.tree, options: options, buffers: buffers, into: &buffer)
    }

    /// Forgets the last encoding, keeping its memory for the next.
    func removeAll() {
        builder.pointee.removeAll()
    }

    /// The memory a reused session keeps.
    var capacityInBytes: Int {
        builder.pointee.capacityInBytes + (writerBuffers?.capacityInBytes ?? 0)
    }

    // MARK: Leaf text

    /// Appends the escaped `bytes` to the value buffer and returns where they are.
    func text(of bytes: UnsafeRawBufferPointer) -> Range<Int> {
        let start = builder.pointee.tree.values.count
        options.escapeTable.appendEscaped(bytes, to: &builder.pointee.tree.values)
        return start..<builder.pointee.tree.values.count
    }

    func text(of string: String) -> Range<Int> {
        var string = string
        return string.withUTF8 { text(of: UnsafeRawBufferPointer($0)) }
    }

    func text(of primitive: some FormPrimitive) -> Range<Int> {
        let start = builder.pointee.tree.values.count
        primitive.appendText(to: &builder.pointee.tree.values, options: options)
        return start..<builder.pointee.tree.values.count
    }

    /// The text `NilEncoding` writes for `nil`, or `nil` when the pair is dropped.
    func nilText() -> Range<Int>? {
        options.nilEncoding.encoding().map(text(of:))
    }

    /// The text of `date` by `DateEncoding`.
    private func text(of date: Date) throws -> Range<Int> {
        switch options.dateEncoding {
        case .deferredToDate:
            // What `Date.encode(to:)` writes through a single-value container.
            return text(of: date.timeIntervalSinceReferenceDate)
        case .secondsSince1970:
            return text(of: date.timeIntervalSince1970)
        case .millisecondsSince1970:
            return text(of: date.timeIntervalSince1970 * 1000.0)
        case .iso8601:
            return ISO8601Timestamp.withText(of: date) { text(of: $0) }
        case let .formatted(formatter):
            return text(of: formatter.string(from: date))
        case let .custom(closure):
            return text(of: try closure(date))
        }
    }

    /// The text of `data` by `DataEncoding`, or `nil` when `Data` encodes itself.
    private func text(of data: Data) throws -> Range<Int>? {
        switch options.dataEncoding {
        case .deferredToData:
            return nil
        case .base64:
            return Base64Text.withText(of: data) { text(of: $0) }
        case let .custom(closure):
            return text(of: try closure(data))
        }
    }

    // MARK: Values

    /// Stores a leaf's text at `target`.
    func store(_ text: Range<Int>, at target: LeafTarget) throws {
        switch target {
        case let .child(container, component):
            try builder.pointee.store(text, at: component.step, in: container)
        case let .path(path):
            try builder.pointee.store(text, at: path)
        }
    }

    /// Encodes `value` at `target` as Alamofire's single-value container does: primitives as
    /// leaves, `Date`, `Data` and `Decimal` by their strategies (a strategy's error comes before
    /// anything else), any other value by asking it to encode itself there.
    ///
    /// - Parameter slot: the single-value container whose one value this is; `nil` for the
    ///   implicit, fresh container behind a keyed or unkeyed `encode`.
    func encode<T: Encodable>(_ value: T, at target: LeafTarget, claiming slot: Int?) throws {
        if let text = primitiveText(of: value) {
            try claim(slot, at: target, for: value)
            try store(text, at: target)
            return
        }
        // Alamofire matches `case let date as Date`, which also unwraps an optional. Only
        // through a used single-value container can that be told apart from letting the
        // optional encode itself (a strategy's error would come first), so only then is the
        // costly dynamic cast made.
        let unwrapsOptionals = slot != nil
        if let date = Self.cast(value, to: Date.self, unwrappingOptionals: unwrapsOptionals) {
            let text = try text(of: date)
            try claim(slot, at: target, for: value)
            try store(text, at: target)
        } else if let data = Self.cast(value, to: Data.self, unwrappingOptionals: unwrapsOptionals),
                  let text = try text(of: data) {
            try claim(slot, at: target, for: value)
            try store(text, at: target)
        } else if let decimal = Self.cast(value, to: Decimal.self, unwrappingOptionals: false) {
            try claim(slot, at: target, for: value)
            try store(text(of: String(describing: decimal)), at: target)
        } else {
            try claim(slot, at: target, for: value)
            try value.encode(to: FormValueEncoder(session: self, path: path(of: target)))
        }
    }

    /// The text of `value` when its type is one of the primitives; type identity, not a cast.
    private func primitiveText<T>(of value: T) -> Range<Int>? {
        func text<P: FormPrimitive>(as type: P.Type) -> Range<Int> {
            self.text(of: unsafeBitCast(value, to: P.self))
        }
        switch ObjectIdentifier(T.self) {
        case ObjectIdentifier(String.self): return text(as: String.self)
        case ObjectIdentifier(Int.self): return text(as: Int.self)
        case ObjectIdentifier(Double.self): return text(as: Double.self)
        case ObjectIdentifier(Bool.self): return text(as: Bool.self)
        case ObjectIdentifier(Int64.self): return text(as: Int64.self)
        case ObjectIdentifier(UInt64.self): return text(as: UInt64.self)
        case ObjectIdentifier(Float.self): return text(as: Float.self)
        case ObjectIdentifier(Int32.self): return text(as: Int32.self)
        case ObjectIdentifier(UInt32.self): return text(as: UInt32.self)
        case ObjectIdentifier(Int16.self): return text(as: Int16.self)
        case ObjectIdentifier(UInt16.self): return text(as: UInt16.self)
        case ObjectIdentifier(Int8.self): return text(as: Int8.self)
        case ObjectIdentifier(UInt8.self): return text(as: UInt8.self)
        case ObjectIdentifier(UInt.self): return text(as: UInt.self)
        default: return nil
        }
    }

    /// `value` as a `U` when `T` is `U`, or (with `unwrappingOptionals`) when a dynamic cast
    /// succeeds, which also looks inside optionals.
    private static func cast<T, U>(_ value: T, to type: U.Type, unwrappingOptionals: Bool) -> U? {
        if T.self == U.self {
            return unsafeBitCast(value, to: U.self)
        }
        return unwrappingOptionals ? value as? U : nil
    }

    /// Generic so that `value` is only boxed into an `Any` for the error.
    private func claim<T>(_ slot: Int?, at target: LeafTarget, for value: T) throws {
        guard let slot else { return }
        try builder.pointee.claimSingleValue(slot, at: path(of: target), value: value)
    }

    private func path(of target: LeafTarget) -> PathID {
        switch target {
        case let .child(container, component):
            return builder.pointee.path(container, appending: component)
        case let .path(path):
            return path
        }
    }

    // MARK: Coding paths

    func codingPath(_ path: PathID) -> [any CodingKey] {
        builder.pointee.codingPath(path)
    }
}

/// Where a value goes: a child of a container, or a single-value container's own path.
enum LeafTarget {
    case child(of: PathID, PathComponent)
    case path(PathID)
}
