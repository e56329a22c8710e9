/// The options a decoder is made with, held once, as the encoder's `EncodingOptions`: the
/// decoder's public properties read them, and so does every stage of its decodings (the
/// scanner, the splitter, the typed decoder), which is handed these rather than the decoder.
struct DecodingOptions: Sendable {
    let keyPathDecoding: URLEncodedFormDecoder.KeyPathDecoding
    let boolDecoding: URLEncodedFormDecoder.BoolDecoding
    let dataDecoding: URLEncodedFormDecoder.DataDecoding
    let dateDecoding: URLEncodedFormDecoder.DateDecoding
    let keyDecoding: URLEncodedFormDecoder.KeyDecoding
    let nilDecoding: URLEncodedFormDecoder.NilDecoding
    let duplicateKeys: URLEncodedFormDecoder.DuplicateKeyPolicy
    let invalidInput: URLEncodedFormDecoder.InvalidInputPolicy
    let limits: URLEncodedFormDecoder.Limits
}
