import Foundation

/// A key spelled once in a `KeyTable`: equal ids are equal bytes.
///
/// It also tells whether the key is ASCII, which decides how keys compare, so that the tree
/// never looks the key up to know.
struct KeyID: Equatable {
    /// The key's place in its table in the low 31 bits; the top bit marks a non-ASCII key.
    private let raw: UInt32

    /// No key: the key of a node that is not an object child.
    static let none = KeyID(raw: .max)

    private init(raw: UInt32) {
        self.raw = raw
    }

    init(index: Int32, isASCII: Bool) {
        raw = UInt32(bitPattern: index) | (isASCII ? 0 : 1 << 31)
    }

    var index: Int32 { Int32(bitPattern: raw & 0x7FFF_FFFF) }

    var isASCII: Bool { raw >> 31 == 0 }

    /// This key's bit in a parent's `FormNode.keyFilter`.
    @inline(__always)
    var filterBit: UInt64 { 1 << UInt64(raw & 63) }
}

/// The distinct keys of one encoding, each stored once.
///
/// A payload repeats a handful of keys (every record of an array has the same ones); interning
/// them makes a key one small integer for the tree to compare and the writer to escape once,
/// instead of bytes copied and compared at every value.
struct KeyTable: ~Copyable {
    struct Entry {
        let start: Int
        let length: Int
        let isASCII: Bool
        /// The hash of the bytes (`KeyTable.hash(_:)`).
        let hash: UInt32
        /// Its `String`'s hash, which canonically equal keys share; all 64 bits, so that two
        /// different keys of even a million-key object practically never share it. 0 until it
        /// is taken (`unicodeHash(of:)`); a hash of 0 is kept as 1.
        fileprivate(set) var unicodeHash: Int
    }

    private var bytes = UncheckedBytes()
    private var entries: [Entry] = []
    /// The keys by their hashes.
    private var slots = ProbingTable<Slot>(capacity: 64)

    /// A key's hash in the high half, its index + 1 in the low half; 0 is empty.
    private struct Slot: ProbingSlot {
        let bits: UInt64

        init(hash: UInt32, index: Int32) {
            bits = UInt64(hash) << 32 | UInt64(index + 1)
        }

        private init(bits: UInt64) { self.bits = bits }

        static let empty = Slot(bits: 0)
        var isEmpty: Bool { bits == 0 }
        var hash: UInt32 { UInt32(truncatingIfNeeded: bits >> 32) }
        var index: Int { Int(bits & 0xFFFF_FFFF) - 1 }
        var probeHash: Int { Int(hash) }
    }
    /// Recently interned keys by the two words of the `String` they came as
    /// (`PrivateLayouts.immortalWords(of:layoutIsKnown:)`),
    /// direct-mapped: a coding key is usually a literal, and a hit skips hashing its bytes.
    private var recent = [RecentKey](repeating: RecentKey(), count: Self.recentCount)
    private static let recentCount = 256
    /// `PrivateLayouts.stringLayoutIsKnown`, read into each table so that the hot path loads a
    /// field rather than a lazy global.
    private let stringLayoutIsKnown = PrivateLayouts.stringLayoutIsKnown

    private struct RecentKey {
        var words: (UInt64, UInt64) = (0, 0)
        var id = KeyID.none
        /// 0, which no table generation is, marks an empty entry.
        var generation: UInt32 = 0
    }

    var count: Int { entries.count }

    /// Changes each time the table forgets its keys: while it stays the same, the keys
    /// `0..<count` are the same keys, and what was derived from them still holds (the
    /// `recent` entries of this generation, `EscapedKeys`). Forgetting takes one increment,
    /// not a pass over the cache.
    private(set) var generation: UInt32 = 1

    /// The most keys kept from one encoding for the next.
    private static let keptKeyLimit = 1024

    /// Ends an encoding: the keys are kept for the next one, which most often encodes the same
    /// types again and so finds its keys without hashing them (and the writer finds them
    /// escaped and ranked), unless there are more than `keptKeyLimit` (the keys of a large
    /// dictionary, which need not recur).
    mutating func endEncoding() {
        if entries.count > Self.keptKeyLimit {
            removeAll()
        }
    }

    var capacityInBytes: Int {
        bytes.capacityInBytes + entries.capacity * MemoryLayout<Entry>.stride + slots.capacityInBytes
    }

    /// Forgets every key, keeping the memory.
    private mutating func removeAll() {
        guard !entries.isEmpty else { return }
        bytes.truncate(to: 0)
        entries.removeAll(keepingCapacity: true)
        slots.removeAll()
        generation &+= 1
        if generation == 0 {
            // Once in 2^32 encodings: entries as old as the new generation could match.
            for position in recent.indices {
                recent[position] = RecentKey()
            }
            generation = 1
        }
    }

    /// The id of the key at `index`, in the order keys were added.
    func id(at index: Int) -> KeyID {
        KeyID(index: Int32(index), isASCII: entries[index].isASCII)
    }

    subscript(key: KeyID) -> Entry {
        entries[Int(key.index)]
    }

    func bytes(of key: KeyID) -> UnsafeRawBufferPointer {
        let entry = entries[Int(key.index)]
        return bytes.bytes(entry.start..<entry.start + entry.length)
    }

    /// The key as a `String`, made anew (for a closure, a coding path or an error).
    func string(of key: KeyID) -> String {
        String(decoding: bytes(of: key), as: UTF8.self)
    }

