/// The memory one decoding works in — the flat pairs, the unescaped text, the tree, the
/// unescaped names, a name's segments and the typed decoder's state — kept by the decoder
/// between decodings (in its `IdleMemoryPool`), so that the next decoding of a form about as
/// large allocates none of it, and a large one does not fault the same pages in again. Small
/// sessions that no decoder keeps (a decoder went away, or more threads decoded at once than its
/// pool keeps) wait as the process's `spares`, so that a decoder made per request starts from
/// warm memory too.
///
/// Each buffer is lent to one stage at a time; nothing in it outlives the decoding but capacity.
/// They sit behind pointers held in `let`s: a stage reaches them without the dynamic exclusivity
/// check a class's stored `var` costs on every access, and the `~Copyable` ones are never copied.
///
/// `@unchecked Sendable`: a session is used by one decoding at a time. Between decodings it only
/// moves through the pools, and only when nothing else refers to it.
final class DecodingSession: ReusableMemory, @unchecked Sendable {
    /// The flat pairs of the last decoding: `takePairs()` lends them to the scanner,
    /// `keepPairs(_:)` takes them back.
    private let pairs: UnsafeMutablePointer<[FormPair]>
    /// The tree the pairs merge into.
    let tree: UnsafeMutablePointer<DecodedTree>
    /// Where names' escaped segments are unescaped to (`withNameMemory(count:_:)`).
    private let names: UnsafeMutablePointer<UncheckedArray<UInt8>>
    /// Where the scanner writes the escaped values unescaped (`UnescapedText`).
    let unescapedText: UnsafeMutablePointer<UncheckedArray<UInt8>>
    /// The segments of the name being split.
    let keyPath: UnsafeMutablePointer<KeyPathBuffer>
    /// The state of the typed decoder that stands on the tree (`FormValueDecoder`).
    let decoderState: UnsafeMutablePointer<FormValueDecoder.State>
    /// The boxes of the keyed containers the typed decoder handed out, kept to be handed out
    /// again during the decoding, and let go when it ends.
    let keyedContainers = ContainerShelf()

    /// What decoders that went away left, and the sessions their pools had no room for.
    static let spares = IdleMemoryPool<DecodingSession>(.spares)

    init() {
        pairs = .holding([])
        names = .holding(UncheckedArray())
        tree = .holding(DecodedTree())
        unescapedText = .holding(UncheckedArray())
        keyPath = .holding(KeyPathBuffer())
        decoderState = .holding(FormValueDecoder.State())
    }

    deinit {
        pairs.free()
        names.free()
        tree.free()
        unescapedText.free()
        keyPath.free()
        decoderState.free()
    }

    /// The pairs' memory, leaving the session none until it is given back: taken out, the
    /// `Array` stays uniquely referenced, so that appending to it never copies it.
    func takePairs() -> [FormPair] {
        var taken: [FormPair] = []
        swap(&taken, &pairs.pointee)
        return taken
    }

    /// Keeps `pairs`, the memory `takePairs()` lent, for the next decoding.
    func keepPairs(_ pairs: [FormPair]) {
        self.pairs.pointee = pairs
    }

    /// Lends `body` memory for `count` bytes of unescaped names, kept for the next decoding.
    func withNameMemory<Result>(count: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        names.pointee.removeAll(reservingCapacity: count)
        return try body(names.pointee.resize(to: count))
    }

    var capacityInBytes: Int {
        formSizedCapacityInBytes + names.pointee.capacityInBytes + keyPath.pointee.capacityInBytes + decoderState.pointee.capacityInBytes
    }

    /// What grows with the form: the pairs, the tree, the unescaped text.
    private var formSizedCapacityInBytes: Int {
        pairs.pointee.capacity * MemoryLayout<FormPair>.stride + tree.pointee.capacityInBytes + unescapedText.pointee.capacityInBytes
    }

    /// The last decoding's pairs, nodes and unescaped text (none when no value was escaped) fill
    /// at least a quarter of what the session holds for them.
    var fitsLastUse: Bool {
        let used = pairs.pointee.count * MemoryLayout<FormPair>.stride + tree.pointee.nodes.count * MemoryLayout<DecodedNode>.stride
            + unescapedText.pointee.count
        return used * 4 >= formSizedCapacityInBytes
    }

    /// Forgets the last decoding (its names' segments, its coding keys, its tables), keeping the
    /// memory but the tables'.
    func removeAll() {
        pairs.pointee.removeAll(keepingCapacity: true)
        unescapedText.pointee.truncate(to: 0)
        tree.pointee.end()
        keyPath.pointee.removeForm()
        decoderState.pointee.removeAll()
    }
}
