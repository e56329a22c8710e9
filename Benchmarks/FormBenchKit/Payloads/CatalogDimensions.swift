/// The nested `dimensions` object of a catalog record.
struct CatalogDimensions: Codable, Equatable, Sendable {
    /// The pairs one `dimensions` object writes.
    static let leafCount = 3

    let width: Double
    let height: Double
    let unit: String
}
