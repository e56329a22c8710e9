import CPercentEscapes

/// The flat level of a form, read as the WHATWG URL standard reads
/// `application/x-www-form-urlencoded`, in one pass over the bytes: sequences split on `&` only
/// (never `;`), empty ones skipped, the name up to the first `=`. Every check on the flat level
/// happens here, before anything is built: the parameter count, and — over the whole input,
/// whether the decoded type reads the value or not — the percent escapes and the UTF-8 they
/// spell. Each escaped value is unescaped as it is checked (`UnescapedText`).
struct FormScanner {
    private let input: UnsafeBufferPointer<UInt8>
    private let throwsOnInvalidInput: Bool
    private let maximumParameterCount: Int
    /// The static tables, held: a static's every read checks that it is initialized.
    private let hexDigits = HexDigit.values
    private let classes = Self.byteClasses
    private let transitions = UTF8Transitions.table
    /// Whether a name is read in one block of 32 bytes where it can be (`cpercent_scan_name`).
    private let readsNamesInBlocks = cpercent_widest_block() >= 32

    init(input: UnsafeBufferPointer<UInt8>, options: DecodingOptions) {
        self.input = input
        self.throwsOnInvalidInput = options.invalidInput == .throw
        self.maximumParameterCount = options.limits.maximumParameterCount
    }

    /// What each byte value is to the scanner: most bytes are `plain` and cost one table read.
    private enum ByteClass: UInt8 {
        case plain, ampersand, equals, percent, plus, nonASCII
    }

    private static let byteClasses = ByteTable<ByteClass> { byte in
        switch byte {
        case UInt8(ascii: "&"): return .ampersand
        case UInt8(ascii: "="): return .equals
        case UInt8(ascii: "%"): return .percent
        case UInt8(ascii: "+"): return .plus
        case 0x80...: return .nonASCII
        default: return .plain
        }
    }

    /// The pairs, in input order, in the memory of `storage` (whatever it held is forgotten),
    /// their escaped parts written to `text`.
    ///
    /// - Throws: ``URLEncodedFormDecoder/Error/tooManyParameters(limit:)`` as soon as one more
    ///   sequence than the limit is seen; under ``URLEncodedFormDecoder/InvalidInputPolicy/throw``,
    ///   ``URLEncodedFormDecoder/Error/invalidPercentEscape(offset:)`` and
    ///   ``URLEncodedFormDecoder/Error/invalidUTF8(offset:)``.
    func pairs(reusing storage: consuming [FormPair], unescapingInto text: inout UnescapedText) throws(URLEncodedFormDecoder.Error) -> [FormPair] {
        var pairs = storage
        pairs.removeAll(keepingCapacity: true)
        // A guess from the input's length (a pair takes a few bytes at least), capped: growing
        // past it costs a copy or two, never a wrong answer. (Memory kept from a larger
        // decoding is already large enough.)
        pairs.reserveCapacity(min(input.count / 16 + 1, 4_096))
        let count = input.count
        var index = 0
        while index < count {
            let start = index
            var equals = -1
            // What the part being read (the name until the first `=`, then the value) holds,
            // and whether the name needs unescaping.
            var spelling: FormPair.Spelling = []
            var nameIsEscaped = false
            var sharedNameLength: Int16 = -1
            text.startName()
            if let last = pairs.last, last.nameIsEscaped || last.nameEnd - last.nameStart >= Self.takeOverLength {
                (index, sharedNameLength) = readAhead(nameAt: start, after: last, &spelling)
            }
            scan: while index < count {
                switch classes[input[index]] {
                case .plain:
                    // A run of plain text is skipped eight bytes at a time; a lone byte
                    // between escapes (`%5Bn%5D`) is not worth loading a word for.
                    index += 1
                    if index < count && classes[input[index]] == .plain { index = skipPlainBytes(from: index + 1) }
                case .ampersand:
                    break scan
                case .equals:
                    if equals < 0 {
                        nameIsEscaped = spelling.contains(.escaped)
                        spelling = []
                        equals = index
                        text.startValue(at: index + 1)
                    }
                    index += 1
                case .plus:
                    spelling.insert(.escaped)
                    if equals >= 0, case let end = bulk(from: index, &spelling, &text), end > index {
                        index = end
                        continue
                    }
                    text.write(UInt8(ascii: " "), spelledBy: 1, at: index)
                    index += 1
                case .percent:
                    spelling.insert(.escaped)
                    if equals >= 0, case let end = bulk(from: index, &spelling, &text), end > index {
                        index = end
                        continue
                    }
                    if let byte = escapedByte(at: index), byte < 0x80 {
                        text.write(byte, spelledBy: 3, at: index)
                        index &+= 3
                    } else {
                        spelling.insert(.beyondASCII)
                        index = try escapes(from: index, &spelling, &text)
                    }
                case .nonASCII:
                    spelling.insert(.beyondASCII)
                    index = try sequence(at: index, lead: input[index], leadLength: 1, &spelling, &text)
                }
            }
            guard index > start else {
                index += 1
                continue
            }
            if pairs.count == maximumParameterCount { throw .tooManyParameters(limit: maximumParameterCount) }
            let end = Int32(truncatingIfNeeded: index)
            if equals < 0 {
                pairs.append(FormPair(nameStart: Int32(truncatingIfNeeded: start), nameEnd: end, valueStart: end, valueEnd: end,
                                      nameIsEscaped: spelling.contains(.escaped), valueSpelling: [], sharedNameLength: sharedNameLength))
            } else {
                // An escaped value is read from its unescaped text, where it was written.
                var value = (start: Int32(truncatingIfNeeded: equals + 1), end: end)
                if spelling.contains(.escaped) {
                    value.end = Int32(truncatingIfNeeded: text.endValue(at: index))
                    value.start = Int32(truncatingIfNeeded: text.valueStart)
                }
                pairs.append(FormPair(nameStart: Int32(truncatingIfNeeded: start), nameEnd: Int32(truncatingIfNeeded: equals),
                                      valueStart: value.start, valueEnd: value.end,
                                      nameIsEscaped: nameIsEscaped, valueSpelling: spelling, sharedNameLength: sharedNameLength))
            }
            index += 1
        }
        return pairs
    }

