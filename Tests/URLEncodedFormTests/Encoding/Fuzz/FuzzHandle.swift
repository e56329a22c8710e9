/// An encoder or container that a program holds between calls, as user code may: programs keep
/// handles after the node they point at was replaced and write through them later.
enum FuzzHandle {
    case encoder(any Encoder)
    case keyed(KeyedEncodingContainer<FuzzKey>)
    case unkeyed(any UnkeyedEncodingContainer)
    case singleValue(any SingleValueEncodingContainer)

    /// The kind of a handle, and of the handle an `open` operation asks for (`encoder` meaning
    /// a `superEncoder`).
    enum Kind {
        case encoder, keyed, unkeyed, singleValue

        /// The kinds a handle of this kind can vend, keyed containers first; single-value
        /// containers vend nothing.
        var openings: [Kind] {
            switch self {
            case .encoder: return [.keyed, .unkeyed, .singleValue]
            case .keyed, .unkeyed: return [.keyed, .unkeyed, .encoder]
            case .singleValue: return []
            }
        }
    }

    /// What user code sees of the handle after an operation.
    var state: FuzzHandleState {
        switch self {
        case let .encoder(encoder): return FuzzHandleState(encoder.codingPath, count: nil)
        case let .keyed(container): return FuzzHandleState(container.codingPath, count: nil)
        case let .unkeyed(container): return FuzzHandleState(container.codingPath, count: container.count)
        case let .singleValue(container): return FuzzHandleState(container.codingPath, count: nil)
        }
    }

    /// Vends a handle of `kind` from this one: a container of an encoder, a nested container or
    /// a `superEncoder` of a container (at `key` for keyed containers; `superEncoder()` for a
    /// keyed container when `key` is nil). Unkeyed containers count what they vend.
    ///
    /// - Precondition: `kind` is one of this handle's `Kind.openings`, as `FuzzProgram.random`
    ///   guarantees.
    mutating func open(_ kind: Kind, key: FuzzKey?) -> FuzzHandle {
        switch (self, kind, key) {
        case let (.encoder(encoder), .keyed, _): return .keyed(encoder.container(keyedBy: FuzzKey.self))
        case let (.encoder(encoder), .unkeyed, _): return .unkeyed(encoder.unkeyedContainer())
        case let (.encoder(encoder), .singleValue, _): return .singleValue(encoder.singleValueContainer())
        case (.keyed(var container), .keyed, let key?): return .keyed(container.nestedContainer(keyedBy: FuzzKey.self, forKey: key))
        case (.keyed(var container), .unkeyed, let key?): return .unkeyed(container.nestedUnkeyedContainer(forKey: key))
        case (.keyed(var container), .encoder, let key?): return .encoder(container.superEncoder(forKey: key))
        case (.keyed(var container), .encoder, nil): return .encoder(container.superEncoder())
        case (.unkeyed(var container), _, _):
            defer { self = .unkeyed(container) }
            switch kind {
            case .keyed: return .keyed(container.nestedContainer(keyedBy: FuzzKey.self))
            case .unkeyed: return .unkeyed(container.nestedUnkeyedContainer())
            default: return .encoder(container.superEncoder())
            }
        default:
            preconditionFailure("FuzzProgram.random asked a \(self) handle for a \(kind) with key \(key as Any)")
        }
    }

    /// Writes `value` through this handle: as the encoder's whole content, at `key` of a keyed
    /// container, as the next element of an unkeyed one, or into a single-value container.
    mutating func write(_ value: FuzzValue, key: FuzzKey?, log: FuzzLog) throws {
        switch self {
        case let .encoder(encoder):
            try value.encode(to: encoder, log: log)
        case var .keyed(container):
            guard let key else { preconditionFailure("FuzzProgram.random writes to keyed containers at a key") }
            try value.write(into: &container, forKey: key, log: log)
        case let .unkeyed(container):
            var slot = UnkeyedSlot(container: container)
            defer { self = .unkeyed(slot.container) }
            try value.write(into: &slot, log: log)
        case var .singleValue(container):
            defer { self = .singleValue(container) }
            try value.write(into: &container, log: log)
        }
    }
}
