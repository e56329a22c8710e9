import FormBenchKit
import Foundation
import Testing
import URLEncodedForm

/// formbench's hand-written decoders (one per built-in payload, no `Codable`): each reads back
/// the form the suite's decoders read, for every size and variant tried, equal to the value
/// written; each refuses a broken escape, text that is not UTF-8, a missing field and a name
/// outside its shape with the error that says so; and a run reports the decoder's ratio to its
/// limit, decode-floor + hand-written, beside the encoder's own hand-written contender.
@Suite("formbench hand-written decoders")
struct HandWrittenDecoderTests {
    /// The writer of the forms the decoders read (`DecodingInput.encoder`).
    private static let encoder = URLEncodedFormEncoder(arrayEncoding: .indexInBrackets)

    private static func form(_ value: some Encodable) throws -> [UInt8] {
        try encoder.encode(value)
    }

    // MARK: Reading every payload back

    @Test("the catalog's form reads back equal to the catalog, from one record to past a hundred (indices in text order)",
          arguments: [1, 16, 300, 2_000])
    func catalogReadsBack(leaves: Int) throws {
        for variant in 0..<3 {
            let catalog = CatalogPayload(leaves: leaves, variant: variant)
            #expect(try CatalogHandParser.parse(Self.form(catalog)) == catalog, "\(leaves) leaves, variant \(variant)")
        }
    }

    @Test("the wide payload's form, brackets in keys written as parentheses, reads back equal to its entries",
          arguments: [1, 16, 1_000])
    func wideReadsBack(leaves: Int) throws {
        for variant in 0..<3 {
            let entries = WidePayload.withoutBrackets(WidePayload.make(leaves: leaves, variant: variant))
            #expect(try WideHandParser.parse(Self.form(entries)) == entries, "\(leaves) leaves, variant \(variant)")
        }
    }

    @Test("the deep payload's form reads back equal to its chains: one level, one whole chain, a chain and a short one, several",
          arguments: [1, 254, 255, 600])
    func deepReadsBack(leaves: Int) throws {
        for variant in 0..<2 {
            let deep = DeepPayload(leaves: leaves, variant: variant)
            #expect(try DeepHandParser.parse(Self.form(deep)) == deep, "\(leaves) leaves, variant \(variant)")
        }
    }

    @Test("the strings payload's form reads back equal to its texts", arguments: [1, 16, 1_000])
    func stringsReadBack(leaves: Int) throws {
        for variant in 0..<3 {
            let strings = StringsPayload(leaves: leaves, variant: variant)
            #expect(try StringsHandParser.parse(Self.form(strings)) == strings, "\(leaves) leaves, variant \(variant)")
        }
    }

    @Test("every webhook variant's form reads back equal to the webhook")
    func webhookReadsBack() throws {
        for variant in 0..<40 {
            let webhook = WebhookPayload.variant(variant)
            #expect(try WebhookHandParser.parse(Self.form(webhook)) == webhook, "variant \(variant)")
        }
    }

    @Test("the pairs are read in any order, a record's apart from each other too, and names outside the shape are skipped")
    func pairsInAnyOrder() throws {
        let catalog = CatalogPayload(leaves: 300, variant: 1)
        // Every other pair, then the rest, backwards: no record's pairs are together.
        let pairs = Self.pairs(try Self.form(catalog))
        let mixed = (stride(from: 0, to: pairs.count, by: 2).map { pairs[$0] } + stride(from: 1, to: pairs.count, by: 2).map { pairs[$0] })
            .reversed() + ["extra=1", "records%5B0%5D%5Bcolour%5D=red"]
        #expect(try CatalogHandParser.parse(Self.joined(mixed)) == catalog)

        let webhook = WebhookPayload.variant(3)
        #expect(try WebhookHandParser.parse(Self.joined(Self.pairs(try Self.form(webhook)).reversed() + ["SmsStatus2=x"])) == webhook)
    }

    @Test("a + is a space, and an escape reads in either case")
    func plusAndLowerCaseEscapes() throws {
        let webhook = WebhookPayload.variant(0)
        let form = try Self.form(webhook)
        let body = try #require(Self.pairs(form).first { $0.hasPrefix("Body=") }?.dropFirst("Body=".count))
        #expect(body.contains("%20") && body.contains("%3A"))
        // "Hi%21%20Can…" as "Hi%21+Can…", every escape's digits in lower case.
        let pieces = body.replacingOccurrences(of: "%20", with: "+").split(separator: "%", omittingEmptySubsequences: false)
        let sent = pieces.dropFirst().reduce(String(pieces[0])) { $0 + "%" + $1.prefix(2).lowercased() + $1.dropFirst(2) }
        #expect(try WebhookHandParser.parse(Self.form(form, setting: "Body", to: sent)) == webhook)
    }

