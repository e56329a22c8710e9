extension FuzzValue: CustomStringConvertible {
    /// A multi-line dump for mismatch reports; dictionaries list their entries in iteration
    /// order, which is the order they are encoded in.
    var description: String {
        switch self {
        case let .leaf(leaf, route):
            return "\(leaf) via \(route)"
        case .null:
            return "nil"
        case let .optional(leaf, present, route):
            return present ? "Optional(\(leaf)) via \(route)" : "Optional<\(leaf.typeName)>.none via \(route)"
        case let .object(pairs):
            return FuzzDump.block("object {", pairs.map { "\($0.0): \($0.1)" }, "}")
        case let .array(elements):
            return FuzzDump.block("array [", elements.map(\.description), "]")
        case let .contents(strings):
            return "contentsOf [" + strings.map(FuzzStrings.literal).joined(separator: ", ") + "]"
        case let .stringDictionary(dictionary):
            return FuzzDump.block("[String: _] [", dictionary.map { "\(FuzzStrings.literal($0.key)): \($0.value)" }, "]")
        case let .intDictionary(dictionary):
            return FuzzDump.block("[Int: _] [", dictionary.map { "\($0.key): \($0.value)" }, "]")
        case let .textDictionary(dictionary):
            return FuzzDump.block("[String: String] [", dictionary.map { "\(FuzzStrings.literal($0.key)): \(FuzzStrings.literal($0.value))" }, "]")
        case let .program(program):
            return program.description
        }
    }
}
