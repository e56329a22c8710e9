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

    var valueIsEmpty: Bool { valueStart == valueEnd }
}
