/// An encoder's options as one encoding reads them, with the escape table the encoder built.
struct EncodingOptions {
    let escapeTable: EscapeTable
    let alphabetizeKeyValuePairs: Bool
    let arrayEncoding: URLEncodedFormEncoder.ArrayEncoding
    let boolEncoding: URLEncodedFormEncoder.BoolEncoding
    let dataEncoding: URLEncodedFormEncoder.DataEncoding
    let dateEncoding: URLEncodedFormEncoder.DateEncoding
    let keyEncoding: URLEncodedFormEncoder.KeyEncoding
    let keyPathEncoding: URLEncodedFormEncoder.KeyPathEncoding
    let nilEncoding: URLEncodedFormEncoder.NilEncoding

    init(encoder: URLEncodedFormEncoder, escapeTable: EscapeTable) {
        self.escapeTable = escapeTable
        self.alphabetizeKeyValuePairs = encoder.alphabetizeKeyValuePairs
        self.arrayEncoding = encoder.arrayEncoding
        self.boolEncoding = encoder.boolEncoding
        self.dataEncoding = encoder.dataEncoding
        self.dateEncoding = encoder.dateEncoding
        self.keyEncoding = encoder.keyEncoding
        self.keyPathEncoding = encoder.keyPathEncoding
        self.nilEncoding = encoder.nilEncoding
    }
}
