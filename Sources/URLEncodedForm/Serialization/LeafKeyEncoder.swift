/// Turns each leaf's raw key path into its escaped, `KeyEncoding`-transformed form.
///
/// `KeyEncoding` sees the whole path (`items[][name]`), so it runs per leaf, not per key; but
/// leaves share paths (every element of an array of records has the same ones), so results are
/// remembered, up to a bound that keeps a payload of all-distinct paths from hoarding memory.
///
/// The memo is keyed by `String`, which hashes and compares by canonical equivalence, but keys
/// that are canonically equal yet spelled differently are different keys here (they escape to
/// different bytes): a hit counts only when the spelling matches byte for byte.
final class LeafKeyEncoder {
    private static let memoLimit = 8192

    private let keyEncoding: URLEncodedFormEncoder.KeyEncoding
    private let escapeTable: EscapeTable
    private var memo: [String: (rawKey: String, encoded: [UInt8])] = [:]

    init(keyEncoding: URLEncodedFormEncoder.KeyEncoding, escapeTable: EscapeTable) {
        self.keyEncoding = keyEncoding
        self.escapeTable = escapeTable
    }

    /// Appends the escaped encoding of `rawKey` to `output`.
    func appendEncoded(_ rawKey: String, to output: inout ByteBuffer) {
        let known = memo[rawKey]
        if let known, known.rawKey.utf8.elementsEqual(rawKey.utf8) {
            known.encoded.withUnsafeBytes { output.append($0) }
            return
        }
        let start = output.count
        escapeTable.appendEscaped(keyEncoding.encode(rawKey), to: &output)
        if known == nil && memo.count < Self.memoLimit {
            memo[rawKey] = (rawKey, Array(output.bytes(start..<output.count)))
        }
    }
}
