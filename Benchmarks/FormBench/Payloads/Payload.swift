/// One generated input: its shape, its size in leaves and the value to encode.
///
/// Payloads are deterministic: the same kind and size give the same value on every run.
struct Payload: Sendable {
    /// The shape.
    let kind: PayloadKind
    /// The requested number of leaves (key–value pairs of the output, give or take one record).
    let leaves: Int
    /// The value the contenders encode.
    let value: any Encodable & Sendable

    /// Generates the payload of `kind` with about `leaves` leaves.
    init(kind: PayloadKind, leaves: Int) {
        self.kind = kind
        self.leaves = leaves
        switch kind {
        case .catalog: value = CatalogPayload(leaves: leaves)
        case .wide: value = WidePayload.make(leaves: leaves)
        case .deep: value = DeepPayload(leaves: leaves)
        case .strings: value = StringsPayload(leaves: leaves)
        }
    }
}
