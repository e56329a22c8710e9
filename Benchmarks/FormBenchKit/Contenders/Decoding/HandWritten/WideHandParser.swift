/// Reads the wide payload, a flat `[String: String]`, straight from its form without Codable:
/// every pair is an entry, its name the key. A name sent twice keeps its last value, as a
/// server's form parser keeps it. The dictionary is sized for the pairs first (a count of the
/// `&`s), so that it is not rehashed as it grows.
package enum WideHandParser {
    /// The entries `form` holds; throws `HandFormError` for a broken escape or text that is not
    /// UTF-8.
    package static func parse(_ form: [UInt8]) throws -> [String: String] {
        try HandFormReader.read(form) { reader in
            var entries: [String: String] = [:]
            entries.reserveCapacity(form.count { $0 == FormByte.ampersand } + 1)
            while let pair = reader.next() {
                entries[try pair.name.string()] = try pair.value.string()
            }
            return entries
        }
    }
}
