extension UnsafeRawBufferPointer {
    /// The number of bytes this and `other` begin with in common, compared sixteen at a time: the
    /// writer's sort skips what the keys of a level share, the decoder what a name shares with
    /// the name before it.
    func commonPrefixLength(with other: UnsafeRawBufferPointer) -> Int {
        let limit = Swift.min(count, other.count)
        guard limit > 0, let aBase = baseAddress, let bBase = other.baseAddress else { return 0 }
        var offset = 0
        // Sixteen bytes a step while they match (one SSE compare), then eight to find where.
        while offset &+ 16 <= limit
            && all(aBase.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self) .== bBase.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)) {
            offset &+= 16
        }
        while offset &+ 8 <= limit {
            let difference = UInt64(littleEndian: aBase.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                                        ^ bBase.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            if difference != 0 {
                // In little-endian order the first differing byte holds the lowest set bit.
                return offset &+ difference.trailingZeroBitCount / 8
            }
            offset &+= 8
        }
        while offset < limit && aBase.load(fromByteOffset: offset, as: UInt8.self) == bBase.load(fromByteOffset: offset, as: UInt8.self) {
            offset &+= 1
        }
        return offset
    }
}
