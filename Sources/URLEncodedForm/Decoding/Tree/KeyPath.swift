import Foundation

/// One segment of a key path: a key, or `[]` ("append"); and where the next name may resume
/// splitting at it (`KeyPathBuffer`): after the `]` that closed it, or inside it, after its `[`.
struct KeySegment {
    var text: TextRange
    /// The offset in the name just past the `]` that closed this segment, or `-1` where no `]`
    /// did (the base, a segment after a dot).
    var resumeOffset: Int32 = -1
    /// Openers (`[`, or `.` with dots) counted before `resumeOffset`.
    var openersBefore: Int32 = 0
    /// The offset in the name just past the `[` that opened this segment, where a `]` closed it
    /// (else `-1`), and the openers counted up to there.
    var openedOffset: Int32 = -1
    var openersOpening: Int32 = 0
    var isAppend: Bool
}

/// The segments of the name being split, kept from name to name: overwritten in place, and
/// appended without the uniqueness check an `Array` append costs.
///
/// It also keeps what the next name needs to take over the start of this one. Forms send the
/// names of one object together (`items[7][id]`, `items[7][name]`, …), so a name usually
/// repeats the previous one up to a `]`: the segments before that `]` are the same, and
/// splitting resumes after it.
struct KeyPathBuffer: ~Copyable {
    private var storage = UncheckedArray<KeySegment>(capacity: 16)
    /// The last name split into a path, and the offset of its first opener; `nil` after a
    /// plain key, whose partial segments nothing may take over.
    private var lastName: UnsafeBufferPointer<UInt8>?
    private(set) var firstOpener = -1

    /// Where a split can resume, and the state it resumes in.
    struct ResumePoint {
        /// The offset in the name just past a `]`, or just past the `[` of a bracket.
        var offset: Int32
        /// Whether `offset` is inside a bracket (just past its `[`).
        var isInBracket: Bool
        /// Openers (`[`, or `.` with dots) counted before `offset`.
        var openers: Int32
        /// How many segments come before `offset`.
        var segmentCount: Int32
    }

    /// The current name's segments, the base first: lent for as long as no segment is added.
    var segments: UnsafeBufferPointer<KeySegment> { UnsafeBufferPointer(storage.elements(from: 0)) }

    mutating func append(_ segment: KeySegment) {
        storage.append(segment)
    }

    /// The deepest point after a `]`, or after the `[` of a bracket a `]` closed, up to which
    /// `name` is the last name split into a path, byte for byte, with the segments before it kept
    /// and the rest dropped; or `nil`, when there is none (the segments are then the last name's
    /// still: `removeAll()` before splitting anew). `sharedLength` is how many leading bytes
    /// `name` shares with the previous pair's name, where the scanner measured it, or `-1`.
    ///
    /// Inside a bracket is where the names of an array sent with indices part
    /// (`texts%5B12%5D`, `texts%5B13%5D`), and those of the next record of a list.
    mutating func resume(_ name: UnsafeBufferPointer<UInt8>, sharedLength: Int16) -> ResumePoint? {
        guard let last = lastName else { return nil }
        lastName = nil
        // The last name split is the previous pair's: every pair is split, and a plain key
        // leaves none.
        let measured = { UnsafeRawBufferPointer(last).commonPrefixLength(with: UnsafeRawBufferPointer(name)) }
        let shared = sharedLength >= 0 ? Int(sharedLength) : measured()
        assert(shared == measured(), "the scanner's shared length is not the names'")
        var segment = storage.count - 1
        while segment > 0 {
            let closed = storage[segment]
            if closed.resumeOffset >= 0 && Int(closed.resumeOffset) <= shared {
                storage.truncate(to: segment + 1)
                return ResumePoint(offset: closed.resumeOffset, isInBracket: false, openers: closed.openersBefore,
                                   segmentCount: Int32(segment + 1))
            }
            if closed.openedOffset >= 0 && Int(closed.openedOffset) <= shared {
                storage.truncate(to: segment)
                return ResumePoint(offset: closed.openedOffset, isInBracket: true, openers: closed.openersOpening,
                                   segmentCount: Int32(segment))
            }
            segment -= 1
        }
        return nil
    }

    /// Where the last name split ends in a key closed by the `]` that ends the name
    /// (`texts%5B11%5D`), and `name` shares the last name's bytes up to that key: the offset
    /// just past the key's `[` (8). Else `nil`. `sharedLength` is as for `resume(_:sharedLength:)`,
    /// and must have been measured: nothing is compared here.
    func lastKeyStart(sharedLength: Int16) -> Int? {
        guard let last = lastName, storage.count > 1 else { return nil }
        let key = storage[storage.count - 1]
        guard key.openedOffset >= 0 && Int(key.openedOffset) <= Int(sharedLength) && Int(key.resumeOffset) == last.count else { return nil }
        return Int(key.openedOffset)
    }

