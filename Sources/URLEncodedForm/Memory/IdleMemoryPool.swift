/// Memory a call works in (an encoding's, a decoding's, a parameter walk's), which an
/// `IdleMemoryPool` keeps between calls so that the next one allocates none of it and does not
/// fault the same pages in again.
///
/// A class: pools move it by reference, and it frees its buffers in its own `deinit`, so that
/// no copy of it can outlive the memory.
protocol ReusableMemory: AnyObject, Sendable {
    /// The bytes it holds.
    var capacityInBytes: Int { get }
    /// Whether the call that just ended needed a good part of it: it filled at least a quarter
    /// of what the growing buffers hold (a buffer doubles as it grows, so a call as large as the
    /// one that grew it fills at least half).
    var fitsLastUse: Bool { get }
    /// Forgets the last call, keeping the memory.
    func removeAll()
}

/// Idle memory of one kind, kept for the next calls: one set in an atomic slot (`IdleSlot`),
/// which the common case (one call at a time) takes and fills again without a lock, and a few
/// more behind a lock (`LockedValue`) for threads that call at once.
///
/// Every pool of the package is one of these, under one of four policies:
/// - `IdleMemoryPolicy.encoder` and `IdleMemoryPolicy.decoder`: one coder's own pool;
/// - `IdleMemoryPolicy.spares`: the process's spares of a kind, what encoders or decoders that went away
///   left, so that a coder made per request starts from warm memory;
/// - `IdleMemoryPolicy.ownerlessSpares`: `URLEncoding`'s writer memory, which no coder owns.
///
/// A `~Copyable` struct, not a class: it lives inside its owner (an encoder, a decoder, a static),
/// and an encoder made per request makes no generic class instance (whose metadata is looked up
/// at run time on every allocation).
struct IdleMemoryPool<Memory: ReusableMemory>: ~Copyable, Sendable {
    private let policy: IdleMemoryPolicy
    private let slot = IdleSlot<Memory>()
    /// The sets beyond the slot's, where the policy keeps more than one (a lock is an
    /// allocation, which a pool of one spares its owner).
    private let others: LockedValue<[Memory]>?

    init(_ policy: IdleMemoryPolicy) {
        self.policy = policy
        others = policy.count > 1 ? LockedValue([]) : nil
    }

    /// Idle memory, emptied, if there is some.
    func take() -> Memory? {
        slot.take() ?? others?.withLock { $0.popLast() }
    }

    /// Keeps `memory`, its last call forgotten, unless the policy refuses it or the pool is
    /// full; returns whether it did. Memory not kept is freed with its last reference, or
    /// passed on (to the spares) by the caller.
    @discardableResult
    func keep(_ memory: Memory) -> Bool {
        guard policy.keeps(capacity: memory.capacityInBytes, fits: memory.fitsLastUse) else { return false }
        memory.removeAll()
        if slot.keep(memory) { return true }
        return others?.withLock { others in
            guard others.count < policy.count - 1 else { return false }
            others.append(memory)
            return true
        } ?? false
    }

    /// Hands every idle set to `other`, which keeps what its policy allows: a decoder's memory,
    /// to the process's spares when the decoder goes.
    func drain(into other: borrowing IdleMemoryPool) {
        while let memory = take() { other.keep(memory) }
    }
}

/// What a pool keeps: the bounds the documentation promises (64 MB, four spares of 1 MB),
/// written once.
struct IdleMemoryPolicy: Sendable {
    /// How many sets of memory at most: the slot's and the others behind the lock.
    let count: Int
    /// Memory holding up to this many bytes is kept.
    let alwaysKept: Int
    /// Larger memory, up to this, is kept only when the call that just ended filled it
    /// (`ReusableMemory.fitsLastUse`): large memory stays while large calls recur, and is
    /// let go after the first smaller one.
    let keptWhileFilled: Int

    /// An encoder's own pool: any size up to 64 MB, larger while it is filled; enough sets for
    /// a few threads sharing the encoder.
    static let encoder = IdleMemoryPolicy(count: 4, alwaysKept: 64 << 20, keptWhileFilled: .max)
    /// A decoder's own pool: the same bounds, one set, which needs no lock, so that a decoder
    /// made per request allocates no more than itself; the sets of threads decoding at once
    /// beyond the first go to the process's spares.
    static let decoder = IdleMemoryPolicy(count: 1, alwaysKept: 64 << 20, keptWhileFilled: .max)
    /// The process's spares of a kind: a few small sets, enough for a few threads making
    /// coders per request, while the process holds little.
    static let spares = IdleMemoryPolicy(count: 4, alwaysKept: 1 << 20, keptWhileFilled: 0)
    /// `URLEncoding`'s writer memory, which no coder owns: small sets as spares, and large
    /// ones (up to 64 MB) while large parameter encodings recur.
    static let ownerlessSpares = IdleMemoryPolicy(count: 4, alwaysKept: 1 << 20, keptWhileFilled: 64 << 20)

    /// Whether memory holding `capacity` bytes is kept, `fits` saying whether the call that
    /// just ended filled it.
    func keeps(capacity: Int, fits: Bool) -> Bool {
        capacity <= alwaysKept || (fits && capacity <= keptWhileFilled)
    }
}
