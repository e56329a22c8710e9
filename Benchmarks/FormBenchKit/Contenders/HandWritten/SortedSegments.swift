import Foundation

/// Byte segments collected in one buffer, then written out in byte order joined by `&`: how
/// each level of a form is ordered when pairs are alphabetized. Sorting moves ranges, not bytes.
///
/// Byte order equals the reference's `String` order here because escaped segments are ASCII.
struct SortedSegments {
    private var bytes: [UInt8] = []
    private var ranges: [Range<Int>] = []

    /// Appends one segment, which `write` appends to the buffer it is given.
    mutating func append(_ write: (inout [UInt8]) -> Void) {
        let start = bytes.count
        write(&bytes)
        ranges.append(start..<bytes.count)
    }

    /// Appends the segments to `output` in byte order joined by `&`, and empties this
    /// collection for reuse, keeping its capacity.
    mutating func drain(into output: inout [UInt8]) {
        var ranges = self.ranges
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            ranges.sort { left, right in
                let order = memcmp(base + left.lowerBound, base + right.lowerBound, min(left.count, right.count))
                return order != 0 ? order < 0 : left.count < right.count
            }
            for (position, range) in ranges.enumerated() {
                if position > 0 { output.append(UInt8(ascii: "&")) }
                output.append(contentsOf: buffer[range])
            }
        }
        bytes.removeAll(keepingCapacity: true)
        self.ranges.removeAll(keepingCapacity: true)
    }
}
