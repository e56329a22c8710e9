/// The options a decoder is made with, held once: the decoder's public properties read them,
/// and so does every stage of its decodings (the scanner, the splitter, the typed decoder),
/// which is handed these rather than the decoder.
///
/// A class, as the encoder's `SessionOptions`: a decoding refers to it rather than copying (and
/// retaining) every strategy's closure into each stage.
final class DecodingOptions: Sendable {
    let keyPathDecoding: URLEncodedFormDecoder.KeyPathDecoding
    let boolDecoding: URLEncodedFormDecoder.BoolDecoding
    let dataDecoding: URLEncodedFormDecoder.DataDecoding
    let dateDecoding: URLEncodedFormDecoder.DateDecoding
    let keyDecoding: URLEncodedFormDecoder.KeyDecoding
    let nilDecoding: URLEncodedFormDecoder.NilDecoding
    let duplicateKeys: URLEncodedFormDecoder.DuplicateKeyPolicy
    let invalidInput: URLEncodedFormDecoder.InvalidInputPolicy
    let limits: URLEncodedFormDecoder.Limits

    init(keyPathDecoding: URLEncodedFormDecoder.KeyPathDecoding, boolDecoding: URLEncodedFormDecoder.BoolDecoding,
         dataDecoding: URLEncodedFormDecoder.DataDecoding, dateDecoding: URLEncodedFormDecoder.DateDecoding,
         keyDecoding: URLEncodedFormDecoder.KeyDecoding, nilDecoding: URLEncodedFormDecoder.NilDecoding,
         duplicateKeys: URLEncodedFormDecoder.DuplicateKeyPolicy, invalidInput: URLEncodedFormDecoder.InvalidInputPolicy,
         limits: URLEncodedFormDecoder.Limits) {
        self.keyPathDecoding = keyPathDecoding
        self.boolDecoding = boolDecoding
        self.dataDecoding = dataDecoding
        self.dateDecoding = dateDecoding
        self.keyDecoding = keyDecoding
        self.nilDecoding = nilDecoding
        self.duplicateKeys = duplicateKeys
        self.invalidInput = invalidInput
        self.limits = limits
    }
}
