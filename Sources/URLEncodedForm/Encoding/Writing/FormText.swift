/// The serialized text as the writer leaves it: pieces of its buffer, in order, lent to the body
/// of `EncodingSession.withSerialization(_:)` and valid during it alone.
///
/// A sorted level that nothing will move again (an array of records under the root) is not
/// rewritten in the buffer: the writer lists its segments in their sorted order, and copying
/// the text out puts them in place. The largest level is then copied once, into the result,
/// rather than once to reorder it and again into the result.
struct FormText {
    /// The writer's buffer.
    private let bytes: UnsafeRawBufferPointer
    /// Start and end offsets in `bytes` of the pieces, in text order. Their lengths add up to
    /// the buffer's (a level's pieces may use one of its `&` twice and another not at all).
    private let pieces: UnsafeBufferPointer<Int>

    init(bytes: UnsafeRawBufferPointer, pieces: UnsafeBufferPointer<Int>) {
        self.bytes = bytes
        self.pieces = pieces
    }

    /// The length of the text in bytes: reordering keeps it.
    var count: Int { bytes.count }

    /// Calls `body` with each piece of the text, in order.
    func forEachPiece(_ body: (UnsafeRawBufferPointer) -> Void) {
        for index in stride(from: 0, to: pieces.count, by: 2) {
            // A sorted level's pieces lie scattered through the buffer: the piece a few on is
            // asked for, so that cache misses overlap.
            let ahead = index &+ 2 &* Prefetch.distance
            if ahead < pieces.count {
                Prefetch.read(bytes.baseAddress! + pieces[ahead])
            }
            body(UnsafeRawBufferPointer(rebasing: bytes[pieces[index]..<pieces[index &+ 1]]))
        }
    }

    /// Copies the text to the start of `destination`, fresh memory that holds at least `count`
    /// bytes (a new result), which a large text first asks to be given huge pages.
    func copy(to destination: UnsafeMutableRawBufferPointer) {
        HugePages.advise(UnsafeMutableRawBufferPointer(rebasing: destination[..<count]))
        var written = 0
        forEachPiece { piece in
            UnsafeMutableRawBufferPointer(rebasing: destination[written..<written &+ piece.count]).copyMemory(from: piece)
            written &+= piece.count
        }
    }
}