    /// Takes `name` as split, where it is the last name with its last key replaced by `key`
    /// (`lastKeyStart(sharedLength:)`), a key without openers, which the closing `]` that ends
    /// `name` follows: what splitting it whole would leave. (The key replaced may have held
    /// openers: with dots, a `.` inside a bracket counts towards the depth.)
    mutating func replaceLastKey(with key: TextRange, of name: UnsafeBufferPointer<UInt8>) {
        let last = storage.count - 1
        storage[last].text = key
        storage[last].isAppend = false
        storage[last].resumeOffset = Int32(name.count)
        storage[last].openersBefore = storage[last].openersOpening
        lastName = name
    }

    mutating func removeAll() { storage.truncate(to: 0) }

    /// Forgets the segments and the last name of the form split before, keeping the memory for
    /// the next form (`DecodingSession.removeAll()`): that name lay in an input that is gone,
    /// which nothing may resume from.
    mutating func removeForm() {
        storage.truncate(to: 0)
        lastName = nil
        firstOpener = -1
    }

    /// The memory held for segments.
    var capacityInBytes: Int { storage.capacityInBytes }

    /// Keeps `name`, just split into the segments held, for the next name to resume from.
    mutating func remember(_ name: UnsafeBufferPointer<UInt8>, firstOpener: Int) {
        lastName = name
        self.firstOpener = firstOpener
    }
}

/// Splits a name into its key path: `base[segment]…` (and, with
/// ``URLEncodedFormDecoder/KeyPathDecoding/dots``, `base.segment…` too). A name that does not fit
/// the grammar is one plain key, the whole name: the total rule the README states, simpler than
/// Rack's, which reads such names its own way.
///
/// The grammar is on the decoded name, but the splitter reads the name as sent: `%5B` is a `[`
/// as much as `[` is, and one pass both finds the segments and unescapes the few that need it
/// (a segment sent plain is a range of the input, copied nowhere). Encoders escape brackets,
/// so most names with a path arrive escaped.
struct KeyPathSplitter {
    let splitsOnDots: Bool
    /// The most openers a name may have, whether or not it makes a path.
    let maximumDepth: Int
    /// The most openers a name that makes a path may have: `maximumDepth`, or less where the
    /// tree is built of Swift's containers (`Limits.maximumParametersDepth`).
    var maximumPathDepth = Int.max

    /// What a name is.
    enum Split {
        /// One plain key, the whole name.
        case plainKey(TextRange)
        /// A key path, in the `KeyPathBuffer`, whose first `shared` segments are the previous
        /// name's, byte for byte.
        case path(shared: Int)
    }

    /// Where the splitter stands in a name.
    private enum Place {
        /// In the base, before any opener.
        case base
        /// Inside `[…]`.
        case bracket
        /// Inside `.…` (with dots).
        case dot
        /// Just after a `]`.
        case closed
    }

