import FormBenchCore
/// The catalog payload: `records[]` of `CatalogRecord`s, as many as it takes to reach the
/// requested number of leaves.
struct CatalogPayload: Codable, Equatable, Sendable {
    let records: [CatalogRecord]

    /// Generates records until they hold at least `leaves` leaves (under the default options);
    /// each `variant` draws other records.
    init(leaves: Int, variant: Int) {
        var random = SplitMix64(seed: 0xCA7A_1065, variant: variant)
        var records: [CatalogRecord] = []
        var total = 0
        while total < leaves {
            let record = CatalogRecord(id: records.count + 1, random: &random)
            total += record.leafCount
            records.append(record)
        }
        self.records = records
    }
}
