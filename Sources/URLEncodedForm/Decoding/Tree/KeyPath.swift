/// One segment of a key path: a key, or `[]` ("append").
struct KeySegment {
    var text: TextRange
    var isAppend: Bool
}

/// Splits a decoded name into its key path: `base[segment]…` (and, with
/// ``URLEncodedFormDecoder/KeyPathDecoding/dots``, `base.segment…` too). A name that does not fit
/// the grammar is one plain key, the whole name: the total rule the README states, simpler than
/// Rack's, which reads such names its own way.
struct KeyPathSplitter {
    let splitsOnDots: Bool
    let maximumDepth: Int

    /// Replaces `segments` with the key path of `name` (the base first).
    ///
    /// - Throws: ``URLEncodedFormDecoder/Error/tooDeep(key:limit:)`` when the name opens more
    ///   segments (`[`, or `.` with dots) than the limit, whatever the rest of it holds.
    func split(_ name: UnsafeBufferPointer<UInt8>, at range: TextRange, into segments: inout [KeySegment]) throws(URLEncodedFormDecoder.Error) {
        segments.removeAll(keepingCapacity: true)
        let count = name.count
        // The depth is checked first, on a count of openers alone: a hostile name costs one
        // pass, and builds nothing.
        var openers = 0
        var baseEnd = -1
        for index in 0..<count where name[index] == UInt8(ascii: "[") || (splitsOnDots && name[index] == UInt8(ascii: ".")) {
            if baseEnd < 0 { baseEnd = index }
            openers += 1
        }
        if openers > maximumDepth {
            let base = UnsafeBufferPointer(rebasing: name[..<baseEnd])
            throw .tooDeep(key: String(String(decoding: base, as: UTF8.self).prefix(64)), limit: maximumDepth)
        }
        if openers == 0 || !appendPath(name, at: range, baseEnd: baseEnd, into: &segments) {
            segments.removeAll(keepingCapacity: true)
            segments.append(KeySegment(text: range, isAppend: false))
        }
    }

    /// Appends the base and the segments; `false` where the name does not fit the grammar.
    private func appendPath(_ name: UnsafeBufferPointer<UInt8>, at range: TextRange, baseEnd: Int,
                            into segments: inout [KeySegment]) -> Bool {
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