    /// Splits `name`, whose text is `range`: escaped as sent (`+`, `%XX`) when `isEscaped`,
    /// else taken as it is. Segments that need unescaping, and a plain key that does, are
    /// unescaped into `names`; a path replaces `segments`. `sharedLength` is the leading bytes
    /// `name` shares with the previous pair's name, where the scanner measured them, or `-1`.
    ///
    /// - Throws: ``URLEncodedFormDecoder/Error/tooDeep(key:limit:)`` when the name opens more
    ///   segments (`[`, or `.` with dots) than the limit, whatever the rest of it holds.
    func split(_ name: UnsafeBufferPointer<UInt8>, at range: TextRange, isEscaped: Bool, sharedLength: Int16,
               names: inout UnescapedNames, into segments: inout KeyPathBuffer) throws(URLEncodedFormDecoder.Error) -> Split {
        // Where the previous name's segments can be taken over: just past a `]`, in the state
        // splitting this name would reach there.
        let resumed = segments.resume(name, sharedLength: sharedLength)
        // Most names sent plain have no path: `memchr` tells at once.
        if resumed == nil {
            if !isEscaped && !containsOpener(name) { return .plainKey(range) }
            segments.removeAll()
        }
        let count = name.count
        let mark = names.count
        var place = resumed.map { $0.isInBracket ? Place.bracket : .closed } ?? .base
        var openers = Int(resumed?.openers ?? 0)
        // Where the bracket being read opened, and the openers counted up to there: set at each
        // `[`, and read only at the `]` that closes that bracket (or a resumed one).
        var opened = (offset: resumed?.offset ?? -1, openers: Int32(openers))
        var firstOpener = resumed == nil ? -1 : segments.firstOpener
        var fits = true
        // Where the text being read starts, and whether any of it is escaped.
        var index = Int(resumed?.offset ?? 0)
        var start = index
        var textIsEscaped = false
        // Text is skipped a byte a turn by a table; a `%XX` is read only for the three bytes
        // the grammar has (`grammarByte`).
        let specials: UInt8 = isEscaped ? Self.structural | Self.escape : Self.structural
        Self.specialBytes.withEntries { table in
            while index < count {
                while index < count && table[Int(name[index])] & specials == 0 { index += 1 }
                guard index < count else { break }
                if place == .closed && index > start {
                    fits = false
                    break
                }
                let sent = name[index]
                let (byte, width) = grammarByte(of: name, at: index)
                let isOpener = byte == UInt8(ascii: "[") || (byte == UInt8(ascii: ".") && splitsOnDots)
                if isOpener {
                    openers += 1
                    if firstOpener < 0 { firstOpener = index }
                    if openers > maximumDepth { return }
                }
                if byte == UInt8(ascii: "]") && place == .bracket {
                    var closed = segment(name, start..<index, of: range, textIsEscaped, &names)
                    closed.resumeOffset = Int32(index + width)
                    closed.openersBefore = Int32(openers)
                    (closed.openedOffset, closed.openersOpening) = opened
                    segments.append(closed)
                    place = .closed
                } else if isOpener && !(place == .bracket && byte == UInt8(ascii: ".")) {
                    switch place {
                    case .base:
                        // The base: not empty, and (checked as it was read) no `]` in it.
                        fits = index > 0
                    case .bracket:
                        // A `[` inside a bracket.
                        fits = false
                    case .dot:
                        fits = index > start
                    case .closed:
                        break
                    }
                    if fits && place != .closed {
                        segments.append(segment(name, start..<index, of: range, textIsEscaped, &names))
                    }
                    place = byte == UInt8(ascii: "[") ? .bracket : .dot
                    opened = (Int32(index + width), Int32(openers))
                } else if byte == UInt8(ascii: "]") || place == .closed {
                    // A `]` outside a bracket, or text after one.
                    fits = false
                } else {
                    // Text: an escape, a `+`, a `.` that opens nothing.
                    textIsEscaped = textIsEscaped || sent != UInt8(ascii: ".")
                    index += width
                    continue
                }
                index += width
                start = index
                textIsEscaped = false
                if !fits { break }
            }
        }
        if openers > maximumDepth { throw tooDeep(name, firstOpener: firstOpener, isEscaped, limit: maximumDepth) }
        // The end of the name closes what it was in.
        if fits {
            switch place {
            case .base, .bracket:
                fits = false
            case .dot:
                if index > start {
                    segments.append(segment(name, start..<index, of: range, textIsEscaped, &names))
                } else {
                    fits = false
                }
            case .closed:
                fits = index == start
            }
        }
        if fits {
            if openers > maximumPathDepth { throw tooDeep(name, firstOpener: firstOpener, isEscaped, limit: maximumPathDepth) }
            segments.remember(name, firstOpener: firstOpener)
            return .path(shared: Int(resumed?.segmentCount ?? 0))
        }
        // The rest still counts towards the depth: a hostile name is refused, not read as a key.
        while index < count {
            let (byte, width) = isEscaped ? grammarByte(of: name, at: index) : (name[index], 1)
            if byte == UInt8(ascii: "[") || (splitsOnDots && byte == UInt8(ascii: ".")) {
                openers += 1
                if firstOpener < 0 { firstOpener = index }
                if openers > maximumDepth { throw tooDeep(name, firstOpener: firstOpener, isEscaped, limit: maximumDepth) }
            }
            index += width
        }
        names.rewind(to: mark)
        return .plainKey(isEscaped ? names.append(unescaping: name) : range)
    }

