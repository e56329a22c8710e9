import FormBenchCore
/// One element of a catalog record's `variants[]` array of objects.
struct CatalogVariant: Codable, Equatable, Sendable {
    /// The pairs one variant writes.
    static let leafCount = 2

    let sku: String
    let quantity: Int

    /// A variant of these fields: what the hand-written decoder builds (`CatalogHandParser`).
    init(sku: String, quantity: Int) {
        self.sku = sku
        self.quantity = quantity
    }

    /// A random variant; SKUs hold `#`, `/` and `-`, which escape differently.
    init(random: inout SplitMix64) {
        let sku = "SKU-\(random.next(in: 1_000...9_999))#\(random.element(of: ["red", "blue", "XL", "s/m"]))"
        self.init(sku: sku, quantity: random.next(in: 0...500))
    }
}