    /// The length from which a name is compared with the next. A deep object's names repeat
    /// hundreds of bytes (`chains%5B0%5D%5Bn%5D%5Bn%5D…`); the names of a record in a list
    /// (`items%5B7%5D%5Bname%5D`) share less than taking over costs (Benchmarks/README).
    private static let takeOverLength: Int32 = 64

    /// Where the scanner's loop starts reading the name at `start`, and how many bytes it shares
    /// with `last`'s name (`-1`: not measured), where the last name was escaped or long: what it
    /// can of the name is taken over from the last (`takeOverName(at:from:_:)`, under the
    /// `.throw` policy), else an escaped name is read in one block where it can be
    /// (`nameInOneBlock(at:after:_:)`). Marks `spelling` escaped when what it read holds an
    /// escape. What names share is measured under `.throw` only: under `.whatwg` they are split
    /// as repaired, not as sent (`ParsedForm`).
    ///
    /// Kept out of the scanner's loop, which it would otherwise slow for every form.
    @inline(never)
    private func readAhead(nameAt start: Int, after last: FormPair, _ spelling: inout FormPair.Spelling) -> (Int, Int16) {
        let (index, shared) = throwsOnInvalidInput ? takeOverName(at: start, from: last, &spelling) : (start, -1)
        // A name escaped like the last, which a word at a time would skip only up to its first
        // escape; a plain one is skipped as fast that way.
        guard index == start && last.nameIsEscaped && readsNamesInBlocks,
              case let (end, sharedInBlock) = nameInOneBlock(at: start, after: last, &spelling), end > start
        else { return (index, shared) }
        return (end, throwsOnInvalidInput ? sharedInBlock : -1)
    }

