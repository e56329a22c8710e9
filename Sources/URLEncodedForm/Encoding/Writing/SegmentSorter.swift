/// Sorts byte strings into the order `String` puts them in (`EscapedTextOrder`), eight bytes at a
/// time, with integer comparisons only: the segments a level's children wrote, the values of
/// an array of leaves, the escaped keys of a tree.
///
/// The segments are sorted by the eight bytes that follow what they all begin with. Those
/// that tie on all eight are sorted again by the eight bytes past what *they* all begin with,
/// and so on (a most-significant-digit radix sort with 64-bit digits). A comparison sort of
/// whole segments reads both segments again at every comparison; here each segment is read in
/// order, once per round it takes part in. In a long array of records the first round sorts
/// by each record's first value, and records that share it go straight to their next value,
/// past the key every record repeats in between.
struct SegmentSorter: ~Copyable {
    /// One entry per segment, in sorted order once `sort` returns.
    private var entries = UncheckedArray<SegmentOrder>()
    /// The runs of entries still tied, waiting for their next round.
    private var ties = UncheckedArray<TieGroup>()
    /// Where a radix sort moves entries between its passes.
    private var radixScratch = UncheckedArray<SegmentOrder>()
    /// A radix sort's counters: 256 per digit.
    private var radixCounts = UncheckedArray<Int>()

    var capacityInBytes: Int {
        entries.capacityInBytes + ties.capacityInBytes + radixScratch.capacityInBytes + radixCounts.capacityInBytes
    }

    /// Sorts the `count` segments whose start and end offsets in `bytes` are the pairs in
    /// `bounds`, ignoring the first `skipped` bytes of each (which they all share), and returns
    /// one entry per segment, in order. The entries are valid until the next call.
    mutating func sort(_ count: Int, in bytes: UnsafeRawBufferPointer, bounds: UnsafeMutableBufferPointer<Int>,
                       skipping skipped: Int) -> UnsafeMutableBufferPointer<SegmentOrder> {
        func segment(_ entry: SegmentOrder) -> UnsafeRawBufferPointer {
            let range = bounds.range(of: entry)
            return UnsafeRawBufferPointer(rebasing: bytes[range.lowerBound &+ skipped..<range.upperBound])
        }
        entries.truncate(to: 0)
        for index in 0..<Int32(count) {
            entries.append(SegmentOrder(index: index))
        }
        let sorted = entries.elements(from: 0)
        guard count > 1 else { return sorted }
        ties.truncate(to: 0)
        ties.append(TieGroup(start: 0, end: Int32(count), offset: 0))
        while ties.count > 0 {
            let group = ties[ties.count - 1]
            ties.truncate(to: ties.count - 1)
            let members = UnsafeMutableBufferPointer(rebasing: sorted[Int(group.start)..<Int(group.end)])
            // Every member is at least `group.offset` bytes long and agrees with the others
            // that far; what they also agree on past it is passed over in one go.
            let first = UnsafeRawBufferPointer(rebasing: segment(members[0])[group.offset...])
            if members.count == 2 {
                // A pair (a two-element array, two records with the same first value) is
                // settled by one comparison.
                if EscapedTextOrder.precedes(UnsafeRawBufferPointer(rebasing: segment(members[1])[group.offset...]), first) {
                    members.swapAt(0, 1)
                }
                continue
            }
            // One pass reads each member's word at the group's offset and, while the members
            // may still agree on all eight bytes of it, how far they agree with the first. In
            // a large level every member is a cache miss, so a member is read once a round
            // when the words already differ, twice when they share more than a word.
            var shared = first.count
            for position in members.indices {
                bounds.fetchAhead(of: position, in: members, from: bytes, at: skipped &+ group.offset)
                let whole = segment(members[position])
                members[position].read(whole, at: group.offset)
                if shared >= 8 {
                    shared = min(shared, first.commonPrefixLength(with: UnsafeRawBufferPointer(rebasing: whole[group.offset...])))
                }
            }
            // Words that differ order the members as the bytes past what they share would;
            // members that share more are read again past it.
            var offset = group.offset
            if shared >= 8 {
                offset &+= shared
                for position in members.indices {
                    bounds.fetchAhead(of: position, in: members, from: bytes, at: skipped &+ offset)
                    members[position].read(segment(members[position]), at: offset)
                }
            }
            if members.count >= Self.countForRadixSort {
                radixSort(members)
            } else {
                members.sortInPlace { $0.precedes($1) }
            }

            // Members equal on eight whole bytes are still tied: they take another round.
            var runStart = 0
            for position in 1...members.count where position == members.count
                || !members[position].hasSameBytes(as: members[runStart]) {
                if position &- runStart > 1 && members[runStart].length == 8 {
                    ties.append(TieGroup(start: group.start &+ Int32(runStart), end: group.start &+ Int32(position),
                                         offset: offset &+ 8))
                }
                runStart = position
            }
        }
        return sorted
    }

