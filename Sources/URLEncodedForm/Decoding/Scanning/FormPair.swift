/// One `name=value` sequence of the input, as byte offsets into it: the flat level of a form,
/// before any name is split into a key path or any value is unescaped.
struct FormPair {
    /// The name's bytes, as sent: `nameStart..<nameEnd`.
    var nameStart: Int32
    var nameEnd: Int32
    /// The value's bytes, as sent (after the first `=`; empty when there is none).
    var valueStart: Int32
    var valueEnd: Int32
    /// Whether the name or the value holds a `+`, a `%` or (under
    /// ``URLEncodedFormDecoder/InvalidInputPolicy/whatwg``) invalid UTF-8: text without these
    /// is read straight from the input.
    var nameIsEscaped: Bool
    var valueIsEscaped: Bool
    /// How many leading bytes the name shares with the previous pair's, where the scanner
    /// compared the two (to take over the bytes it need not scan again) and found fewer than
    /// 2¹⁵, or `-1`: the key-path splitter resumes from it without comparing them again.
    /// 16 bits keep a pair in 20 bytes.
    var sharedNameLength: Int16 = -1

    var valueIsEmpty: Bool { valueStart == valueEnd }
}