    /// Where scanning the name at `start` begins, and how many bytes it shares with `last`'s
    /// name (`-1`: not measured), taking over what it can of `last`'s name, which was scanned
    /// and found valid (this is only done under the `.throw` policy, where anything invalid has
    /// thrown); marks `spelling` escaped when what it takes over holds an escape.
    ///
    /// - A long name (`takeOverLength` or more) is compared with the last one; its bytes up to a
    ///   point where no escape or character is cut in two are taken over.
    /// - A shorter one, where the last was escaped, is taken over when it begins with the last
    ///   one whole (every escape and character in it complete): an array's elements
    ///   (`tags%5B%5D=…&tags%5B%5D=…`), a repeated key. Plain names are not compared: they are
    ///   skipped eight bytes at a time, where an escaped one costs a step per escape.
    @inline(__always)
    private func takeOverName(at start: Int, from last: FormPair, _ spelling: inout FormPair.Spelling) -> (Int, Int16) {
        if last.nameEnd - last.nameStart >= Self.takeOverLength {
            let shared = sharedLength(ofNameAt: start, with: last)
            return (start + takenOverLength(ofNameAt: start, sharing: shared, with: last, &spelling), Int16(exactly: shared) ?? -1)
        }
        guard startsWithName(of: last, at: start) else { return (start, -1) }
        spelling.insert(.escaped)
        return (start + Int(last.nameEnd - last.nameStart), Int16(truncatingIfNeeded: last.nameEnd - last.nameStart))
    }

    /// Whether the pair at `start` begins with `last`'s whole name (shorter than
    /// `takeOverLength`). Those bytes hold no `&` and no `=`, being a name's: the name at
    /// `start` goes on at least that far.
    @inline(__always)
    private func startsWithName(of last: FormPair, at start: Int) -> Bool {
        let length = Int(last.nameEnd &- last.nameStart)
        guard start &+ length <= input.count else { return false }
        let base = UnsafeRawPointer(input.baseAddress!)
        // Most names that differ do in their first eight bytes, and most names are no longer:
        // one word each answers (the last name starts before this one, where eight bytes are
        // read as well). Up to 16 bytes, a second word each, the last eight: an array's elements
        // sent with indices (`texts%5B12%5D`) differ there.
        if start &+ 8 <= input.count {
            let difference = ByteWord.load(base, at: start) ^ ByteWord.load(base, at: Int(last.nameStart))
            let compared: UInt64 = length >= 8 ? ~0 : (1 &<< UInt64(length &* 8)) &- 1
            guard difference & compared == 0 else { return false }
            if length <= 8 { return true }
            if length <= 16 {
                return ByteWord.load(base, at: start &+ length &- 8) == ByteWord.load(base, at: Int(last.nameStart) &+ length &- 8)
            }
        }
        return UnsafeRawBufferPointer(start: base + Int(last.nameStart), count: length)
            .commonPrefixLength(with: UnsafeRawBufferPointer(start: base + start, count: length)) == length
    }

