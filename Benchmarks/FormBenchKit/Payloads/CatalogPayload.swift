import FormBenchCore
/// The catalog payload: `records[]` of `CatalogRecord`s, as many as it takes to reach the
/// requested number of leaves.
package struct CatalogPayload: Codable, Equatable, Sendable {
    let records: [CatalogRecord]

    /// The catalog of `records`: what the hand-written decoder builds (`CatalogHandParser`).
    init(records: [CatalogRecord]) {
        self.records = records
    }

    /// Generates records until they hold at least `leaves` leaves (under the default options);
    /// each `variant` draws other records.
    package init(leaves: Int, variant: Int) {
        var random = SplitMix64(seed: 0xCA7A_1065, variant: variant)
        var records: [CatalogRecord] = []
        var total = 0
        while total < leaves {
            let record = CatalogRecord(id: records.count + 1, random: &random)
            total += record.leafCount
            records.append(record)
        }
        self.init(records: records)
    }
}
