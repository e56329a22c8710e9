/// A random value tree, encoded the way ordinary `Encodable` types encode themselves: keyed
/// objects, unkeyed arrays, optionals, the standard library's dictionaries, leaves of every
/// primitive type, and — as the wildest kind of node — hand-written programs (`FuzzProgram`).
indirect enum FuzzValue {
    case leaf(FuzzLeaf, FuzzRoute)
    /// `encodeNil` (`encodeNil(forKey:)` in a keyed container).
    case null
    /// An optional leaf: through `encodeIfPresent` in a keyed container, as an `Optional<T>`
    /// value elsewhere.
    case optional(FuzzLeaf, present: Bool, FuzzRoute)
    /// A keyed container; keys may repeat, be canonically equivalent or carry an index.
    case object([(FuzzKey, FuzzValue)])
    /// An unkeyed container, one write per element.
    case array([FuzzValue])
    /// An unkeyed container filled by one `encode(contentsOf:)`.
    case contents([String])
    /// A `Dictionary<String, _>`: Swift gives its numeric-looking keys an `intValue`.
    case stringDictionary([String: FuzzValue])
    /// A `Dictionary<Int, _>`: every key is an index.
    case intDictionary([Int: FuzzValue])
    /// A `[String: String]`: written into a container as one, the optimized encoder stores its
    /// pairs itself, not through the dictionary's `encode(to:)`.
    case textDictionary([String: String])
    case program(FuzzProgram)

    /// Encodes the value as the whole of `encoder`'s content, as `encode(to:)` does.
    func encode(to encoder: any Encoder, log: FuzzLog) throws {
        log.observations.append(.enter(encoder.codingPath.map(FuzzKey.init(observing:))))
        switch self {
        case .leaf, .null, .optional:
            var container = encoder.singleValueContainer()
            try write(into: &container, log: log)
        case let .object(pairs):
            var container = encoder.container(keyedBy: FuzzKey.self)
            for (key, value) in pairs {
                try value.write(into: &container, forKey: key, log: log)
            }
        case let .array(elements):
            var slot = UnkeyedSlot(container: encoder.unkeyedContainer())
            for element in elements {
                try element.write(into: &slot, log: log)
            }
        case let .contents(strings):
            var container = encoder.unkeyedContainer()
            try container.encode(contentsOf: strings)
        case let .stringDictionary(dictionary):
            try dictionary.mapValues { FuzzEncodable(value: $0, log: log) }.encode(to: encoder)
        case let .intDictionary(dictionary):
            try dictionary.mapValues { FuzzEncodable(value: $0, log: log) }.encode(to: encoder)
        case let .textDictionary(dictionary):
            try dictionary.encode(to: encoder)
        case let .program(program):
            try program.run(on: encoder, log: log)
        }
    }

    /// Writes the value as one entry of a container (see `KeyedSlot`, `UnkeyedSlot`): leaves
    /// through their route, `nil` through `encodeNil`, anything else as a nested `Encodable`.
    func write(into container: inout some SingleValueEncodingContainer, log: FuzzLog) throws {
        switch self {
        case let .leaf(leaf, route):
            try route.write(leaf, into: &container)
        case .null:
            try container.encodeNil()
        case let .optional(leaf, present, _):
            try Self.writeOptional(leaf.value, present: present, into: &container)
        case let .textDictionary(dictionary):
            try container.encode(dictionary)
        default:
            try container.encode(FuzzEncodable(value: self, log: log))
        }
    }

    /// Writes the value at `key` of a keyed container; optionals go through `encodeIfPresent`.
    func write<Key>(into container: inout KeyedEncodingContainer<Key>, forKey key: Key, log: FuzzLog) throws {
        if case let .optional(leaf, present, route) = self {
            var slot = OptionalKeyedSlot(container: container, key: key, present: present)
            try route.write(leaf, into: &slot)
        } else {
            var slot = KeyedSlot(container: container, key: key)
            try write(into: &slot, log: log)
        }
    }

    private static func writeOptional<T: Encodable>(_ value: T, present: Bool, into container: inout some SingleValueEncodingContainer) throws {
        try container.encode(present ? value : nil)
    }
}