    /// How many leading bytes the name at `start` shares with `last`'s. They hold no `&` and
    /// no `=`, being the last name's: the name at `start` goes on at least that far.
    private func sharedLength(ofNameAt start: Int, with last: FormPair) -> Int {
        let lastName = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: input[Int(last.nameStart) ..< Int(last.nameEnd)]))
        let name = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: input[start ..< min(input.count, start + lastName.count)]))
        return lastName.commonPrefixLength(with: name)
    }

    /// How many leading bytes of the name at `start` need no scanning: of the `shared` bytes
    /// it shares with `last`'s name, scanned already and found valid (this is only done under
    /// the `.throw` policy, where anything invalid has thrown), those up to just after a plain
    /// byte sent raw, where no escape and no character is cut in two. Marks `spelling`
    /// escaped when they hold an escape.
    private func takenOverLength(ofNameAt start: Int, sharing shared: Int, with last: FormPair,
                                 _ spelling: inout FormPair.Spelling) -> Int {
        var length = shared
        let shortest = max(0, length - 16)
        while length > shortest {
            let end = start + length
            if classes[input[end - 1]] == .plain && (length < 2 || input[end - 2] != UInt8(ascii: "%"))
                && (length < 3 || input[end - 3] != UInt8(ascii: "%")) { break }
            length -= 1
        }
        guard length > shortest else { return 0 }
        if last.nameIsEscaped && input[start ..< start + length].contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) {
            spelling.insert(.escaped)
        }
        return length
    }

    /// Where the name at `start` ends, if it is ASCII as sent and unescaped and ends within 32
    /// bytes, and how many bytes it shares with `last`'s name (`cpercent_scan_name`), marking
    /// `spelling` escaped when it holds an escape or a `+`; else `start` and `-1`, for the
    /// scanner's loop to read it.
    @inline(__always)
    private func nameInOneBlock(at start: Int, after last: FormPair, _ spelling: inout FormPair.Spelling) -> (Int, Int16) {
        var escaped: Int32 = 0
        var shared = 0
        // The last name starts before this one, which has 32 bytes to read: so has the last.
        let length = cpercent_scan_name(input.baseAddress! + start, input.count &- start, input.baseAddress! + Int(last.nameStart),
                                        Int(last.nameEnd &- last.nameStart), &escaped, &shared)
        guard length > 0 else { return (start, -1) }
        if escaped != 0 { spelling.insert(.escaped) }
        return (start &+ length, Int16(truncatingIfNeeded: shared))
    }

    /// The first index from `index` on whose byte is not plain (`&`, `=`, `%`, `+` or
    /// non-ASCII), or the end: eight bytes at a time, since most of a form is plain text.
    @inline(__always)
    private func skipPlainBytes(from index: Int) -> Int {
        var index = index
        let base = UnsafeRawPointer(input.baseAddress!)
        while index + 8 <= input.count {
            let word = ByteWord.load(base, at: index)
            let special = ByteWord.matches(word, UInt8(ascii: "&")) | ByteWord.matches(word, UInt8(ascii: "="))
                | ByteWord.matches(word, UInt8(ascii: "%")) | ByteWord.matches(word, UInt8(ascii: "+"))
                | (word & 0x8080_8080_8080_8080)
            if special != 0 { return index + ByteWord.firstFlagged(special) }
            index += 8
        }
        while index < input.count, classes[input[index]] == .plain { index += 1 }
        return index
    }

    /// The byte a valid `%XX` at `index` spells, or `nil`.
    @inline(__always)
    private func escapedByte(at index: Int) -> UInt8? {
        guard index &+ 2 < input.count else { return nil }
        let high = hexDigits[input[index &+ 1]]
        let low = hexDigits[input[index &+ 2]]
        guard (high | low) & 0x80 == 0 else { return nil }
        return high << 4 | low
    }

    /// Checks the run of escapes from the `%` at `index`, which is not one of ASCII, and returns
    /// where reading goes on.
    ///
    /// Text outside ASCII arrives as runs of escapes (`%E6%9D%B1%E4%BA%AC`), which this reads
    /// in a loop of its own, its characters checked by `UTF8Transitions` with no branch on
    /// the bytes: a branch per escape on whether it is a lead byte, and which, is mispredicted
    /// as often as not in such text. Where the run ends inside a character, or meets what it
    /// does not take (a broken escape, an ill-formed character), `escape(at:_:)` reads on from
    /// the last whole character, and finds the error where there is one.
    @inline(__always)
    private func escapes(from start: Int, _ spelling: inout FormPair.Spelling,
                         _ text: inout UnescapedText) throws(URLEncodedFormDecoder.Error) -> Int {
        var state = UTF8Transitions.accept
        var characterStart = start
        let end = text.writeRun(at: start) { output in
            var index = start
            var count = 0
            // The digits read here rather than through `escapedByte(at:)`, the bound checked
            // once for the run rather than once per escape.
            let last = input.count &- 3
            while index <= last && input[index] == UInt8(ascii: "%") {
                let high = hexDigits[input[index &+ 1]]
                let low = hexDigits[input[index &+ 2]]
                guard (high | low) & 0x80 == 0 else { break }
                if state == UTF8Transitions.accept { characterStart = index }
                let byte = high << 4 | low
                let next = transitions.next(state, byte)
                guard next != UTF8Transitions.reject else { break }
                output?[count] = byte
                count &+= 1
                state = next
                index &+= 3
            }
            // A character the run did not finish is read again, and written again, from its start
            // (every escape before it three bytes, one written).
            return state == UTF8Transitions.accept ? (index, count) : (characterStart, (characterStart &- start) / 3)
        }
        if state != UTF8Transitions.accept { return try escape(at: characterStart, &spelling, &text) }
        return end > start ? end : try escape(at: start, &spelling, &text)
    }

    /// Unescapes what it can of the value from the escape or `+` at `start` 32 bytes at a time
    /// (`cpercent_unescape`), and checks the bytes written as UTF-8 as fast
    /// (`cpercent_check_utf8`); returns where reading goes on (`start` when it took nothing).
    ///
    /// It leaves to the byte-at-a-time loop what it does not take: the last 32 to 63 bytes of the
    /// input, raw bytes beyond ASCII, an escape that is not valid — and a character it ends in
    /// the middle of, and all it read where that is not UTF-8, for that loop to find where.
    @inline(__always)
    private func bulk(from start: Int, _ spelling: inout FormPair.Spelling, _ text: inout UnescapedText) -> Int {
        text.writeRun(at: start) { output in
            // A value that ends within 16 bytes is not worth the set-up: the byte loop reads it.
            guard let output, input.count &- start >= 64, !endsWithin16Bytes(from: start) else { return (start, 0) }
            var count = 0
            let read = cpercent_unescape(input.baseAddress! + start, input.count &- start, output, &count, 64)
            var beyondASCII: Int32 = 0
            // What is left of the input from `start` is as long as the room `output` has.
            let whole = cpercent_check_utf8(output, count, input.count &- start, &beyondASCII)
            guard whole >= 0 else { return (start, 0) }
            if beyondASCII != 0 { spelling.insert(.beyondASCII) }
            // An unfinished character's bytes are escapes (a byte of ASCII among them would
            // have made it an error): it is read again, from its first.
            return (start &+ read &- 3 &* (count &- whole), whole)
        }
    }

    /// Whether a `&` is among the 16 bytes from `start` (which the input has).
    @inline(__always)
    private func endsWithin16Bytes(from start: Int) -> Bool {
        let base = UnsafeRawPointer(input.baseAddress!)
        return ByteWord.matches(ByteWord.load(base, at: start), UInt8(ascii: "&"))
            | ByteWord.matches(ByteWord.load(base, at: start &+ 8), UInt8(ascii: "&")) != 0
    }

    /// Checks the `%` at `index` and returns where reading goes on.
    private func escape(at index: Int, _ spelling: inout FormPair.Spelling,
                        _ text: inout UnescapedText) throws(URLEncodedFormDecoder.Error) -> Int {
        guard let byte = escapedByte(at: index) else {
            if throwsOnInvalidInput { throw .invalidPercentEscape(offset: index) }
            // WHATWG keeps it as written: a `%`, read on as plain text.
            return index + 1
        }
        text.write(byte, spelledBy: 3, at: index)
        return byte < 0x80 ? index + 3 : try sequence(at: index, lead: byte, leadLength: 3, &spelling, &text)
    }

    /// Checks the UTF-8 sequence whose lead byte `lead` (raw, or escaped when `leadLength` is 3)
    /// is at `start`, its continuation bytes raw or escaped in any mix, against Unicode's table
    /// of well-formed sequences (`UTF8Transitions`: no overlong forms, no surrogates, nothing
    /// past U+10FFFF), and returns where reading goes on, its escaped bytes written to `text`
    /// (an escaped lead byte is written already). Under the WHATWG policy an ill-formed
    /// sequence marks the part to be repaired when it is read, and reading goes on at the byte
    /// that broke it.
    private func sequence(at start: Int, lead: UInt8, leadLength: Int, _ spelling: inout FormPair.Spelling,
                          _ text: inout UnescapedText) throws(URLEncodedFormDecoder.Error) -> Int {
        var state = transitions.next(UTF8Transitions.accept, lead)
        guard state != UTF8Transitions.reject else { return try invalidUTF8(at: start, resumingAt: start + leadLength, &spelling) }
        var index = start + leadLength
        while state != UTF8Transitions.accept {
            // Past the end reads as a NUL: it ends no character.
            var byte: UInt8 = 0
            var length = 1
            if index < input.count {
                byte = input[index]
                if byte == UInt8(ascii: "%"), let unescaped = escapedByte(at: index) {
                    byte = unescaped
                    length = 3
                    // A raw lead byte may be followed by escaped ones: the part needs unescaping.
                    spelling.insert(.escaped)
                }
            }
            state = transitions.next(state, byte)
            guard state != UTF8Transitions.reject else { return try invalidUTF8(at: start, resumingAt: index, &spelling) }
            // (A byte that broke the character is read again, and written then.)
            if length == 3 { text.write(byte, spelledBy: 3, at: index) }
            index += length
        }
        return index
    }

    private func invalidUTF8(at start: Int, resumingAt index: Int, _ spelling: inout FormPair.Spelling) throws(URLEncodedFormDecoder.Error) -> Int {
        if throwsOnInvalidInput { throw .invalidUTF8(offset: start) }
        spelling.insert(.escaped)
        return index
    }
}
