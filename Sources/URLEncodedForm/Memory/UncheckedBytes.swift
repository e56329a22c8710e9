import Foundation

/// A growable run of bytes written through raw pointers, without bounds checks: the one kind of
/// buffer every stage of an encoding appends to (escaped values, raw keys, the output). The
/// bytes' counterpart of `UncheckedArray`; not SwiftNIO's `ByteBuffer`, which checks.
///
/// It is `~Copyable` so that the memory has exactly one owner and is freed exactly once.
///
/// Every buffer keeps `slack` zeroed bytes past its capacity, so that a short range copied from
/// one buffer to another can be moved as a fixed 64 bytes (see `append(_:of:)`): reads and
/// writes past the range stay inside both allocations.
struct UncheckedBytes: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// The number of bytes written.
    private(set) var count = 0
    private static let slack = 64

    init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        self.base = Self.allocate(capacity: self.capacity)
    }

    /// Zeroed memory for `capacity` bytes and the slack, to be freed with `free`.
    ///
    /// `calloc` rather than allocating and zeroing: a large block comes from fresh pages,
    /// which are zero already, so the big buffers cost nothing to clear. Should it fail, the
    /// standard allocator reports the lack of memory as every Swift allocation does.
    private static func allocate(capacity: Int) -> UnsafeMutablePointer<UInt8> {
        let size = capacity + slack
        guard let memory = calloc(size, 1) else {
            let base = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
            base.initialize(repeating: 0, count: size)
            return base
        }
        return memory.bindMemory(to: UInt8.self, capacity: size)
    }

    deinit {
        free(base)
    }

    var capacityInBytes: Int { capacity }

    /// Makes room for `extra` more bytes and returns where they go; `commit(_:)` then counts
    /// the bytes actually written. A pointer, not a closure's argument: its writers (the escape
    /// loop, the number writers) store through it while the caller holds other buffers inout.
    mutating func reserve(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
        let needed = count + extra
        if needed > capacity {
            grow(to: needed)
        }
        return base + count
    }

    /// Counts `written` bytes stored at the pointer `reserve(_:)` returned.
    mutating func commit(_ written: Int) {
        assert(written >= 0 && count + written <= capacity, "committing \(written) bytes past \(count) of \(capacity)")
        count += written
    }

    mutating func append(_ byte: UInt8) {
        reserve(1).initialize(to: byte)
        count += 1
    }

    /// Appends `bytes` from outside any buffer (a string's UTF-8, a memoized key). Copies
    /// between buffers, the hot ones, go through `append(_:of:)`.
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        UnsafeMutableRawPointer(reserve(bytes.count)).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    /// Appends the bytes `range` of `source`, another buffer.
    ///
    /// A range of up to 64 bytes (a key, a value, a pair: nearly all of them) is moved as four
    /// 16-byte vectors whatever its length, without a branch on the length: what lies past the
    /// range is read from `source`'s slack or bytes and written into this buffer's slack or
    /// unused capacity, where nothing reads it.
    @inline(__always)
    mutating func append(_ range: Range<Int>, of source: borrowing UncheckedBytes) {
        assert(range.lowerBound >= 0 && range.upperBound <= source.count, "bytes \(range) of \(source.count)")
        let length = range.count
        let from = UnsafeRawPointer(source.base + range.lowerBound)
        let to = UnsafeMutableRawPointer(reserve(length))
        if length <= Self.slack {
            for offset in stride(from: 0, to: Self.slack, by: 16) {
                to.storeBytes(of: from.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self),
                              toByteOffset: offset, as: SIMD16<UInt8>.self)
            }
        } else {
            to.copyMemory(from: from, byteCount: length)
        }
        count += length
    }

    /// Drops every byte from `newCount` on. (Within the capacity, a larger count reads the bytes
    /// there, zeroed or written before: `ParameterWriter` moves back up to a level's key end after
    /// a custom array encoding replaced the key, and replaces it again before reading it.)
    mutating func truncate(to newCount: Int) {
        assert(newCount >= 0 && newCount <= capacity, "truncating \(count) bytes to \(newCount) of \(capacity)")
        count = newCount
    }

    /// The bytes of `range`, valid until the next write. A pointer, not a closure's argument:
    /// the writer reads one buffer's bytes while it appends to another of the same struct.
    func bytes(_ range: Range<Int>) -> UnsafeRawBufferPointer {
        assert(range.lowerBound >= 0 && range.upperBound <= count, "bytes \(range) of \(count)")
        return UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    @inline(never)
    private mutating func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed {
            newCapacity *= 2
        }
        let newBase = Self.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        free(base)
        base = newBase
        capacity = newCapacity
    }
}