    /// The fewest entries a round sorts by radix. A comparison sort of words that differ
    /// mispredicts about every other comparison, and makes n log n of them; a radix sort
    /// costs a pass per byte that differs, mispredicting nothing, and clears and sums 256
    /// counters per pass, which pays from a few thousand entries on (measured: Benchmarks/README.md).
    private static let countForRadixSort = 2048

    /// Sorts `members` by their words, then lengths, in the order `SegmentOrder.precedes`
    /// gives: a least-significant-digit radix sort, one stable pass per byte of the words
    /// (the lengths first), skipping the bytes every member has alike (in text, most of them).
    private mutating func radixSort(_ members: UnsafeMutableBufferPointer<SegmentOrder>) {
        let count = members.count
        let scratch = radixScratch.resize(to: count)
        let digits = SegmentOrder.radixDigits
        let counts = radixCounts.resize(to: digits &* 256)
        counts.update(repeating: 0)
        for member in members {
            for digit in 0..<digits {
                counts[digit &* 256 &+ member.radixDigit(digit)] &+= 1
            }
        }
        var source = members
        var destination = scratch
        for digit in 0..<digits {
            let digitCounts = UnsafeMutableBufferPointer(rebasing: counts[digit &* 256..<(digit &+ 1) &* 256])
            // A byte every member has alike leaves the order as it is.
            if digitCounts[source[0].radixDigit(digit)] == count {
                continue
            }
            // Counts become the place each bucket starts.
            var start = 0
            for bucket in 0..<256 {
                let bucketCount = digitCounts[bucket]
                digitCounts[bucket] = start
                start &+= bucketCount
            }
            for member in source {
                let bucket = member.radixDigit(digit)
                destination[digitCounts[bucket]] = member
                digitCounts[bucket] &+= 1
            }
            swap(&source, &destination)
        }
        if source.baseAddress != members.baseAddress {
            _ = members.update(fromContentsOf: source)
        }
    }
}

/// A segment being sorted: its place among the level's children and the bytes of it the
/// current round compares.
struct SegmentOrder {
    /// Eight bytes of the segment from the round's offset, big-endian, zero past its end:
    /// words order as the bytes do.
    private var word: UInt64 = 0
    /// How many of the eight bytes are the segment's (fewer when it ends among them).
    private(set) var length: Int32 = 0
    /// The segment's place among the level's children.
    let index: Int32

    init(index: Int32) {
        self.index = index
    }

    mutating func read(_ segment: UnsafeRawBufferPointer, at offset: Int) {
        length = Int32(min(max(segment.count &- offset, 0), 8))
        word = EscapedTextOrder.leadingWord(of: segment, from: offset)
    }

    /// Whether this segment sorts before `other` on the bytes read. A segment that ends among
    /// them, zero-padded, matches one that goes on with zero bytes: the shorter goes first.
    @inline(__always)
    func precedes(_ other: SegmentOrder) -> Bool {
        word != other.word ? word < other.word : length < other.length
    }

    /// The number of radix digits of the order: the length, then the word's eight bytes.
    static let radixDigits = 9

    /// Digit `digit` of the order, least significant first: the length, then the bytes of the
    /// word from its last.
    @inline(__always)
    func radixDigit(_ digit: Int) -> Int {
        digit == 0 ? Int(length) : Int(truncatingIfNeeded: word >> (8 &* (digit &- 1))) & 0xFF
    }

    @inline(__always)
    func hasSameBytes(as other: SegmentOrder) -> Bool {
        word == other.word && length == other.length
    }
}

extension UnsafeMutableBufferPointer<Int> {
    /// Where the segment of `entry` is, these being the start and end offsets of each segment
    /// in turn.
    @inline(__always)
    func range(of entry: SegmentOrder) -> Range<Int> {
        let index = 2 &* Int(entry.index)
        return self[index]..<self[index &+ 1]
    }

    /// Asks for what a pass over `order` reads `Prefetch.distance` entries after `position`:
    /// the bytes `offset` past the start of that entry's segment in `bytes`, and the bounds of
    /// the entry a distance further, which a later call reads. In a large level the segments
    /// and their bounds lie scattered through memory, and their cache misses then overlap.
    @inline(__always)
    func fetchAhead(of position: Int, in order: UnsafeMutableBufferPointer<SegmentOrder>,
                    from bytes: UnsafeRawBufferPointer, at offset: Int) {
        let bytesAhead = position &+ Prefetch.distance
        guard bytesAhead < order.count, let base = bytes.baseAddress else { return }
        let boundsAhead = bytesAhead &+ Prefetch.distance
        if boundsAhead < order.count {
            Prefetch.read(baseAddress! + 2 &* Int(order[boundsAhead].index))
        }
        Prefetch.read(base + (range(of: order[bytesAhead]).lowerBound &+ offset))
    }
}

/// Entries `start..<end` of a sort, equal on their segments' first `offset` bytes.
struct TieGroup {
    let start: Int32
    let end: Int32
    let offset: Int
}
