/// A form read into its tree: the flat pairs, the tree they merge into, and the bytes both
/// refer to. Made by `parse(_:options:body:)`, which lends it to `body` alone: the input, the
/// unescaped text and the unescaped names are borrowed memory.
struct ParsedForm {
    let pairs: [FormPair]
    /// The session's tree, built; read only from here on.
    let tree: UnsafePointer<DecodedTree>
    /// Its nodes.
    let nodes: UnsafeBufferPointer<DecodedNode>
    let bytes: FormBytes
    /// The escaped values, unescaped by the scanner one after another (at their pairs' offsets).
    let unescapedText: UnsafeBufferPointer<UInt8>
    /// Whether the scanner threw for any escape or UTF-8 that is not valid (the `.throw`
    /// policy), so that values beyond ASCII need no second check.
    let escapesAreChecked: Bool

    /// Reads `input` under `options`' limits and policies into `session`'s memory, and lends
    /// the result to `body`. A key path deeper than `maximumPathDepth` segments is refused too.
    ///
    /// - Throws: a ``URLEncodedFormDecoder/Error`` for the input; what `body` throws.
    static func parse<Result>(_ input: UnsafeBufferPointer<UInt8>, options: DecodingOptions,
                              maximumPathDepth: Int = .max,
                              session: DecodingSession, body: (ParsedForm) throws -> Result) throws -> Result {
        // Offsets are 32-bit: an input beyond 2 GiB is refused as too long even without a limit.
        let limit = min(options.limits.maximumInputLength ?? Int(Int32.max), Int(Int32.max))
        guard input.count <= limit else { throw URLEncodedFormDecoder.Error.inputTooLong(limit: limit) }
        var text = UnescapedText(into: session.unescapedText, for: input)
        let pairs = try FormScanner(input: input, options: options).pairs(reusing: session.takePairs(), unescapingInto: &text)
        defer { session.keepPairs(pairs) }
        let unescapedText = text.text
        let splitter = KeyPathSplitter(splitsOnDots: options.keyPathDecoding == .dots,
                                       maximumDepth: options.limits.maximumDepth, maximumPathDepth: maximumPathDepth)

        /// Builds the tree from each pair's name (`name(pair)`: its text, and whether it is
        /// escaped as sent), with segments unescaped into `names`.
        func build(names: inout UnescapedNames, otherNames: UnsafeBufferPointer<UInt8>? = nil,
                   name: (Int) -> (TextRange, isEscaped: Bool)) throws -> Result {
            let bytes = FormBytes(input: input, names: otherNames ?? names.memory)
            let tree = session.tree
            tree.pointee.start(bytes: bytes, pairCount: pairs.count)
            let path = session.keyPath
            for index in pairs.indices {
                // In a large form the names lie far apart among the values, out of the caches
                // since the scan: the name a few pairs on is fetched while this one is split.
                if index &+ Prefetch.distance < pairs.count {
                    Prefetch.read(input.baseAddress! + Int(pairs[index &+ Prefetch.distance].nameStart))
                }
                let (range, isEscaped) = name(index)
                // The scanner measures what names share as sent, under `.throw` only: where
                // names are repaired first (`.whatwg`, below), every length is unknown. A name
                // that is the last one whole, whose path ended in `[]` after a key, appends to
                // the same array: the split and the path are the last ones still.
                if index > 0 && Int(pairs[index].sharedNameLength) == Int(range.count)
                    && pairs[index &- 1].nameEnd &- pairs[index &- 1].nameStart == range.count
                    && tree.pointee.repeatLastAppend(pair: PairID(index: Int32(index))) {
                    continue
                }
                // A name that is the last one but for its last key, a plain one, where the last
                // path went through no `[]`, sets its value beside the last one's.
                if tree.pointee.canSetSibling,
                   let key = splitter.splitSibling(bytes.bytes(range), at: range, sharedLength: pairs[index].sharedNameLength,
                                                   into: &path.pointee) {
                    tree.pointee.setSiblingValue(pair: PairID(index: Int32(index)), key: key)
                    continue
                }
                switch try splitter.split(bytes.bytes(range), at: range, isEscaped: isEscaped,
                                          sharedLength: pairs[index].sharedNameLength, names: &names, into: &path.pointee) {
                case .plainKey(let key): tree.pointee.add(pair: PairID(index: Int32(index)), plainKey: key)
                case .path(let shared): try tree.pointee.add(pair: PairID(index: Int32(index)), path: path.pointee.segments, shared: shared)
                }
            }
            return try body(ParsedForm(pairs: pairs, tree: UnsafePointer(tree), nodes: tree.pointee.builtNodes, bytes: bytes,
                                       unescapedText: unescapedText, escapesAreChecked: options.invalidInput == .throw))
        }

        if options.invalidInput == .whatwg {
            // Repaired text can be longer than it was sent (U+FFFD for one byte), so the names
            // are unescaped whole, as strings, before they are split: the rare policy's slow way.
            var decoded: [UInt8] = []
            var ranges: [TextRange] = []
            ranges.reserveCapacity(pairs.count)
            for pair in pairs {
                guard pair.nameIsEscaped else {
                    ranges.append(TextRange(start: pair.nameStart, count: pair.nameEnd - pair.nameStart))
                    continue
                }
                let start = decoded.count
                let sent = UnsafeBufferPointer(rebasing: input[Int(pair.nameStart)..<Int(pair.nameEnd)])
                decoded.append(contentsOf: PercentDecoding.string(unescaping: sent, checked: false).utf8)
                ranges.append(TextRange(start: ~Int32(start), count: Int32(decoded.count - start)))
            }
            // Split as they are: nothing is unescaped into the (empty) names.
            var unused = UnescapedNames(buffer: UnsafeMutableBufferPointer(start: nil, count: 0))
            return try decoded.withUnsafeBufferPointer { decoded in
                try build(names: &unused, otherNames: decoded) { (ranges[$0], false) }
            }
        }
        // Unescaped text is never longer than escaped text: the escaped names' length bounds it.
        var escapedLength = 0
        for pair in pairs where pair.nameIsEscaped { escapedLength += Int(pair.nameEnd - pair.nameStart) }
        return try session.withNameMemory(count: escapedLength) { memory in
            var names = UnescapedNames(buffer: memory)
            return try build(names: &names) { index in
                let pair = pairs[index]
                return (TextRange(start: pair.nameStart, count: pair.nameEnd - pair.nameStart), pair.nameIsEscaped)
            }
        }
    }

