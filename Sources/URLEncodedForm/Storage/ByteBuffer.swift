import Foundation

/// A growable run of bytes written through raw pointers: the one buffer every stage of an
/// encoding appends to (escaped values, raw keys, the output).
///
/// It is `~Copyable` so that the memory has exactly one owner and is freed exactly once.
///
/// Every buffer keeps `slack` zeroed bytes past its capacity, so that a short range copied from
/// one buffer to another can be moved as a fixed 64 bytes (see `append(_:of:)`): reads and
/// writes past the range stay inside both allocations.
struct ByteBuffer: ~Copyable {
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
    /// the bytes actually written.
    mutating func reserve(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
        let needed = count + extra
        if needed > capacity {
            grow(to: needed)
        }
        return base + count
    }

    /// Counts `written` bytes stored at the pointer `reserve(_:)` returned.
    mutating func commit(_ written: Int) {
        count += written
    }

    mutating func append(_ byte: UInt8) {
        reserve(1).initialize(to: byte)
        count += 1
    }

    // Inlined: the writer appends a few short byte ranges per pair, and a call costs more
    // than copying them (measured with callgrind on the catalog payload).
    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        let length = bytes.count
        guard let source = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), length > 0 else { return }
        Self.copy(from: source, to: reserve(length), count: length)
        count += length
    }

    /// Appends the bytes `range` of `source`, another buffer.
    ///
    /// A range of up to 64 bytes (a key, a value, a pair: nearly all of them) is moved as four
    /// 16-byte vectors whatever its length, without a branch on the length: what lies past the
    /// range is read from `source`'s slack or bytes and written into this buffer's slack or
    /// unused capacity, where nothing reads it.
    @inline(__always)
    mutating func append(_ range: Range<Int>, of source: borrowing ByteBuffer) {
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

    /// Copies `count` bytes between buffers that do not overlap: up to 32 without a call to
    /// memcpy, as two moves that overlap in the middle (two 16-byte vectors for 16 to 32
    /// bytes, two 8-byte words for 8 to 16, two 4-byte words for 4 to 7), which cover every
    /// byte and touch nothing outside. Keys and values are mostly that short.
    @inline(__always)
    private static func copy(from source: UnsafePointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>, count: Int) {
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(destination)
        if count > 32 {
            destination.update(from: source, count: count)
        } else if count >= 16 {
            let head = from.loadUnaligned(as: SIMD16<UInt8>.self)
            let tail = from.loadUnaligned(fromByteOffset: count &- 16, as: SIMD16<UInt8>.self)
            to.storeBytes(of: head, as: SIMD16<UInt8>.self)
            to.storeBytes(of: tail, toByteOffset: count &- 16, as: SIMD16<UInt8>.self)
        } else if count >= 8 {
            let head = from.loadUnaligned(as: UInt64.self)
            let tail = from.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: count &- 8, as: UInt64.self)
        } else if count >= 4 {
            let head = from.loadUnaligned(as: UInt32.self)
            let tail = from.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: count &- 4, as: UInt32.self)
        } else {
            for offset in 0..<count {
                destination[offset] = source[offset]
            }
        }
    }

    /// Drops every byte from `newCount` on.
    mutating func truncate(to newCount: Int) {
        count = newCount
    }

    /// The bytes of `range`, valid until the next write.
    func bytes(_ range: Range<Int>) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count)
    }

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
