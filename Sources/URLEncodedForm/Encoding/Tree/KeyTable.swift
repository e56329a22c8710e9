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
        /// FNV-1a of the bytes.
        let hash: UInt32
        /// Its `String`'s hash, which canonically equal keys share; all 64 bits, so that two
        /// different keys of even a million-key object practically never share it.
        let unicodeHash: Int
    }

    private var bytes = UncheckedBytes()
    private var entries: [Entry] = []
    /// Open addressing: each slot holds a key's hash in its high half and its index + 1 in
    /// the low half; 0 is empty.
    private var slots = [UInt64](repeating: 0, count: 64)
    /// Recently interned keys by the two words of the `String` they came as (`identity(of:)`),
    /// direct-mapped: a coding key is usually a literal, and a hit skips hashing its bytes.
    private var recent = [RecentKey](repeating: RecentKey(), count: Self.recentCount)
    private static let recentCount = 256
    /// Whether `String` is laid out as `identity(of:)` expects: checked once per process, and
    /// read into each table so that the hot path loads a field rather than a lazy global.
    private let stringLayoutIsKnown = KeyTable.stringLayoutIsKnown
    private static let stringLayoutIsKnown = KeyTable.checkStringLayout()

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
        bytes.capacityInBytes + entries.capacity * MemoryLayout<Entry>.stride + slots.capacity * 8
    }

    /// Forgets every key, keeping the memory.
    private mutating func removeAll() {
        guard !entries.isEmpty else { return }
        bytes.truncate(to: 0)
        entries.removeAll(keepingCapacity: true)
        for position in slots.indices {
            slots[position] = 0
        }
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
    @inline(__always)
    mutating func intern(_ key: String) -> KeyID {
        guard let words = identity(of: key) else {
            return internBytes(of: key)
        }
        let position = Int(truncatingIfNeeded: ((words.0 ^ words.1) &* 0x9E37_79B9_7F4A_7C15) >> 56) & (Self.recentCount - 1)
        let candidate = recent[position]
        if candidate.words == words && candidate.generation == generation {
            return candidate.id
        }
        let id = internBytes(of: key)
        recent[position] = RecentKey(words: words, id: id, generation: generation)
        return id
    }

    /// The two words of `key` when they alone identify its bytes, or `nil`.
    ///
    /// A small string holds its bytes in its two words, and a literal points at bytes that live
    /// as long as the program: both are flagged immortal, in the top bit of the second word. A
    /// heap string is not, and once freed its address can come back holding other bytes.
    private func identity(of key: String) -> (UInt64, UInt64)? {
        guard stringLayoutIsKnown else { return nil }
        let words = unsafeBitCast(key, to: (UInt64, UInt64).self)
        return words.1 >> 63 == 1 ? words : nil
    }

    /// Whether a small string and a heap string look as `identity(of:)` expects.
    private static func checkStringLayout() -> Bool {
        guard MemoryLayout<String>.size == 16 else { return false }
        let small = unsafeBitCast("k", to: (UInt64, UInt64).self)
        let heap = unsafeBitCast(String(repeating: "k", count: 40), to: (UInt64, UInt64).self)
        return small.0 == UInt64(UInt8(ascii: "k")) && small.1 >> 63 == 1 && heap.1 >> 63 == 0
    }

    /// The id of `key`, found by its bytes.
    private mutating func internBytes(of key: String) -> KeyID {
        let found = key.withUTF8Bytes { raw -> (id: KeyID?, hash: UInt32, isASCII: Bool) in
            var hash: UInt32 = 2_166_136_261
            var combined: UInt8 = 0
            for byte in raw {
                hash = (hash ^ UInt32(byte)) &* 16_777_619
                combined |= byte
            }
            let mask = slots.count - 1
            var position = Int(hash) & mask
            while slots[position] != 0 {
                let slot = slots[position]
                if UInt32(truncatingIfNeeded: slot >> 32) == hash {
                    let id = self.id(at: Int(slot & 0xFFFF_FFFF) - 1)
                    if EscapedTextOrder.equal(bytes(of: id), raw) {
                        return (id, hash, combined < 0x80)
                    }
                }
                position = (position + 1) & mask
            }
            return (nil, hash, combined < 0x80)
        }
        if let id = found.id {
            return id
        }
        // Hashed now, from the `String`: hashing the bytes later would first rebuild it, an
        // allocation for a key of more than 15 bytes. Once per key and encoding.
        var hasher = Hasher()
        hasher.combine(key)
        let unicodeHash = hasher.finalize()
        let start = bytes.count
        key.withUTF8Bytes { bytes.append($0) }
        entries.append(Entry(start: start, length: bytes.count - start, isASCII: found.isASCII,
                             hash: found.hash, unicodeHash: unicodeHash))
        let id = KeyID(index: Int32(entries.count - 1), isASCII: found.isASCII)
        if entries.count * 2 > slots.count {
            grow()
        } else {
            insert(id, hash: found.hash)
        }
        return id
    }

    private mutating func insert(_ id: KeyID, hash: UInt32) {
        let mask = slots.count - 1
        var position = Int(hash) & mask
        while slots[position] != 0 {
            position = (position + 1) & mask
        }
        slots[position] = UInt64(hash) << 32 | UInt64(id.index + 1)
    }

    /// Doubles the slots and registers every key again.
    @inline(never)
    private mutating func grow() {
        slots = [UInt64](repeating: 0, count: slots.count * 2)
        for index in entries.indices {
            insert(id(at: index), hash: entries[index].hash)
        }
    }
}
