import Foundation

/// The state of one `encode` call, shared by its encoder and every container it vends.
///
/// The builder sits behind a pointer the session owns: containers reach it through a `let`,
/// so the hot path pays no dynamic exclusivity checks, and the `~Copyable` buffers inside it
/// are never copied.
final class EncodingSession {
    let options: EncodingOptions
    let builder: UnsafeMutablePointer<TreeBuilder>

    init(options: EncodingOptions) {
        self.options = options
        self.builder = .allocate(capacity: 1)
        builder.initialize(to: TreeBuilder())
    }

    deinit {
        builder.deinitialize(count: 1)
        builder.deallocate()
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
        // `as?` unwraps optionals, as Alamofire's `case let date as Date` does.
        if let primitive = value as? any FormPrimitive {
            try claim(slot, at: target, for: value)
            try store(text(of: primitive), at: target)
        } else if let date = value as? Date {
            let text = try text(of: date)
            try claim(slot, at: target, for: value)
            try store(text, at: target)
        } else if let data = value as? Data {
            let text = try text(of: data)
            try claim(slot, at: target, for: value)
            if let text {
                try store(text, at: target)
            } else {
                try value.encode(to: FormValueEncoder(session: self, path: path(of: target)))
            }
        } else if let decimal = value as? Decimal {
            try claim(slot, at: target, for: value)
            try store(text(of: String(describing: decimal)), at: target)
        } else {
            try claim(slot, at: target, for: value)
            try value.encode(to: FormValueEncoder(session: self, path: path(of: target)))
        }
    }

    private func claim(_ slot: Int?, at target: LeafTarget, for value: Any) throws {
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
