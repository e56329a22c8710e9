extension String {
    /// Calls `body` with the string's UTF-8 bytes: in place when the string stores them
    /// contiguously (every native string does), else from a contiguous copy (a string bridged
    /// from `NSString` on Apple platforms).
    ///
    /// Unlike `withUTF8`, which is `mutating`, it needs no copy of the string to call it on, and
    /// so no retain and release of a heap string's storage for every value escaped.
    @inline(__always)
    func withUTF8Bytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable({ try body(UnsafeRawBufferPointer($0)) }) {
            return result
        }
        var contiguous = self
        return try contiguous.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
    }
}
