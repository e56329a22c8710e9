/// The raw text of leaves, kept beside their escaped text only where the escaped text does not
/// read back (an `allowedCharacters` that lets `%` through, or `+` with spaces written as `+`):
/// an invalid root's description shows the raw text, as Alamofire's tree holds it.
struct RawLeafValues: ~Copyable {
    private var bytes = UncheckedBytes(capacity: 16)
    /// Each leaf's raw bytes in `bytes`, by the range of its escaped text in `FormTree.values`.
    private var ranges: [Range<Int>: Range<Int>] = [:]

    mutating func removeAll() {
        bytes.truncate(to: 0)
        ranges.removeAll(keepingCapacity: true)
    }

    /// Records the text `write` appends as that of the leaf escaped at `escaped`.
    mutating func record(escapedAt escaped: Range<Int>, writing write: (inout UncheckedBytes) -> Void) {
        let start = bytes.count
        write(&bytes)
        ranges[escaped] = start..<bytes.count
    }

    /// The raw text of the leaf escaped at `escaped`, if recorded.
    func text(escapedAt escaped: Range<Int>) -> String? {
        ranges[escaped].map { String(decoding: bytes.bytes($0), as: UTF8.self) }
    }
}