    // Inlined into each keyed store: most keys hit `recent`, and the call cost as much as the hit.
    /// The id of `key`, added if it is new.
    ///
    /// - Parameter hashingUnicode: whether a new key's `unicodeHash` is taken now, from `key`
    ///   itself, or left to be taken if it is ever asked for (`unicodeHash(of:)`): for a key that
    ///   no lookup is expected to compare (a `[String: String]`'s keys differ from one another),
    ///   where `String`'s hash, which normalizes text beyond ASCII, would be most of the cost of
    ///   interning it.
    @inline(__always)
    mutating func intern(_ key: String, hashingUnicode: Bool = true) -> KeyID {
        guard let words = PrivateLayouts.immortalWords(of: key, layoutIsKnown: stringLayoutIsKnown) else {
            return internBytes(of: key, hashingUnicode: hashingUnicode)
        }
        let position = Int(truncatingIfNeeded: ((words.0 ^ words.1) &* 0x9E37_79B9_7F4A_7C15) >> 56) & (Self.recentCount - 1)
        let candidate = recent[position]
        if candidate.words == words && candidate.generation == generation {
            return candidate.id
        }
        let id = internBytes(of: key, hashingUnicode: hashingUnicode)
        recent[position] = RecentKey(words: words, id: id, generation: generation)
        return id
    }

    /// The fewest new keys worth `fetchSlot(of:)`: from here the table's slots (8 bytes each,
    /// at most half full) outgrow a 1 MB second-level cache, and below it the second hash of
    /// every key costs more than the fetch saves (Benchmarks/README, the encoder's mechanisms).
    static let minimumKeysToFetchSlots = 1 << 16

    /// Asks for the slot where interning `key` will start looking (`Prefetch.read(_:)`): in a
    /// table of hundreds of thousands of keys, a new key's look misses the caches.
    func fetchSlot(of key: String) {
        key.withUTF8Bytes { slots.fetch(probing: Int(Self.hash($0).hash)) }
    }

    /// The `String` hash of `key`, which canonically equal keys share: taken when it was
    /// interned, or now from its bytes (a `String` made anew) and kept.
    mutating func unicodeHash(of key: KeyID) -> Int {
        let index = Int(key.index)
        if entries[index].unicodeHash == 0 {
            entries[index].unicodeHash = Self.unicodeHash(of: string(of: key))
        }
        return entries[index].unicodeHash
    }

    private static func unicodeHash(of key: String) -> Int {
        var hasher = Hasher()
        hasher.combine(key)
        let hash = hasher.finalize()
        return hash == 0 ? 1 : hash
    }

    /// A hash of `bytes`, read eight at a time, and whether they are all ASCII.
    ///
    /// Each word is multiplied into the state at full width, its high and low halves folded
    /// (wyhash's mixing step), so that the high bytes of a word move the low bits the table
    /// probes by, as they would not in a product's low half alone. The last
    /// word is the last eight bytes, overlapping the one before; a key of fewer than eight is
    /// read as two overlapping halves, or, under four, as its first, middle and last bytes.
    /// Either way the bytes and their count decide the hash, and every byte is read.
    @inline(__always)
    private static func hash(_ bytes: UnsafeRawBufferPointer) -> (hash: UInt32, isASCII: Bool) {
        let count = bytes.count
        guard count > 0, let base = bytes.baseAddress else { return (0, true) }
        @inline(__always)
        func mix(_ state: UInt64, _ word: UInt64) -> UInt64 {
            let product = (state ^ word).multipliedFullWidth(by: 0x9E37_79B9_7F4A_7C15)
            return product.high ^ product.low
        }
        func load<Word: FixedWidthInteger>(_ offset: Int, as _: Word.Type) -> UInt64 {
            UInt64(Word(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: Word.self)))
        }
        var state = 0xA076_1D64_78BD_642F ^ UInt64(count)
        var highBits: UInt64 = 0
        if count >= 8 {
            var offset = 0
            while offset &+ 8 < count {
                let word = load(offset, as: UInt64.self)
                highBits |= word
                state = mix(state, word)
                offset &+= 8
            }
            let last = load(count &- 8, as: UInt64.self)
            highBits |= last
            state = mix(state, last)
        } else {
            let word: UInt64
            if count >= 4 {
                word = load(0, as: UInt32.self) | load(count &- 4, as: UInt32.self) << 32
            } else {
                word = load(0, as: UInt8.self) | load(count >> 1, as: UInt8.self) << 8 | load(count &- 1, as: UInt8.self) << 16
            }
            highBits = word
            state = mix(state, word)
        }
        state = mix(state, 0xE703_7ED1_A0B4_28DB)
        return (UInt32(truncatingIfNeeded: state), highBits & 0x8080_8080_8080_8080 == 0)
    }

    /// The id of `key`, found by its bytes; if it is new, its `unicodeHash` is taken from `key`
    /// with `hashingUnicode`.
    private mutating func internBytes(of key: String, hashingUnicode: Bool) -> KeyID {
        let found = key.withUTF8Bytes { raw -> (id: KeyID?, hash: UInt32, isASCII: Bool) in
            let (hash, isASCII) = Self.hash(raw)
            let match = slots.first(probing: Int(hash)) { slot in
                slot.hash == hash && EscapedTextOrder.equal(bytes(of: self.id(at: slot.index)), raw)
            }
            return (match.map { self.id(at: $0.index) }, hash, isASCII)
        }
        if let id = found.id {
            return id
        }
        // Hashed now, from the `String`: hashing the bytes later would first rebuild it, an
        // allocation for a key of more than 15 bytes. Once per key and encoding.
        let unicodeHash = hashingUnicode ? Self.unicodeHash(of: key) : 0
        let start = bytes.count
        key.withUTF8Bytes { bytes.append($0) }
        entries.append(Entry(start: start, length: bytes.count - start, isASCII: found.isASCII,
                             hash: found.hash, unicodeHash: unicodeHash))
        let id = KeyID(index: Int32(entries.count - 1), isASCII: found.isASCII)
        slots.insert(Slot(hash: found.hash, index: id.index))
        return id
    }
}
