/// The scanner's unescaped copy of the escaped values of a form, written as it checks them:
/// each escape's byte is stored as soon as it is read and checked, so that no value is read a
/// second time to be unescaped. (Names are not written: the key-path splitter unescapes the
/// few segments that need it as it splits them.)
///
/// The values are written one after another, from the start of memory as long as the input:
/// unescaped text is never longer than escaped text, so the text written so far never passes
/// where the value being read was sent, and a value's pair keeps where its unescaped text lies
/// (`FormPair.valueStart`, `FormPair.valueEnd`). Written end to end rather than each at the
/// offset it was sent from, the text fills fewer cache lines, which the typed reading reads
/// again. Plain bytes are not copied as they are skipped: a value with no escape is never
/// written, and within an escaped one the plain bytes since the last escape are copied when the
/// next escape, or the value's end, is met. The memory itself is taken the first time anything
/// is written: a form with no escaped value takes none.
///
/// What is written is what `PercentDecoding.unescape` writes, under either policy: a `%` that
/// begins no escape (`.whatwg`) is a plain byte, and bytes that are not UTF-8 are written as
/// they are, to be repaired when they are read.
struct UnescapedText: ~Copyable {
    private let memory: UnsafeMutablePointer<UncheckedArray<UInt8>>
    private let input: UnsafeBufferPointer<UInt8>
    private var output: UnsafeMutablePointer<UInt8>?
    /// Whether the part being read is a value (and so written).
    private var writesPart = false
    /// Where the next unescaped byte goes: never past `copied`.
    private var written = 0
    /// Where the value being read is written from.
    private(set) var valueStart = 0
    /// The input offset up to which the value is written: the bytes from it to the next escape
    /// are plain.
    private var copied = 0

    /// A writer into `memory`, which is resized to `input`'s length when first written to.
    init(into memory: UnsafeMutablePointer<UncheckedArray<UInt8>>, for input: UnsafeBufferPointer<UInt8>) {
        self.memory = memory
        self.input = input
    }

    /// What was written, with room for as many bytes as the input (nothing when no value was
    /// escaped): each escaped value's text at its pair's offsets.
    var text: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: output, count: output == nil ? 0 : input.count)
    }

    /// Starts a name: nothing is written until its value starts.
    @inline(__always)
    mutating func startName() {
        writesPart = false
    }

    /// Starts the value sent from `offset` on, to be written after the values before it.
    @inline(__always)
    mutating func startValue(at offset: Int) {
        assert(written <= offset, "unescaped text past the value being read")
        writesPart = true
        valueStart = written
        copied = offset
    }

    /// Ends the value (escaped) sent up to `offset`, and returns where its unescaped text ends
    /// (it starts at `valueStart`).
    @inline(__always)
    mutating func endValue(at offset: Int) -> Int {
        assert(writesPart, "ending a value that was not started")
        copyPlainBytes(upTo: offset)
        return written
    }

    /// Writes `byte`, which the `length` input bytes at `offset` spell (an escape, or a `+`).
    @inline(__always)
    mutating func write(_ byte: UInt8, spelledBy length: Int, at offset: Int) {
        guard writesPart else { return }
        copyPlainBytes(upTo: offset)
        output.unsafelyUnwrapped[written] = byte
        written &+= 1
        copied = offset &+ length
    }

    /// Writes a run of escapes that starts at `offset`: lends `body` the memory its bytes go
    /// to (`nil` in a name), which returns where the run ends and how many bytes it wrote. The
    /// memory lent has room for at least the input's bytes from `offset` on (text is written
    /// no further than where it was read), and the bytes past those written are scratch.
    @inline(__always)
    mutating func writeRun(at offset: Int, _ body: (UnsafeMutablePointer<UInt8>?) -> (end: Int, count: Int)) -> Int {
        guard writesPart else { return body(nil).end }
        copyPlainBytes(upTo: offset)
        let (end, count) = body(output.unsafelyUnwrapped + written)
        assert(written + count <= end, "unescaped text past its value")
        written &+= count
        copied = end
        return end
    }

    /// Writes the plain bytes from the last escape up to `offset`.
    @inline(__always)
    private mutating func copyPlainBytes(upTo offset: Int) {
        let base = output ?? takeMemory()
        let length = offset &- copied
        // A few bytes (a word between escapes) as one word, where the input has eight bytes
        // to read (the memory has as many to write: `written` is at most `copied`).
        if length <= 8 && copied &+ 8 <= input.count {
            UnsafeMutableRawPointer(base + written).storeBytes(
                of: UnsafeRawPointer(input.baseAddress! + copied).loadUnaligned(as: UInt64.self), as: UInt64.self)
        } else {
            (base + written).update(from: input.baseAddress! + copied, count: length)
        }
        written &+= length
        copied = offset
    }

    @inline(never)
    private mutating func takeMemory() -> UnsafeMutablePointer<UInt8> {
        memory.pointee.removeAll(reservingCapacity: input.count)
        let base = memory.pointee.resize(to: input.count).baseAddress!
        output = base
        return base
    }
}
