/// The decoding side's hand-written contender: a parser written by hand for each built-in
/// payload, without `Codable` and without `URLEncodedFormDecoder`, reading the same form as the
/// decoder (`DecodingInput.form`) into the payload's value, checked equal like every decoded
/// value. What reading the form costs when nothing generic is paid for; with the decode floor,
/// the decoder's limit (`DecoderContender.limit`).
struct HandWrittenDecodingContender: DecodingContender {
    static let name = "hand-written"

    /// The built-in payloads read back (not a user's, whose shapes it does not know, even under
    /// a built-in payload's name).
    func supports(_ source: PayloadSource) -> Bool {
        source.origin == .builtIn && source.isDecodable && Self.parser(for: source.kind) != nil
    }

    func encode(_ payload: Payload) throws -> EncodedOutput {
        let input = try payload.decodingInput()
        guard let parse = Self.parser(for: payload.kind) else {
            throw UnsupportedPayload(contender: Self.name, kind: payload.kind)
        }
        return .decoded(try parse(input.form), verify: input.verifyTyped)
    }

    /// The parser of the built-in payload `kind`, or `nil` for one no decoder reads back.
    private static func parser(for kind: PayloadKind) -> (([UInt8]) throws -> any Sendable)? {
        switch kind {
        case .catalog: CatalogHandParser.parse
        case .wide: WideHandParser.parse
        case .deep: DeepHandParser.parse
        case .strings: StringsHandParser.parse
        case .webhook: WebhookHandParser.parse
        default: nil
        }
    }
}
