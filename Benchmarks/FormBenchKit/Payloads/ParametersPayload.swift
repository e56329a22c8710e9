import URLEncodedForm

/// The parameters payload: the catalog payload's records as the `[String: Any]` a caller of
/// `URLEncoding` builds, `["records": [[…], …]]`, with the same leaves: nested dictionaries
/// (`[String: any Sendable]`, as dictionary literals in `Parameters` are typed), arrays of
/// strings and of dictionaries, `Int`s, `Double`s, `Bool`s and mixed-script text. The date is
/// written as Unix seconds and the data in Base64, as such APIs take them; a missing discount is
/// left out.
enum ParametersPayload {
    /// The parameters of `CatalogPayload(leaves:variant:)`.
    static func make(leaves: Int, variant: Int) -> Parameters {
        let records: [any Sendable] = CatalogPayload(leaves: leaves, variant: variant).records.map { record in
            var fields: [String: any Sendable] = [
                "id": record.id,
                "title": record.title,
                "price": record.price,
                "inStock": record.inStock,
                "tags": record.tags,
                "dimensions": ["width": record.dimensions.width, "height": record.dimensions.height,
                               "unit": record.dimensions.unit] as [String: any Sendable],
                "updated": Int(record.updated.timeIntervalSince1970),
                "thumbnail": record.thumbnail.base64EncodedString(),
                "variants": record.variants.map { ["sku": $0.sku, "quantity": $0.quantity] as [String: any Sendable] },
            ]
            if let discount = record.discount {
                fields["discount"] = discount
            }
            return fields
        }
        return ["records": records]
    }
}
