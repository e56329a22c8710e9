/// A form read into its tree: the flat pairs, the tree they merge into, and the bytes both
/// refer to. Made by `parse(_:options:body:)`, which lends it to `body` alone: the input and
/// the unescaped names are borrowed memory.
struct ParsedForm {
    let pairs: [FormPair]
    let tree: DecodedTree
    var bytes: FormBytes { tree.bytes }

    /// Reads `input` under `options`' limits and policies, and lends the result to `body`.
    ///
    /// - Throws: a ``URLEncodedFormDecoder/Error`` for the input; what `body` throws.
    static func parse<Result>(_ input: UnsafeBufferPointer<UInt8>, options: URLEncodedFormDecoder,
                              body: (ParsedForm) throws -> Result) throws -> Result {
        // Offsets are 32-bit: an input beyond 2 GiB is refused as too long even without a limit.
        let limit = min(options.limits.maximumInputLength ?? Int(Int32.max), Int(Int32.max))
        guard input.count <= limit else { throw URLEncodedFormDecoder.Error.inputTooLong(limit: limit) }
        let pairs = try FormScanner(input: input, options: options).pairs()


        // The names that must be unescaped, into one buffer, before the tree refers to them.
        // Unescaped text is never longer than escaped text, so their escaped length bounds it.
        var escapedLength = 0
        for pair in pairs where pair.nameIsEscaped { escapedLength += Int(pair.nameEnd - pair.nameStart) }
        var nameRanges: [TextRange] = []
        nameRanges.reserveCapacity(pairs.count)
        var names: [UInt8]
        if options.invalidInput == .whatwg {
            // Repaired text can be longer (U+FFFD for one byte): the rare policy takes the slow way.
            names = []
            for pair in pairs {
                guard pair.nameIsEscaped else {
                    nameRanges.append(TextRange(start: pair.nameStart, count: pair.nameEnd - pair.nameStart))
                    continue
                }
                let start = names.count
                names.append(contentsOf: PercentDecoding.string(unescaping: escapedName(of: pair, in: input)).utf8)
                nameRanges.append(TextRange(start: ~Int32(start), count: Int32(names.count - start)))
            }
        } else if escapedLength == 0 {
            // Not through `unsafeUninitializedCapacity`: for no bytes it would set the count of
            // the one empty-array storage every thread shares, which ThreadSanitizer reports.
            names = []
            for pair in pairs {
                nameRanges.append(TextRange(start: pair.nameStart, count: pair.nameEnd - pair.nameStart))
            }
        } else {
            names = [UInt8](unsafeUninitializedCapacity: escapedLength) { buffer, written in
                for pair in pairs {
                    guard pair.nameIsEscaped else {
                        nameRanges.append(TextRange(start: pair.nameStart, count: pair.nameEnd - pair.nameStart))
                        continue
                    }
                    let length = PercentDecoding.unescape(escapedName(of: pair, in: input),
                                                          into: UnsafeMutableBufferPointer(rebasing: buffer[written...]))
                    nameRanges.append(TextRange(start: ~Int32(written), count: Int32(length)))
                    written += length
                }
            }
        }

        return try names.withUnsafeBufferPointer { names in
            let bytes = FormBytes(input: input, names: names)
            var tree = DecodedTree(bytes: bytes, pairCount: pairs.count)
            let splitter = KeyPathSplitter(splitsOnDots: options.keyPathDecoding == .dots,
                                           maximumDepth: options.limits.maximumDepth)
            var path = KeyPathBuffer()
            for (index, range) in nameRanges.enumerated() {
                if try splitter.split(bytes.bytes(range), at: range, into: &path) {
                    tree.add(pair: Int32(index), plainKey: range)
                } else {
                    try tree.add(pair: Int32(index), path: path.segments)
                }
            }
            return try body(ParsedForm(pairs: pairs, tree: tree))
        }
    }

    private static func escapedName(of pair: FormPair, in input: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: input[Int(pair.nameStart)..<Int(pair.nameEnd)])
    }

    /// The value of `pair`, unescaped, as a `String`.
    func string(ofValue pair: Int32) -> String {
        let pair = pairs[Int(pair)]
        let raw = UnsafeBufferPointer(rebasing: bytes.input[Int(pair.valueStart)..<Int(pair.valueEnd)])
        return pair.valueIsEscaped ? PercentDecoding.string(unescaping: raw) : String(decoding: raw, as: UTF8.self)
    }

    /// Lends the value of `pair`'s bytes, unescaped, to `body`: straight from the input when
    /// nothing in it is escaped, else from `scratch`.
    func withValue<Result>(of pair: Int32, scratch: inout [UInt8],
                           _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        let pair = pairs[Int(pair)]
        let raw = UnsafeBufferPointer(rebasing: bytes.input[Int(pair.valueStart)..<Int(pair.valueEnd)])
        guard pair.valueIsEscaped else { return try body(raw) }
        if scratch.count < raw.count { scratch = Array(repeating: 0, count: raw.count) }
        return try scratch.withUnsafeMutableBufferPointer { buffer in
            let written = PercentDecoding.unescape(raw, into: buffer)
            return try body(UnsafeBufferPointer(rebasing: buffer[..<written]))
        }
    }
}