    // MARK: Refusing what is not the payload's form

    /// The form's pairs as text (every form the encoder writes is ASCII).
    private static func pairs(_ form: [UInt8]) -> [String] {
        String(decoding: form, as: UTF8.self).split(separator: "&").map(String.init)
    }

    private static func joined(_ pairs: [String]) -> [UInt8] {
        Array(pairs.joined(separator: "&").utf8)
    }

    /// `form` with the first pair whose (escaped) name is `name` given `value`, or left out
    /// where `value` is `nil`.
    private static func form(_ form: [UInt8], setting name: String, to value: String?) throws -> [UInt8] {
        var pairs = pairs(form)
        let index = try #require(pairs.firstIndex { $0.hasPrefix(name + "=") }, "no pair named \(name)")
        if let value {
            pairs[index] = name + "=" + value
        } else {
            pairs.remove(at: index)
        }
        return joined(pairs)
    }

    /// Every parser, on a form of its payload, with the name of one of its text pairs.
    private static let parsers: [(payload: String, form: [UInt8], text: String, parse: @Sendable ([UInt8]) throws -> Void)] = {
        let wide = WidePayload.withoutBrackets(WidePayload.make(leaves: 4, variant: 0))
        let wideForm = try! form(wide)
        return [
            ("catalog", try! form(CatalogPayload(leaves: 16, variant: 0)), "records%5B0%5D%5Btitle%5D", { _ = try CatalogHandParser.parse($0) }),
            ("wide", wideForm, String(pairs(wideForm)[0].prefix { $0 != "=" }), { _ = try WideHandParser.parse($0) }),
            ("deep", try! form(DeepPayload(leaves: 3, variant: 0)), "chains%5B0%5D%5Bn%5D%5Bt%5D", { _ = try DeepHandParser.parse($0) }),
            ("strings", try! form(StringsPayload(leaves: 3, variant: 0)), "texts%5B1%5D", { _ = try StringsHandParser.parse($0) }),
            ("webhook", try! form(WebhookPayload.variant(0)), "Body", { _ = try WebhookHandParser.parse($0) }),
        ]
    }()

    @Test("a % not followed by two hexadecimal digits is refused, in a value and at its end, by every parser")
    func badEscape() throws {
        for parser in Self.parsers {
            for value in ["caf%G9", "trail%4", "%"] {
                let form = try Self.form(parser.form, setting: parser.text, to: value)
                #expect(throws: HandFormError.badEscape, "\(parser.payload): \(value)") { try parser.parse(form) }
            }
            // The unchanged form reads.
            #expect(throws: Never.self, "\(parser.payload)") { try parser.parse(parser.form) }
        }
    }

    @Test("text whose unescaped bytes are not UTF-8 is refused by every parser")
    func invalidUTF8() throws {
        for parser in Self.parsers {
            // A lone continuation byte, a truncated sequence, an overlong encoding.
            for value in ["a%80b", "%E6%9D", "%C0%AF"] {
                let form = try Self.form(parser.form, setting: parser.text, to: value)
                #expect(throws: HandFormError.invalidUTF8, "\(parser.payload): \(value)") { try parser.parse(form) }
            }
        }
    }

