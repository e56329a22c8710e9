/// The memory that names' unescaped segments are copied to, written once from the front while
/// the tree is built and read through `FormBytes` until the decoding ends. Its size is fixed
/// before the first name is read (the escaped length of every escaped name: unescaping never
/// lengthens text), so what was written never moves.
struct UnescapedNames {
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    /// How many bytes are written.
    private(set) var count = 0

    /// Names written into `buffer` (a session's, lent for the decoding), from its start.
    init(buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    /// All the memory, written or not: what `FormBytes` reads the written ranges from.
    var memory: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(buffer) }

    /// Appends `escaped` unescaped, and returns where it is. Names are only unescaped here under
    /// the `.throw` policy (under `.whatwg` they are repaired whole first), so every `%` in them
    /// begins a valid escape.
    mutating func append(unescaping escaped: UnsafeBufferPointer<UInt8>) -> TextRange {
        assert(count + escaped.count <= buffer.count, "unescaped names past the memory sized for them")
        let length = PercentDecoding.unescape(escaped, checked: true, into: UnsafeMutableBufferPointer(rebasing: buffer[count...]))
        defer { count += length }
        return TextRange(start: ~Int32(count), count: Int32(length))
    }

    /// Forgets what was written since `mark` (a `count`): the segments of a name that turned
    /// out to be one plain key.
    mutating func rewind(to mark: Int) {
        assert(mark <= count, "rewinding forward")
        count = mark
    }
}
