#if canImport(Glibc)
import Glibc
#endif

/// Asks Linux to back a large block of fresh memory with 2 MiB pages before it is first written.
///
/// A large result is new memory, which the kernel maps a 4 KiB page at a time as the copy into
/// it first touches each one; advised, the copy takes one fault per 2 MiB instead (what that
/// saves: Benchmarks/README.md).
///
/// Only blocks of `threshold` bytes or more are advised. glibc's `malloc` gives every block that
/// large a mapping of its own (its mapping threshold never rises above 32 MiB), so the advice
/// reaches no other allocation, and the pages go back to the system with the block. Where
/// transparent huge pages are off, or off Linux, nothing changes.
enum HugePages {
    /// The smallest block advised.
    private static let threshold = 32 << 20
    /// The size of a huge page, and the alignment of the part of a block it can back.
    private static let size = 2 << 20

    /// Advises the whole huge pages inside `block` when it holds at least `threshold` bytes.
    static func advise(_ block: UnsafeMutableRawBufferPointer) {
        #if os(Linux) && canImport(Glibc)
        guard block.count >= threshold, let base = block.baseAddress else { return }
        let start = (Int(bitPattern: base) &+ size &- 1) & ~(size &- 1)
        let end = (Int(bitPattern: base) &+ block.count) & ~(size &- 1)
        // Advice the kernel cannot follow (no transparent huge pages) changes nothing: its
        // result is of no use.
        _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end &- start, MADV_HUGEPAGE)
        #endif
    }
}
