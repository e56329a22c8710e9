/// The memory an encoding works in: its tree builder and its writer's buffers, each behind a
/// pointer. An `EncodingSession` holds it as a `let`, so that containers reach the builder
/// without dynamic exclusivity checks and the `~Copyable` buffers are never copied.
///
/// `@unchecked Sendable`: memory is used by one session at a time, and only moves between
/// threads through the pools (`SessionPool`, `SpareSessionMemory`), which hand it over with
/// acquiring and releasing orderings.
struct SessionMemory: @unchecked Sendable {
    let builder: UnsafeMutablePointer<TreeBuilder>
    let writerBuffers: UnsafeMutablePointer<WriterBuffers>

    /// New, empty memory.
    init() {
        builder = .allocate(capacity: 1)
        builder.initialize(to: TreeBuilder())
        writerBuffers = .allocate(capacity: 1)
        writerBuffers.initialize(to: WriterBuffers())
    }

    /// Forgets the last encoding, keeping the memory for the next.
    func removeAll() {
        builder.pointee.removeAll()
        // The text goes too: an encoding that throws before writing then reads as empty.
        writerBuffers.pointee.output.truncate(to: 0)
    }

    /// The bytes it holds.
    var capacityInBytes: Int {
        builder.pointee.capacityInBytes + writerBuffers.pointee.capacityInBytes
    }

    /// Frees it; it must not be used again.
    func deallocate() {
        builder.deinitialize(count: 1)
        builder.deallocate()
        writerBuffers.deinitialize(count: 1)
        writerBuffers.deallocate()
    }
}