    /// The value of `pair`, unescaped, as a `String`; under the WHATWG policy, bytes that are
    /// not UTF-8 become U+FFFD as the standard's decoder replaces them.
    func string(ofValue pair: PairID) -> String {
        let pair = pairs[pair]
        let text = value(of: pair)
        guard escapesAreChecked else { return String(decoding: text, as: UTF8.self) }
        // `UTF8Span`, the one way to a `String` without checking its UTF-8 again (or, for
        // ASCII, its bytes' high bits), came with Swift 6.2 and, on Apple's systems, with these
        // releases; elsewhere it is checked again.
        #if compiler(>=6.2)
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            let isASCII = !pair.valueSpelling.contains(.beyondASCII)
            assert(isASCII ? text.allSatisfy { $0 < 0x80 } : String(validating: text, as: UTF8.self) != nil,
                   "unescaped text that is not what the scanner found")
            return String(copying: UTF8Span(unchecked: text.span, isKnownASCII: isASCII))
        }
        #endif
        return String(decoding: text, as: UTF8.self)
    }

    /// The value of `pair`'s bytes, unescaped.
    @inline(__always)
    func value(of pair: PairID) -> UnsafeBufferPointer<UInt8> {
        value(of: pairs[pair])
    }

    @inline(__always)
    private func value(of pair: FormPair) -> UnsafeBufferPointer<UInt8> {
        let bounds = Int(pair.valueStart)..<Int(pair.valueEnd)
        return UnsafeBufferPointer(rebasing: pair.valueIsEscaped ? unescapedText[bounds] : bytes.input[bounds])
    }
}
