/// Layout of the multi-line dumps of values and programs in mismatch reports.
enum FuzzDump {
    /// `open`, then each entry indented by two spaces (nested blocks included), then `close`.
    static func block(_ open: String, _ entries: [String], _ close: String) -> String {
        guard !entries.isEmpty else { return open + close }
        let body = entries.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }.map { "  " + $0 }
        return ([open] + body + [close]).joined(separator: "\n")
    }
}
