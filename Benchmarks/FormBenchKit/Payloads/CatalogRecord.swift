import FormBenchCore
import Foundation

/// One product of the catalog payload. It holds every kind of value an option strategy acts
/// on: a `Date`, a `Data`, an `Optional` (nil in a third of the records), a `Bool`, arrays of
/// strings and of objects, and a nested object.
struct CatalogRecord: Codable, Equatable, Sendable {
    let id: Int
    let title: String
    let price: Double
    let inStock: Bool
    let tags: [String]
    let dimensions: CatalogDimensions
    let updated: Date
    let thumbnail: Data
    let discount: Double?
    let variants: [CatalogVariant]

    /// A record of these fields: what the hand-written decoder builds (`CatalogHandParser`).
    init(id: Int, title: String, price: Double, inStock: Bool, tags: [String], dimensions: CatalogDimensions,
         updated: Date, thumbnail: Data, discount: Double?, variants: [CatalogVariant]) {
        self.id = id
        self.title = title
        self.price = price
        self.inStock = inStock
        self.tags = tags
        self.dimensions = dimensions
        self.updated = updated
        self.thumbnail = thumbnail
        self.discount = discount
        self.variants = variants
    }

    /// A random record.
    init(id: Int, random: inout SplitMix64) {
        // Drawn in the order of the fields, which fixes each seed's records.
        let title = random.phrase(words: 2...6, from: WordPool.mixed)
        let price = Double(random.next(in: 100...99_999)) / 100
        let inStock = random.chance(percent: 70)
        let tags = (0..<random.next(in: 1...4)).map { _ in random.phrase(words: 1...2, from: WordPool.mixed) }
        let dimensions = CatalogDimensions(width: Double(random.next(in: 1...5_000)) / 10,
                                           height: Double(random.next(in: 1...5_000)) / 10,
                                           unit: random.element(of: ["cm", "mm", "in", "ft ²"]))
        // Millisecond precision, so date strategies have fractions to round.
        let updated = Date(timeIntervalSinceReferenceDate: Double(random.next(in: 600_000_000_000...800_000_000_000)) / 1000)
        let thumbnail = Data((0..<random.next(in: 4...24)).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        let discount = random.chance(percent: 67) ? Double(random.next(in: 1...50)) / 100 : nil
        let variants = (0..<random.next(in: 1...3)).map { _ in CatalogVariant(random: &random) }
        self.init(id: id, title: title, price: price, inStock: inStock, tags: tags, dimensions: dimensions,
                  updated: updated, thumbnail: thumbnail, discount: discount, variants: variants)
    }

    /// The pairs this record writes under the default options.
    var leafCount: Int {
        let scalars = 6 // id, title, price, inStock, updated, thumbnail
        return scalars + tags.count + CatalogDimensions.leafCount + (discount == nil ? 0 : 1)
            + variants.count * CatalogVariant.leafCount
    }
}
