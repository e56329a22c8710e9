/// Every key of a tree escaped once for the writer (or kept raw, for `LeafKeyEncoder` to
/// escape whole key paths), and, when keys repeat, ranked in escaped-byte order so that an
/// object's children sort by comparing two integers.
///
/// Ranking sorts every distinct key once. That pays when keys recur across many objects (the
/// records of an array); when most keys are distinct (one wide dictionary), the objects' own
/// sorts would only be done twice, so keys are left unranked and levels compare their bytes.
///
/// Ranks sort an object's pairs exactly when no key of the object is, escaped, a prefix of
/// another: two pairs then first differ inside their keys, whatever the keys are wrapped in
/// (`[`…`]`, `.`…, or nothing at the root). Keys that are the prefix of some other key are
/// marked, and a level holding one checks its neighbours.
struct EscapedKeys: ~Copyable {
    private struct Entry {
        /// The escaped key is `start..<end` in `bytes`, between its opening and its closing.
        let start: Int
        let end: Int
        var rank: Int32 = 0
        /// Escaped, this key begins another key of the tree.
        var isPrefixOfAnother = false
    }

    private var bytes = UncheckedBytes()
    private var entries: [Entry] = []
    /// Whether `rank(of:)` and `isPrefixOfAnother(_:)` hold, for every key of the table.
    private(set) var isRanked = false
    /// The `KeyTable.generation` the entries were built from: while the table keeps it, its
    /// keys are the same (it only adds keys), so the entries hold for the keys they cover,
    /// and the next tree only escapes the keys added since. 0, which no table generation is,
    /// holds for none.
    private var builtGeneration: UInt32 = 0
    /// The escaping and the wrapping every key in `bytes` was built with. Memory moves between
    /// encoders (`EncodingMemory.spares`), so a build with others starts over.
    private var builtEscapeTable: EscapeTable?
    private var builtOpening: EscapedFragment?
    private var builtClosing: EscapedFragment?
    /// The lengths of `builtOpening` and `builtClosing`, which `append` reads for every child.
    private var openingLength = 0
    private var closingLength = 0

    var capacityInBytes: Int {
        bytes.capacityInBytes + entries.capacity * MemoryLayout<Entry>.stride
    }

    /// Escapes every key of `keys` (`escapeTable` `nil` keeps them raw), also wrapped in
    /// `opening` and `closing` (the brackets or dot a nested key takes), and ranks them when
    /// `sortsObjects` and keys recur: when the tree has at least four nodes per key. Ranking
    /// sorts with `sorter`, and uses the end of `bounds`.
    ///
    /// The keys an earlier tree of the same table had are kept, escaped and ranked, and keys
    /// are ranked too when a tree brings no new one: ranked once, they order the objects of
    /// every later tree with the same keys for free.
    mutating func build(from keys: borrowing KeyTable, nodeCount: Int, escapeTable: EscapeTable?,
                        opening: EscapedFragment?, closing: EscapedFragment?, sortsObjects: Bool,
                        sorter: inout SegmentSorter, bounds: inout UncheckedArray<Int>) {
        if builtGeneration != keys.generation || builtEscapeTable !== escapeTable
            || builtOpening != opening || builtClosing != closing {
            builtGeneration = keys.generation
            builtEscapeTable = escapeTable
            builtOpening = opening
            builtClosing = closing
            bytes.truncate(to: 0)
            entries.removeAll(keepingCapacity: true)
            openingLength = opening?.count ?? 0
            closingLength = closing?.count ?? 0
            isRanked = false
        }
        let hasNewKeys = entries.count < keys.count
        if hasNewKeys {
            // New keys have no rank yet.
            isRanked = false
            for index in entries.count..<keys.count {
                opening?.append(to: &bytes)
                let start = bytes.count
                let key = keys.bytes(of: keys.id(at: index))
                if let escapeTable {
                    escapeTable.appendEscaped(key, to: &bytes)
                } else {
                    bytes.append(key)
                }
                entries.append(Entry(start: start, end: bytes.count))
                closing?.append(to: &bytes)
            }
        }
        // Ranking pays when keys recur: within this tree, or across trees (no key is new).
        if !isRanked && sortsObjects && (keys.count * 4 <= nodeCount || !hasNewKeys) {
            rank(keys, sorter: &sorter, bounds: &bounds)
            isRanked = true
        }
    }

    private mutating func rank(_ keys: borrowing KeyTable, sorter: inout SegmentSorter, bounds: inout UncheckedArray<Int>) {
        let order = sortByText(entries.count, key: { keys.id(at: $0) }, sorter: &sorter, bounds: &bounds)
        for (rank, entry) in order.enumerated() {
            entries[Int(entry.index)].rank = Int32(rank)
        }
        // A key that begins any later key begins the next one: everything sorted between
        // them begins with it too.
        for position in order.indices.dropLast() where EscapedTextOrder.isPrefix(text(at: Int(order[position].index)),
                                                                          of: text(at: Int(order[position + 1].index))) {
            entries[Int(order[position].index)].isPrefixOfAnother = true
        }
    }

    /// Sorts `count` keys, `key(position)` giving each, by their escaped bytes, and returns
    /// their positions in that order (valid until `sorter` sorts again). The keys' bounds go
    /// at the end of `bounds` for the sort, which takes them back off.
    func sortByText(_ count: Int, key: (Int) -> KeyID, sorter: inout SegmentSorter,
                    bounds: inout UncheckedArray<Int>) -> UnsafeMutableBufferPointer<SegmentOrder> {
        let first = bounds.count
        defer { bounds.truncate(to: first) }
        for position in 0..<count {
            let entry = entries[Int(key(position).index)]
            bounds.append(entry.start)
            bounds.append(entry.end)
        }
        return sorter.sort(count, in: bytes.bytes(0..<bytes.count), bounds: bounds.elements(from: first), skipping: 0)
    }

    func bytes(of key: KeyID) -> UnsafeRawBufferPointer {
        text(at: Int(key.index))
    }

    private func text(at index: Int) -> UnsafeRawBufferPointer {
        let entry = entries[index]
        return bytes.bytes(entry.start..<entry.end)
    }

    // Inlined: the writer calls it for every object child.
    /// Appends the escaped key to `buffer`, with the `opening` and `closing` it was built with
    /// around it when `wrapped`.
    @inline(__always)
    func append(_ key: KeyID, wrapped: Bool, to buffer: inout UncheckedBytes) {
        let entry = entries[Int(key.index)]
        let range = wrapped ? entry.start - openingLength..<entry.end + closingLength : entry.start..<entry.end
        buffer.append(range, of: bytes)
    }

    /// Asks for where `key`'s escaped bytes are (`Prefetch.read(_:)`), for `fetchBytes(of:)`
    /// to read a while later.
    @inline(__always)
    func fetchBounds(of key: KeyID) {
        entries.withUnsafeBufferPointer { Prefetch.read($0.baseAddress! + Int(key.index)) }
    }

    /// Asks for `key`'s escaped bytes (`Prefetch.read(_:)`).
    @inline(__always)
    func fetchBytes(of key: KeyID) {
        Prefetch.read(text(at: Int(key.index)).baseAddress)
    }

    /// The key's place in escaped-byte order; 0 for every key when unranked.
    func rank(of key: KeyID) -> Int32 {
        entries[Int(key.index)].rank
    }

    func isPrefixOfAnother(_ key: KeyID) -> Bool {
        entries[Int(key.index)].isPrefixOfAnother
    }
}