    @Test("a field, an array element or a chain's level the form leaves out is named as missing")
    func missingField() throws {
        let catalog = try Self.form(CatalogPayload(leaves: 16, variant: 0))
        #expect(throws: HandFormError.missing("title")) {
            try CatalogHandParser.parse(Self.form(catalog, setting: "records%5B0%5D%5Btitle%5D", to: nil))
        }
        #expect(throws: HandFormError.missing("unit")) {
            try CatalogHandParser.parse(Self.form(catalog, setting: "records%5B0%5D%5Bdimensions%5D%5Bunit%5D", to: nil))
        }
        #expect(throws: HandFormError.missing("quantity")) {
            try CatalogHandParser.parse(Self.form(catalog, setting: "records%5B0%5D%5Bvariants%5D%5B0%5D%5Bquantity%5D", to: nil))
        }
        // An index past the elements sent (a record has at most four tags), and an element left out.
        #expect(throws: HandFormError.missing("tags")) {
            try CatalogHandParser.parse(Array("records%5B0%5D%5Btags%5D%5B7%5D=x&".utf8) + catalog)
        }
        let strings = try Self.form(StringsPayload(leaves: 3, variant: 0))
        #expect(throws: HandFormError.missing("texts")) {
            try StringsHandParser.parse(Self.form(strings, setting: "texts%5B1%5D", to: nil))
        }
        let deep = try Self.form(DeepPayload(leaves: 3, variant: 0))
        #expect(throws: HandFormError.missing("a chain's levels")) {
            try DeepHandParser.parse(Self.form(deep, setting: "chains%5B0%5D%5Bn%5D%5Bt%5D", to: nil))
        }
        let webhook = try Self.form(WebhookPayload.variant(0))
        for field in ["Body", "NumMedia", "MessagingServiceSid"] {
            #expect(throws: HandFormError.missing(field)) { try WebhookHandParser.parse(Self.form(webhook, setting: field, to: nil)) }
        }
    }

    @Test("a name that breaks the shape, and a number, Bool or Base64 that does not read, are refused")
    func invalidNamesAndValues() throws {
        let catalog = try Self.form(CatalogPayload(leaves: 16, variant: 0))
        for name in ["records%5Bx%5D%5Bid%5D", "records%5B-1%5D%5Bid%5D", "records%5B0%5D%5Bid%5D%5B0%5D", "records%5B0", "records%5B0%5Dtitle",
                     "records%5B0%5D%5Btags%5D%5Bfirst%5D", "records%5B99999999999999999999%5D%5Bid%5D"] {
            #expect(throws: HandFormError.invalidName, "\(name)") { try CatalogHandParser.parse(Array("\(name)=1&".utf8) + catalog) }
        }
        for (name, value) in [("records%5B0%5D%5Bid%5D", "1.5"), ("records%5B0%5D%5Bid%5D", "99999999999999999999"),
                              ("records%5B0%5D%5BinStock%5D", "true"), ("records%5B0%5D%5Bprice%5D", "cheap"),
                              ("records%5B0%5D%5Bthumbnail%5D", "not%20base64!")] {
            #expect(throws: HandFormError.invalidValue, "\(name)=\(value)") {
                try CatalogHandParser.parse(Self.form(catalog, setting: name, to: value))
            }
        }
        let deep = try Self.form(DeepPayload(leaves: 3, variant: 0))
        #expect(throws: HandFormError.invalidName) { try DeepHandParser.parse(Array("chains%5B0%5D%5Bt%5D%5Bn%5D=x&".utf8) + deep) }
        let webhook = try Self.form(WebhookPayload.variant(0))
        #expect(throws: HandFormError.invalidValue) { try WebhookHandParser.parse(Self.form(webhook, setting: "NumSegments", to: "")) }
    }

    // MARK: In a run

    private static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("formbench-hand-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test("a run reports decoder ÷ (decode-floor + hand-written) beside its other ratios, and tells the two hand-written contenders apart")
    func runReportsTheLimit() throws {
        let output = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let status = FormBenchSuite().run(arguments: [
            "--quick", "--repeated-input", "--sizes", "16", "--output", output.path, "--filter",
            "scaling/hand-written/catalog,scaling/walk-floor/catalog,decoding/decoder/catalog,decoding/decode-floor/catalog,decoding/hand-written/catalog",
        ])
        #expect(status == 0)
        let latest = try JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent("latest.json"))) as? [String: Any]
        let rows = try #require(latest?["scaling"] as? [[String: Any]])
        #expect(rows.map { "\($0["side"] ?? "") \($0["contender"] ?? "")" }
            == ["encoding walk-floor", "encoding hand-written", "decoding decoder", "decoding decode-floor", "decoding hand-written"])
        let decoder = try #require(rows.first { $0["contender"] as? String == "decoder" })
        let limit = "decode-floor + hand-written"
        #expect(decoder["limit"] as? String == limit)
        let ratios = try #require(decoder["cpuTimeRatios"] as? [String: Double])
        // The decoder's ratios are to its own side only: its limit, the floor and the hand-written parser.
        #expect(Set(ratios.keys) == [limit, "decode-floor", "hand-written"])
        #expect(ratios[limit] ?? 0 > 0)
        let encoderHandWritten = try #require(rows.first { $0["contender"] as? String == "hand-written" && $0["side"] as? String == "encoding" })
        #expect((encoderHandWritten["cpuTimeRatios"] as? [String: Double]).map { Set($0.keys) } == ["walk-floor"])
        #expect(rows.filter { $0["contender"] as? String != "decoder" }.allSatisfy { $0["limit"] == nil })

        let summary = try String(contentsOf: output.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(summary.contains("decoder ÷ (decode-floor + hand-written), CPU time: ×"))
        #expect(summary.contains("| catalog | 16 | hand-written; decoder = hand-written | equal |"))
    }
}
