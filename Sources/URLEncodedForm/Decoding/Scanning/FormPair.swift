/// One `name=value` sequence of the input, as byte offsets into it: the flat level of a form,
/// before any name is split into a key path or any value is unescaped.
struct FormPair {
    /// The name's bytes, as sent: `nameStart..<nameEnd`.
    var nameStart: Int32
    var nameEnd: Int32
    /// The value's bytes (after the first `=`; empty when there is none): `valueStart..<valueEnd`
    /// of the input as sent, or, when the value is escaped, of the text the scanner unescaped it
    /// to (`UnescapedText`).
    var valueStart: Int32
    var valueEnd: Int32
    /// Whether the name holds a `+`, a `%` or (under
    /// ``URLEncodedFormDecoder/InvalidInputPolicy/whatwg``) invalid UTF-8: a name without these
    /// is read straight from the input.
    var nameIsEscaped: Bool
    /// What the value holds, which says how it is read.
    var valueSpelling: Spelling
    /// How many leading bytes the name shares with the previous pair's, where the scanner
    /// compared the two (to take over the bytes it need not scan again) and found fewer than
    /// 2¹⁵, or `-1`: the key-path splitter resumes from it without comparing them again.
    /// 16 bits keep a pair in 20 bytes.
    var sharedNameLength: Int16 = -1

    var valueIsEmpty: Bool { valueStart == valueEnd }
    /// Whether the value is read from the scanner's unescaped text (and, under `.whatwg`,
    /// repaired where it is not UTF-8).
    var valueIsEscaped: Bool { valueSpelling.contains(.escaped) }

    /// What the scanner found in a part of a pair (a name or a value), which says how its text
    /// is read. Only the value's is kept whole; the name keeps whether it is escaped.
    struct Spelling: OptionSet {
        let rawValue: UInt8

        /// A `+` or a `%`, or (under ``URLEncodedFormDecoder/InvalidInputPolicy/whatwg``) invalid
        /// UTF-8: the text is unescaped, or must be repaired. Text without it is read as sent.
        static let escaped = Spelling(rawValue: 1)
        /// A byte beyond ASCII, sent raw or escaped. Under
        /// ``URLEncodedFormDecoder/InvalidInputPolicy/throw``, where the scanner has thrown for
        /// anything else, the text is UTF-8 already checked, and text without it is ASCII: its
        /// `String` is made without a second check either way. (Plain bytes cost no test for
        /// it: the scanner's loop reaches each byte beyond ASCII by a branch of its own.)
        static let beyondASCII = Spelling(rawValue: 2)
    }
}

/// The id of a form's pair: its index among the scanner's pairs, which is its place in the
/// input. Typed so that it cannot be taken for a node's (`DecodedNodeID`).
struct PairID: Hashable {
    let index: Int32

    /// "No pair": the end of a leaf's values.
    static let none = PairID(index: -1)

    var isNone: Bool { index < 0 }
}

extension Array where Element == FormPair {
    /// The pair `id` names.
    subscript(id: PairID) -> FormPair { self[Int(id.index)] }
}
