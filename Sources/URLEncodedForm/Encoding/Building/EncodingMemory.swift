/// The memory an encoding works in: its tree builder and its writer's buffers, each behind a
/// pointer that a session copies into its own `let`s, so that containers reach the builder
/// without dynamic exclusivity checks and the `~Copyable` buffers are never copied.
///
/// An encoder keeps it with its sessions; when a session goes, its memory waits in the
/// process's spares (`spares`) for another encoder's sessions.
///
/// `@unchecked Sendable`: memory is used by one session at a time, and only moves between
/// threads through the pools, which hand it over with acquiring and releasing orderings.
final class EncodingMemory: ReusableMemory, @unchecked Sendable {
    let builder: UnsafeMutablePointer<TreeBuilder>
    let writerBuffers: UnsafeMutablePointer<WriterBuffers>

    /// What sessions that ended left, for new sessions of any encoder. (The next session's
    /// encoder may have other options: the escaped keys its writer kept check the escaping
    /// they were built with.)
    static let spares = IdleMemoryPool<EncodingMemory>(.spares)

    /// New, empty memory.
    init() {
        builder = .holding(TreeBuilder())
        writerBuffers = .holding(WriterBuffers())
    }

    deinit {
        builder.free()
        writerBuffers.free()
    }

    func removeAll() {
        builder.pointee.removeAll()
        // The text goes too: an encoding that throws before writing then reads as empty.
        writerBuffers.pointee.output.truncate(to: 0)
    }

    var capacityInBytes: Int {
        builder.pointee.capacityInBytes + writerBuffers.pointee.capacityInBytes
    }

    /// The text fills at least a quarter of the output buffer.
    var fitsLastUse: Bool {
        writerBuffers.pointee.output.count * 4 >= writerBuffers.pointee.output.capacityInBytes
    }
}
