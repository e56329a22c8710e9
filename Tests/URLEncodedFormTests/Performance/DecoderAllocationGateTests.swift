import CMallocCounter
import FormBenchCore
import Foundation
import Testing
import URLEncodedForm

/// Allocation gates for the decoder, in the encoder's suite (its traits: counting needs the
/// interposer and an optimized build), judged against the decode floor (a `Decoder` that reads
/// nothing and answers with constants) on the same type and shape in the same run: the floor's
/// allocations are what `Decodable` itself makes (keyed containers boxed, arrays built), so the
/// difference is what the decoder adds. Values hold strings short enough to live inside a
/// `String`, so that the strings the type keeps allocate nothing on either side.
extension AllocationGateTests {
    fileprivate struct FormVariant: Codable, Equatable { let sku: String; let quantity: Int }
    fileprivate struct FormRecord: Codable, Equatable {
        let id: Int, name: String, price: Double, inStock: Bool, note: String?
        let tags: [String], variants: [FormVariant]
    }
    fileprivate struct FormCatalog: Codable, Equatable { let records: [FormRecord] }

    fileprivate static func formCatalog(records: Int) -> FormCatalog {
        FormCatalog(records: (0..<records).map { index in
            FormRecord(id: index, name: "item \(index)", price: Double(index) * 1.25, inStock: index % 3 == 0,
                   note: index % 2 == 0 ? nil : "n\(index)", tags: ["a", "b c", "d+e"],
                   variants: [FormVariant(sku: "S-\(index)", quantity: index % 7), FormVariant(sku: "T", quantity: 1)])
        })
    }

    @Test(arguments: [10, 1_000])
    func theDecoderAddsAHandfulPerDecodeToWhatDecodableAllocates(records: Int) throws {
        let value = Self.formCatalog(records: records)
        let form: [UInt8] = try URLEncodedFormEncoder(arrayEncoding: .indexInBrackets).encode(value)
        let shape = try DecodeFloorShape(of: value)
        let decoder = URLEncodedFormDecoder(limits: .init(maximumParameterCount: 100_000))
        #expect(try decoder.decode(FormCatalog.self, from: form) == value)
        // Counted on the floor's second run: the first may pay what the process allocates only
        // once, which would loosen the gate (as it did the encoder's, AllocationGateTests).
        _ = try FormCatalog(from: DecodeFloorDecoder(shape: shape))
        let floor = try Self.allocations { _ = try FormCatalog(from: DecodeFloorDecoder(shape: shape)) }
        let decoding = try Self.allocations { _ = try decoder.decode(FormCatalog.self, from: form) }
        // Per decode: the pairs, the names, the tree, the decoder and its state, and a copy for
        // an array whose indices came out of order (Alamofire's sorted `records[10]` before
        // `records[2]`) — whatever the size.
        #expect(decoding <= floor + 48, "decoder \(decoding) allocations, floor \(floor)")
    }

    @Test func theDecoderBoxesAKeyedContainerPerKeyTypeNotPerRecord() throws {
        let records = 1_000
        let value = Self.formCatalog(records: records)
        let form: [UInt8] = try URLEncodedFormEncoder(arrayEncoding: .indexInBrackets).encode(value)
        let shape = try DecodeFloorShape(of: value)
        let decoder = URLEncodedFormDecoder(limits: .init(maximumParameterCount: 100_000))
        _ = try decoder.decode(FormCatalog.self, from: form)
        _ = try FormCatalog(from: DecodeFloorDecoder(shape: shape))
        let floor = try Self.allocations { _ = try FormCatalog(from: DecodeFloorDecoder(shape: shape)) }
        let decoding = try Self.allocations { _ = try decoder.decode(FormCatalog.self, from: form) }
        // The floor boxes every record's keyed containers; the decoder hands a box out again
        // once its record is done with it, so it allocates fewer by more than one a record.
        #expect(decoding + UInt64(records) <= floor, "decoder \(decoding) allocations, floor \(floor)")
    }

    fileprivate struct Hook: Decodable { let From: String; let To: String; let Body: String; let NumMedia: Int; let SmsStatus: String }
    fileprivate static let hookForm = Array("From=%2B14155551234&To=%2B15005550006&Body=Hi&NumMedia=0&SmsStatus=received".utf8)

    @Test func aWebhookDecodesInAHandfulOfAllocations() throws {
        let decoder = URLEncodedFormDecoder()
        _ = try decoder.decode(Hook.self, from: Self.hookForm)
        let decoding = try Self.allocations { _ = try decoder.decode(Hook.self, from: Self.hookForm) }
        // The `Decoder` and the keyed container's box: the pairs, the tree, a name's segments
        // and the decoder's state are the memory the last decoding left (7 before it was kept,
        // 3 before the segments were).
        #expect(decoding <= 2, "\(decoding) allocations")
    }

    fileprivate struct Text: Decodable { let text: String }

    @Test func unescapedTextPastTheIdleLimitIsKeptWhileEscapedDecodingsRecurAndLetGoAfterAPlainOne() throws {
        // Forms of 72 MB, one value each: the scanner's unescaped text of the first (as long as
        // the form) is past the 64 MB a session keeps whatever it held.
        let escaped = Array(("text=" + String(repeating: "%C3%A9", count: 12_000_000)).utf8)
        let plain = Array(("text=" + String(repeating: "e", count: 72_000_000)).utf8)
        let decoder = URLEncodedFormDecoder(limits: .init(maximumInputLength: nil))
        _ = try decoder.decode(Text.self, from: escaped)
        // Kept: the text the value is read from fills it (3: the `Decoder`, the container's
        // box, the `String`).
        let recurring = try Self.allocations { _ = try decoder.decode(Text.self, from: escaped) }
        #expect(recurring <= 4, "a recurring escaped decoding allocated \(recurring)")
        // The plain form fills none of that text: the session is let go, with its memory, on
        // this thread. (Told by the bytes this thread frees, not by what the next escaped
        // decoding allocates, which may start from a small session another test's decoder left
        // in the spares; nor by the bytes the process holds, which tests running beside this
        // one move by more than 72 MB: CI saw 124 MB held after the plain form, 212 MB before.)
        // Both forms live until the end: an optimized build may otherwise free the escaped one
        // (72 MB too) after its last use, in the middle of the measurement.
        let released = try withExtendedLifetime((escaped, plain)) {
            let netBeforePlain = cmc_thread_net_bytes()
            _ = try decoder.decode(Text.self, from: plain)
            return netBeforePlain - cmc_thread_net_bytes()
        }
        // The session's text alone is as long as the escaped form (72 MB); a session kept by
        // mistake frees nothing here (the plain decoding's own memory comes and goes).
        #expect(released >= 64 << 20, "kept: the plain form's decoding freed only \(released) bytes")
    }

    @Test func aDecoderMadePerRequestStartsFromTheMemoryOfOnesThatWentAway() throws {
        _ = try URLEncodedFormDecoder().decode(Hook.self, from: Self.hookForm)
        // The fewest of a few decodings: the spares are the process's, and a test running
        // beside this one may take the one the last decoder left (it then allocates anew).
        let decoding = try (0..<5).map { _ in
            try Self.allocations { _ = try URLEncodedFormDecoder().decode(Hook.self, from: Self.hookForm) }
        }.min()!
        // The reused decoder's two and the new decoder itself (8 before sessions were kept).
        #expect(decoding <= 3, "\(decoding) allocations")
    }
}
