/// A user type that wraps a value and encodes it through a single-value container.
struct FuzzBox<Wrapped: Encodable>: Encodable {
    let wrapped: Wrapped

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrapped)
    }
}