    /// The last key of `name`, where `name` is the last name split but for that key, which is
    /// plain (no escape, no byte of the grammar) and closed by the `]` that ends `name`: the
    /// next element of an array sent with indices (`texts%5B12%5D` after `texts%5B11%5D`), the
    /// next field of a record (`user%5Bname%5D` after `user%5Bid%5D`). The segments then hold
    /// `name`'s path, as `split(_:at:isEscaped:sharedLength:names:into:)` would leave them, and
    /// the key's text is returned; otherwise `nil`, and nothing changed. `name` has the last
    /// name's openers, all of which it passed. Kept out of the build's loop, which flat forms go
    /// through without it (inlined there, it left the loop's merge of a plain key a call).
    @inline(never)
    func splitSibling(_ name: UnsafeBufferPointer<UInt8>, at range: TextRange, sharedLength: Int16,
                      into segments: inout KeyPathBuffer) -> TextRange? {
        guard let start = segments.lastKeyStart(sharedLength: sharedLength) else { return nil }
        let count = name.count
        let specials = Self.structural | Self.escape
        // The entries in a local: a `static`'s every read checks that it is initialized.
        let end = Self.specialBytes.withEntries { table in
            var end = start
            while end < count && table[Int(name[end])] & specials == 0 { end += 1 }
            return end
        }
        // The byte that ended the key: a `]` (or `%5D`), the name's last.
        guard end > start && end < count && grammarByte(of: name, at: end) == (UInt8(ascii: "]"), count - end) else { return nil }
        let key = range.slice(start, end - start)
        segments.replaceLastKey(with: key, of: name)
        return key
    }

    /// `specialBytes`' flags: a byte of the grammar (`[`, `]`, `.`), and one that starts an
    /// escape (`%`, `+`).
    private static let structural: UInt8 = 1
    private static let escape: UInt8 = 2
    private static let specialBytes = ByteTable<UInt8> { byte in
        switch byte {
        case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "."): return structural
        case UInt8(ascii: "%"), UInt8(ascii: "+"): return escape
        default: return 0
        }
    }

    /// The two digits after the `%` of `%5B`, `%5D` and `%2E`, as one little-endian load
    /// of them reads them with `| 0x2020` (lower case).
    private static let escapedOpeningBracket = UInt16(littleEndian: 0x6235)
    private static let escapedClosingBracket = UInt16(littleEndian: 0x6435)
    private static let escapedDot = UInt16(littleEndian: 0x6532)

    /// Whether `name` holds a `[` (or a `.` with dots).
    private func containsOpener(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = name.baseAddress else { return false }
        return memchr(base, Int32(UInt8(ascii: "[")), name.count) != nil
            || (splitsOnDots && memchr(base, Int32(UInt8(ascii: ".")), name.count) != nil)
    }

    /// The byte of the grammar that the escaped `name` spells at `index` (`[`, `]`, `.`, or 0
    /// for any other escape and for `+`), and how many bytes spell it. Under the throwing
    /// policy, the only one that splits escaped names, the scanner has checked that every `%`
    /// is followed by two hexadecimal digits.
    @inline(__always)
    private func grammarByte(of name: UnsafeBufferPointer<UInt8>, at index: Int) -> (byte: UInt8, width: Int) {
        switch name[index] {
        case UInt8(ascii: "%"):
            assert(index + 2 < name.count && HexDigit.value(of: name[index + 1]) != nil && HexDigit.value(of: name[index + 2]) != nil,
                   "an invalid escape in a name the scanner passed")
            switch UnsafeRawPointer(name.baseAddress! + index + 1).loadUnaligned(as: UInt16.self) | 0x2020 {
            case Self.escapedOpeningBracket: return (UInt8(ascii: "["), 3)
            case Self.escapedClosingBracket: return (UInt8(ascii: "]"), 3)
            case Self.escapedDot: return (UInt8(ascii: "."), 3)
            default: return (0, 3)
            }
        case UInt8(ascii: "+"): return (0, 1)
        case let byte: return (byte, 1)
        }
    }

    /// The segment `bounds` of `name` (whose text is `range`): a range of the same text when
    /// nothing in it is escaped, else its unescaped copy in `names`.
    @inline(__always)
    private func segment(_ name: UnsafeBufferPointer<UInt8>, _ bounds: Range<Int>, of range: TextRange,
                         _ isEscaped: Bool, _ names: inout UnescapedNames) -> KeySegment {
        let text = isEscaped ? names.append(unescaping: UnsafeBufferPointer(rebasing: name[bounds]))
                             : range.slice(bounds.lowerBound, bounds.count)
        return KeySegment(text: text, isAppend: text.count == 0)
    }

    /// The error for a name deeper than `limit`: it names the name by its base (the decoded text before
    /// the first opener), cut to 64 characters. (A name is escaped here under the `.throw`
    /// policy only, `UnescapedNames` says why: its escapes are checked.)
    private func tooDeep(_ name: UnsafeBufferPointer<UInt8>, firstOpener: Int, _ isEscaped: Bool,
                         limit: Int) -> URLEncodedFormDecoder.Error {
        let base = UnsafeBufferPointer(rebasing: name[..<firstOpener])
        let text = isEscaped ? PercentDecoding.string(unescaping: base, checked: true) : String(decoding: base, as: UTF8.self)
        return .tooDeep(key: String(text.prefix(64)), limit: limit)
    }
}
