import Foundation

/// One segment of a key path: a key, or `[]` ("append").
struct KeySegment {
    var text: TextRange
    var isAppend: Bool
}

/// The segments of the name being split, kept from name to name: overwritten in place rather
/// than emptied, which costs `Array` a call through its generic range replacement.
struct KeyPathBuffer {
    private var storage: [KeySegment] = []
    private var count = 0

    /// The current name's segments, the base first.
    var segments: ArraySlice<KeySegment> { storage[..<count] }

    mutating func removeAll() { count = 0 }

    mutating func append(_ segment: KeySegment) {
        if count < storage.count { storage[count] = segment } else { storage.append(segment) }
        count += 1
    }
}

/// Splits a decoded name into its key path: `base[segment]…` (and, with
/// ``URLEncodedFormDecoder/KeyPathDecoding/dots``, `base.segment…` too). A name that does not fit
/// the grammar is one plain key, the whole name: the total rule the README states, simpler than
/// Rack's, which reads such names its own way.
struct KeyPathSplitter {
    let splitsOnDots: Bool
    let maximumDepth: Int

    /// Replaces `segments` with the key path of `name` (the base first), unless the name is one
    /// plain key: then it returns `true` and leaves `segments` as they are.
    ///
    /// - Throws: ``URLEncodedFormDecoder/Error/tooDeep(key:limit:)`` when the name opens more
    ///   segments (`[`, or `.` with dots) than the limit, whatever the rest of it holds.
    func split(_ name: UnsafeBufferPointer<UInt8>, at range: TextRange, into segments: inout KeyPathBuffer) throws(URLEncodedFormDecoder.Error) -> Bool {
        let count = name.count
        // Most names have no path: `memchr` tells at once.
        guard let first = firstOpener(in: name) else { return true }
        // The depth is checked first, on a count of openers alone: a hostile name costs one
        // pass, and builds nothing.
        let baseEnd = first
        var openers = 0
        for index in first..<count where name[index] == UInt8(ascii: "[") || (splitsOnDots && name[index] == UInt8(ascii: ".")) {
            openers += 1
        }
        if openers > maximumDepth {
            let base = UnsafeBufferPointer(rebasing: name[..<baseEnd])
            throw .tooDeep(key: String(String(decoding: base, as: UTF8.self).prefix(64)), limit: maximumDepth)
        }
        segments.removeAll()
        return !appendPath(name, at: range, baseEnd: baseEnd, into: &segments)
    }

    /// The index of the first `[` (or `.` with dots) in `name`.
    private func firstOpener(in name: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = name.baseAddress else { return nil }
        var end = name.count
        if splitsOnDots, let dot = memchr(base, Int32(UInt8(ascii: ".")), end) {
            end = base.distance(to: dot.assumingMemoryBound(to: UInt8.self))
        }
        if let bracket = memchr(base, Int32(UInt8(ascii: "[")), end) {
            return base.distance(to: bracket.assumingMemoryBound(to: UInt8.self))
        }
        return end < name.count ? end : nil
    }

    /// Appends the base and the segments; `false` where the name does not fit the grammar.
    private func appendPath(_ name: UnsafeBufferPointer<UInt8>, at range: TextRange, baseEnd: Int,
                            into segments: inout KeyPathBuffer) -> Bool {
        // The base: not empty, no bracket in it.
        guard baseEnd > 0, !name[..<baseEnd].contains(UInt8(ascii: "]")) else { return false }
        segments.append(KeySegment(text: range.slice(0, baseEnd), isAppend: false))
        let count = name.count
        var index = baseEnd
        while index < count {
            let opener = name[index]
            var end = index + 1
            if opener == UInt8(ascii: "[") {
                // To the next `]`; a `[` before it, or none, does not fit.
                while end < count && name[end] != UInt8(ascii: "]") {
                    if name[end] == UInt8(ascii: "[") { return false }
                    end += 1
                }
                guard end < count else { return false }
                let length = end - index - 1
                segments.append(KeySegment(text: range.slice(index + 1, length), isAppend: length == 0))
                index = end + 1
            } else if splitsOnDots && opener == UInt8(ascii: ".") {
                // To the next `.` or `[`; not empty, and no `]` in it.
                while end < count && name[end] != UInt8(ascii: ".") && name[end] != UInt8(ascii: "[") {
                    if name[end] == UInt8(ascii: "]") { return false }
                    end += 1
                }
                guard end > index + 1 else { return false }
                segments.append(KeySegment(text: range.slice(index + 1, end - index - 1), isAppend: false))
                index = end
            } else {
                return false
            }
        }
        return true
    }
}
