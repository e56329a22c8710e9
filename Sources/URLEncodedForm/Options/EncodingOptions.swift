/// An encoder's options as its encodings read them, with the escape table the encoder built and
/// what the writer derives from them, made once per session. A class: an encoding refers to it
/// rather than copying (and retaining) every strategy's closure into each writer.
final class EncodingOptions: Sendable {
    let escapeTable: EscapeTable
    let arrayEncoding: URLEncodedFormEncoder.ArrayEncoding
    let boolEncoding: URLEncodedFormEncoder.BoolEncoding
    let dataEncoding: URLEncodedFormEncoder.DataEncoding
    let dateEncoding: URLEncodedFormEncoder.DateEncoding
    let keyEncoding: URLEncodedFormEncoder.KeyEncoding
    let keyPathEncoding: URLEncodedFormEncoder.KeyPathEncoding
    let nilEncoding: URLEncodedFormEncoder.NilEncoding
    let maximumDepth: Int
    let writer: WriterSettings
    /// Where escaped text does not read back (`EscapeTable.readsBack`): these options with the
    /// identity table, which leaves' raw text is also written with, for an invalid root's
    /// description (`InvalidRootDescription`). `nil` otherwise: nearly always.
    let rawText: EncodingOptions?

    init(encoder: URLEncodedFormEncoder, escapeTable: EscapeTable) {
        self.escapeTable = escapeTable
        self.arrayEncoding = encoder.arrayEncoding
        self.boolEncoding = encoder.boolEncoding
        self.dataEncoding = encoder.dataEncoding
        self.dateEncoding = encoder.dateEncoding
        self.keyEncoding = encoder.keyEncoding
        self.keyPathEncoding = encoder.keyPathEncoding
        self.nilEncoding = encoder.nilEncoding
        self.maximumDepth = encoder.maximumDepth
        self.writer = WriterSettings(alphabetizeKeyValuePairs: encoder.alphabetizeKeyValuePairs,
                                     sortsArrayElements: encoder.sortsArrayElements, arrayEncoding: arrayEncoding,
                                     keyEncoding: keyEncoding, keyPathEncoding: keyPathEncoding, escapeTable: escapeTable)
        // The identity table's own text is raw already.
        let readsBack = escapeTable.readsBack || escapeTable === EscapeTable.identity
        self.rawText = readsBack ? nil : EncodingOptions(encoder: encoder, escapeTable: .identity)
    }
}
