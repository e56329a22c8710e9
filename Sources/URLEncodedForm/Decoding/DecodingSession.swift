/// The memory one decoding works in — the flat pairs, the tree's nodes, the unescaped names, a
/// name's segments and the typed decoder's state — kept by the decoder between decodings (in an
/// `IdleSlot`), so that the next decoding of a form about as large allocates none of it, and a
/// large one does not fault the same pages in again. Small sessions that no decoder keeps (a
/// decoder went away, or threads decoded at once) wait as the process's spares, so that a decoder
/// made per request starts from warm memory too.
///
/// Each buffer is lent to one stage at a time, which gives it back, grown, when the decoding
/// ends; nothing in it outlives the decoding but capacity.
///
/// `@unchecked Sendable`: a session is used by one decoding at a time. Between decodings it only
/// moves through the decoder's pool, and only when nothing else refers to it.
final class DecodingSession: @unchecked Sendable {
    /// The flat pairs of the last decoding: `takePairs()` lends them to the scanner.
    var pairs: [FormPair] = []
    /// The tree's nodes: lent to the `DecodedTree` of a decoding, which gives them back.
    var nodes = DecodedNodes(capacity: 1)
    /// Where names' escaped segments are unescaped to (`withNameMemory(count:_:)`).
    private var names = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 64)
    /// The segments of the name being split, behind a pointer, as the state is: reached without
    /// the exclusivity check a class's stored property costs.
    let keyPath: UnsafeMutablePointer<KeyPathBuffer>
    /// The state of the typed decoder that stands on the tree (`FormValueDecoder`).
    let decoderState: UnsafeMutablePointer<FormValueDecoder.State>

    init() {
        keyPath = .allocate(capacity: 1)
        keyPath.initialize(to: KeyPathBuffer())
        decoderState = .allocate(capacity: 1)
        decoderState.initialize(to: FormValueDecoder.State())
    }

    deinit {
        nodes.deallocate()
        names.deallocate()
        keyPath.deinitialize(count: 1)
        keyPath.deallocate()
        decoderState.deinitialize(count: 1)
        decoderState.deallocate()
    }

    /// The pairs' memory, leaving the session none until it is given back: taken out, the
    /// `Array` stays uniquely referenced, so that appending to it never copies it.
    func takePairs() -> [FormPair] {
        var taken: [FormPair] = []
        swap(&taken, &pairs)
        return taken
    }

    /// Lends `body` memory for `count` bytes of unescaped names, kept for the next decoding.
    func withNameMemory<Result>(count: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if names.count < count {
            names.deallocate()
            names = .allocate(capacity: count)
        }
        return try body(UnsafeMutableBufferPointer(rebasing: names[..<count]))
    }

    /// The memory the session holds.
    var capacityInBytes: Int {
        pairsAndNodesCapacityInBytes + names.count + keyPath.pointee.capacityInBytes + decoderState.pointee.capacityInBytes
    }

    private var pairsAndNodesCapacityInBytes: Int {
        pairs.capacity * MemoryLayout<FormPair>.stride + nodes.capacityInBytes
    }

    /// Whether the last decoding needed a good part of that memory: its pairs and nodes fill at
    /// least a quarter of what the session holds for them (a buffer doubles as it grows, so a
    /// decoding as large as the one that grew it fills at least half).
    var fitsLastDecoding: Bool {
        let used = pairs.count * MemoryLayout<FormPair>.stride + nodes.count * MemoryLayout<DecodedNode>.stride
        return used * 4 >= pairsAndNodesCapacityInBytes
    }

    /// Forgets the last decoding (its names' segments, its coding keys, its tables), keeping the
    /// memory.
    func removeAll() {
        pairs.removeAll(keepingCapacity: true)
        keyPath.pointee.removeForm()
        decoderState.pointee.removeAll()
    }

    // MARK: The process's spares

    /// At most `IdleMemoryLimits.spareCount`, of at most `IdleMemoryLimits.spareCapacity` each.
    private static let spares = LockedValue<[DecodingSession]>([])

    /// A spare session, emptied, if there is one.
    static func takeSpare() -> DecodingSession? {
        spares.withLock { $0.popLast() }
    }

    /// Keeps `session` (emptied) as a spare, unless it is large or enough are kept.
    static func keepSpare(_ session: DecodingSession) {
        guard session.capacityInBytes <= IdleMemoryLimits.spareCapacity else { return }
        spares.withLock { spares in
            if spares.count < IdleMemoryLimits.spareCount { spares.append(session) }
        }
    }
}
