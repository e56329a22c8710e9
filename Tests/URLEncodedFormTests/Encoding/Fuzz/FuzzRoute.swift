/// The container entry point a leaf is written through. Encoders implement each separately (the
/// reference funnels them together, an optimized engine has a fast path per type), so each one
/// must be fuzzed.
enum FuzzRoute: CaseIterable {
    /// The overload for the leaf's static type: `encode(_: Int, forKey:)`, `encodeIfPresent(_: Int?, forKey:)`, …
    case concrete
    /// `encode<T: Encodable>` with `T` the leaf's type, as generic user code calls it.
    case generic
    /// `encode<T>` with `T` a user type wrapping the leaf, whose `encode(to:)` asks the encoder
    /// for a single-value container and writes the leaf generically.
    case boxed

    /// Writes `leaf` into `container` through this route.
    func write(_ leaf: FuzzLeaf, into container: inout some SingleValueEncodingContainer) throws {
        switch self {
        case .concrete: try leaf.encode(into: &container)
        case .generic: try container.encode(leaf.value)
        case .boxed: try container.encode(Self.box(leaf.value))
        }
    }

    private static func box<T: Encodable>(_ value: T) -> any Encodable {
        FuzzBox(wrapped: value)
    }
}
