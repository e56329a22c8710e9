/// Turns each leaf's raw key path into its escaped, `KeyEncoding`-transformed form.
///
/// `KeyEncoding` sees the whole path (`items[][name]`), so it runs per leaf, not per key; but
/// leaves share paths (every element of an array of records has the same ones), so results are
/// remembered, up to a bound that keeps a payload of all-distinct paths from hoarding memory.
///
/// The memo is keyed by the path's bytes, so a path seen before costs a hash and a copy, not a
/// `String` (canonically equal paths spelled differently escape to different bytes, and are
/// different paths here).
final class LeafKeyEncoder {
    private static let memoLimit = 8192

    /// Where a remembered path and its encoding are in `memoBytes`.
    private struct Remembered {
        let rawKey: Range<Int>
        let encoded: Range<Int>
    }

    private let keyEncoding: URLEncodedFormEncoder.KeyEncoding
    private let escapeTable: EscapeTable
    /// The remembered paths and their encodings, back to back.
    private var memoBytes = UncheckedBytes()
    /// Remembered paths by the hash of their bytes; a hash two paths share keeps the first.
    private var memo: [Int: Remembered] = [:]

    init(keyEncoding: URLEncodedFormEncoder.KeyEncoding, escapeTable: EscapeTable) {
        self.keyEncoding = keyEncoding
        self.escapeTable = escapeTable
    }

    /// Appends the escaped encoding of the path `rawKey` to `output`.
    func appendEncoded(_ rawKey: UnsafeRawBufferPointer, to output: inout UncheckedBytes) {
        if case .useDefaultKeys = keyEncoding {
            // Here for a custom array encoding alone: the path is escaped as it is.
            escapeTable.appendEscaped(rawKey, to: &output)
            return
        }
        var hasher = Hasher()
        hasher.combine(bytes: rawKey)
        let hash = hasher.finalize()
        let known = memo[hash]
        if let known, EscapedTextOrder.equal(memoBytes.bytes(known.rawKey), rawKey) {
            output.append(known.encoded, of: memoBytes)
            return
        }
        let start = output.count
        escapeTable.appendEscaped(keyEncoding.encode(String(decoding: rawKey, as: UTF8.self)), to: &output)
        if known == nil && memo.count < Self.memoLimit {
            let rawStart = memoBytes.count
            memoBytes.append(rawKey)
            let encodedStart = memoBytes.count
            memoBytes.append(output.bytes(start..<output.count))
            memo[hash] = Remembered(rawKey: rawStart..<encodedStart, encoded: encodedStart..<memoBytes.count)
        }
    }
}
