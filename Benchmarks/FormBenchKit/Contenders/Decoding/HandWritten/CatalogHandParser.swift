import Foundation

/// Reads a `CatalogPayload` straight from its form without Codable, as a decoder written for
/// this one type would: `records[i][field]`, with `records[i][dimensions][unit]`,
/// `records[i][tags][j]` and `records[i][variants][j][sku]` below, leaves read as the encoders
/// write them by default (numbers as `description` writes them, `Bool`s as `1` and `0`, the
/// date as seconds since 2001, the thumbnail as Base64, a nil discount left out).
///
/// It takes the pairs in any order: each fills the fields of the record its index names, and
/// the records are checked whole once the form is read. A name the record does not have is
/// skipped, as a `Decodable` type skips keys it does not declare.
package enum CatalogHandParser {
    /// The catalog `form` holds; throws `HandFormError` when it is not one.
    package static func parse(_ form: [UInt8]) throws -> CatalogPayload {
        try HandFormReader.read(form) { reader in
            var records = IndexedElements<RecordFields>()
            while let pair = reader.next() {
                try pair.name.withKeyPath { path in
                    guard path.base.is("records") else { return }
                    let index = try path.segment().index()
                    let field = try path.segment()
                    try records.update(at: index, making: RecordFields.init) { record in
                        try record.read(field, &path, pair.value)
                    }
                }
            }
            return CatalogPayload(records: try records.ordered("records").map { try $0.record() })
        }
    }

    /// A record's fields as the form has sent them so far.
    private struct RecordFields {
        var id: Int?
        var title: String?
        var price: Double?
        var inStock: Bool?
        var tags = IndexedElements<String>()
        var width: Double?
        var height: Double?
        var unit: String?
        var updated: Date?
        var thumbnail: Data?
        var discount: Double?
        var variants = IndexedElements<VariantFields>()

        /// Reads `value` into `field`, whose segments after it `path` holds.
        mutating func read(_ field: HandSegment, _ path: inout HandKeyPath, _ value: HandFormText) throws {
            if field.is("dimensions") {
                let member = try path.segment()
                try path.end()
                if member.is("height") {
                    height = try value.double()
                } else if member.is("unit") {
                    unit = try value.string()
                } else if member.is("width") {
                    width = try value.double()
                }
            } else if field.is("tags") {
                let index = try path.segment().index()
                try path.end()
                tags.append(try value.string(), at: index)
            } else if field.is("variants") {
                let index = try path.segment().index()
                let member = try path.segment()
                try path.end()
                try variants.update(at: index, making: VariantFields.init) { variant in
                    if member.is("quantity") {
                        variant.quantity = try value.int()
                    } else if member.is("sku") {
                        variant.sku = try value.string()
                    }
                }
            } else {
                try path.end()
                if field.is("discount") {
                    discount = try value.double()
                } else if field.is("id") {
                    id = try value.int()
                } else if field.is("inStock") {
                    inStock = try value.bool()
                } else if field.is("price") {
                    price = try value.double()
                } else if field.is("thumbnail") {
                    thumbnail = try value.data()
                } else if field.is("title") {
                    title = try value.string()
                } else if field.is("updated") {
                    updated = Date(timeIntervalSinceReferenceDate: try value.double())
                }
            }
        }

        /// The record; throws `missing` for a field the form did not send (but the optional
        /// discount).
        func record() throws -> CatalogRecord {
            let dimensions = CatalogDimensions(width: try width.required("width"), height: try height.required("height"),
                                               unit: try unit.required("unit"))
            return CatalogRecord(id: try id.required("id"), title: try title.required("title"), price: try price.required("price"),
                                 inStock: try inStock.required("inStock"), tags: try tags.ordered("tags"), dimensions: dimensions,
                                 updated: try updated.required("updated"), thumbnail: try thumbnail.required("thumbnail"),
                                 discount: discount, variants: try variants.ordered("variants").map { try $0.variant() })
        }
    }

    /// A variant's fields as the form has sent them so far.
    private struct VariantFields {
        var sku: String?
        var quantity: Int?

        func variant() throws -> CatalogVariant {
            CatalogVariant(sku: try sku.required("sku"), quantity: try quantity.required("quantity"))
        }
    }
}
