/// The options an encoder is made with, all but `allowedCharacters` (which may change, and is
/// kept with the escape table built from it): held here once. The encoder's public properties
/// read them, and so do its encodings, through their `SessionOptions`.
struct EncodingOptions: Sendable {
    let alphabetizeKeyValuePairs: Bool
    let sortsArrayElements: Bool
    let arrayEncoding: URLEncodedFormEncoder.ArrayEncoding
    let boolEncoding: URLEncodedFormEncoder.BoolEncoding
    let dataEncoding: URLEncodedFormEncoder.DataEncoding
    let dateEncoding: URLEncodedFormEncoder.DateEncoding
    let keyEncoding: URLEncodedFormEncoder.KeyEncoding
    let keyPathEncoding: URLEncodedFormEncoder.KeyPathEncoding
    let nilEncoding: URLEncodedFormEncoder.NilEncoding
    let spaceEncoding: URLEncodedFormEncoder.SpaceEncoding
    let integerKeyEncoding: URLEncodedFormEncoder.IntegerKeyEncoding
    /// At least 0.
    let maximumDepth: Int
}

/// An encoder's options as its encodings read them: the `EncodingOptions`, the escape table the
/// encoder built, and what the writer derives from them, made once per session. A class: an
/// encoding refers to it rather than copying (and retaining) every strategy's closure into each
/// writer.
final class SessionOptions: Sendable {
    let encoding: EncodingOptions
    let escapeTable: EscapeTable
    let writer: WriterSettings
    /// Where escaped text does not read back (`EscapeTable.readsBack`): these options with the
    /// identity table, which leaves' raw text is also written with, for an invalid root's
    /// description (`InvalidRootDescription`). `nil` otherwise: nearly always.
    let rawText: SessionOptions?

    init(_ encoding: EncodingOptions, escapeTable: EscapeTable) {
        self.encoding = encoding
        self.escapeTable = escapeTable
        self.writer = WriterSettings(encoding, escapeTable: escapeTable)
        // The identity table's own text is raw already.
        let readsBack = escapeTable.readsBack || escapeTable === EscapeTable.identity
        self.rawText = readsBack ? nil : SessionOptions(encoding, escapeTable: .identity)
    }
}
