import Foundation

/// Serializes a `CatalogPayload` straight to form bytes without Codable, as an encoder written
/// for this one type would.
///
/// It reproduces the encoders' default output exactly — pairs alphabetized level by level,
/// `[]` arrays, `[key]` paths, base64 data, dates as seconds since 2001, numeric bools, nil
/// dropped, spaces as `%20` — and the suite checks that in every run. It knows the record's
/// shape, so the order of a record's fields is fixed in code (the order of their escaped
/// keys); only arrays, whose order depends on their values, are sorted at run time.
enum CatalogHandSerializer {
    /// The form bytes of `catalog`.
    static func serialize(_ catalog: CatalogPayload) -> [UInt8] {
        var records = SortedSegments()
        var tags = SortedSegments()
        var variants = SortedSegments()
        for record in catalog.records {
            records.append { write(record, into: &$0, tags: &tags, variants: &variants) }
        }
        var output: [UInt8] = []
        records.drain(into: &output)
        return output
    }

    /// Writes one record's segment: its pairs in the order of their escaped keys.
    private static func write(_ record: CatalogRecord, into output: inout [UInt8],
                              tags: inout SortedSegments, variants: inout SortedSegments) {
        let separator = UInt8(ascii: "&")
        write(Key.height, number: record.dimensions.height, into: &output)
        output.append(separator)
        write(Key.unit, text: record.dimensions.unit, into: &output)
        output.append(separator)
        write(Key.width, number: record.dimensions.width, into: &output)
        if let discount = record.discount {
            output.append(separator)
            write(Key.discount, number: discount, into: &output)
        }
        output.append(separator)
        write(Key.id, number: record.id, into: &output)
        output.append(separator)
        write(Key.inStock, number: record.inStock ? 1 : 0, into: &output)
        output.append(separator)
        write(Key.price, number: record.price, into: &output)
        output.append(separator)
        for tag in record.tags {
            tags.append { write(Key.tag, text: tag, into: &$0) }
        }
        tags.drain(into: &output)
        output.append(separator)
        write(Key.thumbnail, text: record.thumbnail.base64EncodedString(), into: &output)
        output.append(separator)
        write(Key.title, text: record.title, into: &output)
        output.append(separator)
        write(Key.updated, number: record.updated.timeIntervalSinceReferenceDate, into: &output)
        output.append(separator)
        for variant in record.variants {
            variants.append { segment in
                write(Key.quantity, number: variant.quantity, into: &segment)
                segment.append(separator)
                write(Key.sku, text: variant.sku, into: &segment)
            }
        }
        variants.drain(into: &output)
    }

    /// Appends `key` (escaped, with its `=`) and `value` as `String(value)` prints it, which
    /// needs no escaping.
    private static func write(_ key: [UInt8], number value: some LosslessStringConvertible, into output: inout [UInt8]) {
        output.append(contentsOf: key)
        output.append(contentsOf: String(value).utf8)
    }

    /// Appends `key` (escaped, with its `=`) and `value` escaped.
    private static func write(_ key: [UInt8], text value: String, into output: inout [UInt8]) {
        output.append(contentsOf: key)
        appendEscaped(value, to: &output)
    }

    /// Percent-escapes every UTF-8 byte outside `CharacterSet.afURLQueryAllowed`'s ASCII
    /// (letters, digits, `-._~/?`); space is no exception by default.
    private static func appendEscaped(_ text: String, to output: inout [UInt8]) {
        for byte in text.utf8 {
            if unescaped[Int(byte)] {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            }
        }
    }

    private static let unescaped: [Bool] = (0...255).map { byte in
        let scalar = Unicode.Scalar(UInt8(byte))
        return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || "-._~/?".unicodeScalars.contains(scalar)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// The escaped keys of the record's pairs, each followed by `=`.
    private enum Key {
        static let height = escaped("records[][dimensions][height]")
        static let unit = escaped("records[][dimensions][unit]")
        static let width = escaped("records[][dimensions][width]")
        static let discount = escaped("records[][discount]")
        static let id = escaped("records[][id]")
        static let inStock = escaped("records[][inStock]")
        static let price = escaped("records[][price]")
        static let tag = escaped("records[][tags][]")
        static let thumbnail = escaped("records[][thumbnail]")
        static let title = escaped("records[][title]")
        static let updated = escaped("records[][updated]")
        static let quantity = escaped("records[][variants][][quantity]")
        static let sku = escaped("records[][variants][][sku]")

        private static func escaped(_ key: String) -> [UInt8] {
            var bytes: [UInt8] = []
            appendEscaped(key, to: &bytes)
            return bytes + [UInt8(ascii: "=")]
        }
    }
}
