import FormBenchCore
/// A hand-written `encode(to:)` as a list of operations over live handles (encoders and
/// containers): it opens containers of every kind, nests them, reuses keys for values of other
/// kinds, writes through handles whose node a later write replaced, writes twice into
/// single-value containers (`nil` among them, before and after a value) and occasionally gives
/// up by throwing its own error.
///
/// The program is data, fixed before encoding starts, so both encoders see the same calls. It
/// logs what user code can observe after each operation (see `FuzzObservation`). Most writes
/// catch their error and go on (`try?`), as both encoders must stay consistent after an error;
/// the others pass it on (`try`), ending the program with it.
struct FuzzProgram: CustomStringConvertible {
    enum Operation {
        /// Appends the handle that handle `handle` vends (see `FuzzHandle.open(_:key:)`).
        case open(FuzzHandle.Kind, handle: Int, key: FuzzKey?)
        /// Writes `value`; an error it throws ends the program when `passesErrorOn`.
        case write(FuzzValue, handle: Int, key: FuzzKey?, passesErrorOn: Bool)
        /// Throws `ClosureError` out of `encode(to:)`, ending the program.
        case fail
    }

    let operations: [Operation]

    /// Runs the program as the `encode(to:)` of a value being encoded by `encoder`.
    func run(on encoder: any Encoder, log: FuzzLog) throws {
        var handles = [FuzzHandle.encoder(encoder)]
        for (step, operation) in operations.enumerated() {
            var failure: FormErrorKind?
            switch operation {
            case let .open(kind, handle, key):
                let opened = handles[handle].open(kind, key: key)
                handles.append(opened)
            case let .write(value, handle, key, passesErrorOn):
                do {
                    try handles[handle].write(value, key: key, log: log)
                } catch {
                    guard !passesErrorOn else { throw error }
                    failure = error is ClosureError ? .closureError : error is EncodingError ? .encodingError : .other
                }
            case .fail:
                throw ClosureError()
            }
            log.observations.append(.step(step, error: failure, handles: handles.map(\.state)))
        }
    }

    /// A random program; written values are at most `depth` levels deep. A `keyedRoot` program
    /// opens a keyed container first, runs longer, and uses no index keys (which would make the
    /// root an array).
    static func random(depth: Int, keyedRoot: Bool, using rng: inout SplitMix64) -> FuzzProgram {
        let keys = FuzzKey.pool(indices: !keyedRoot, using: &rng)
        var kinds: [FuzzHandle.Kind] = [.encoder]
        var operations: [Operation] = keyedRoot ? [.open(.keyed, handle: 0, key: nil)] : []
        kinds += keyedRoot ? [.keyed] : []
        for step in operations.count ..< rng.smallCount(in: keyedRoot ? 3 ... 16 : 1 ... 12) {
            // Mostly the newest handle; otherwise an older one, whose node may have been replaced
            // since. A keyed root stays clear of the root encoder after its first step.
            let oldest = keyedRoot ? 1 : 0
            let handle = step == 0 || rng.chance(0.5) ? kinds.count - 1 : Int.random(in: oldest ..< kinds.count, using: &rng)
            let kind = kinds[handle]
            var key = kind == .keyed ? (rng.chance(0.85) || keyedRoot ? rng.pick(keys) : FuzzKey.random(using: &rng)) : nil
            if !kind.openings.isEmpty, rng.chance(step == 0 ? 0.9 : 0.35) {
                // Openings list keyed containers first, the most wanted: they make the most of
                // keys, and roots must be keyed.
                let opening = rng.weighted(zip([3, 2, 1], kind.openings).map { weight, opening in (weight, { _ in opening }) })
                if opening == .encoder, rng.chance(0.3) {
                    key = nil // superEncoder() rather than superEncoder(forKey:)
                }
                operations.append(.open(opening, handle: handle, key: key))
                kinds.append(opening)
            } else {
                // Single-value containers often get a nil: it must not claim the container when
                // the nil encoding drops it, and must when it writes a string.
                let value = kind == .singleValue && rng.chance(0.3) ? FuzzValue.null : FuzzValue.random(depth: depth, using: &rng)
                operations.append(.write(value, handle: handle, key: key, passesErrorOn: rng.chance(0.2)))
            }
        }
        if rng.chance(0.04) {
            operations.insert(.fail, at: Int.random(in: 0 ... operations.count, using: &rng))
        }
        return FuzzProgram(operations: operations)
    }

    var description: String {
        var handleCount = 1
        let lines = operations.enumerated().map { step, operation in
            switch operation {
            case let .open(kind, handle, key):
                handleCount += 1
                return "\(step): h\(handleCount - 1) = open \(kind == .encoder ? "superEncoder" : "\(kind)") at h\(handle)\(key.map { "[\($0)]" } ?? "")"
            case let .write(value, handle, key, passesErrorOn):
                return "\(step): \(passesErrorOn ? "try" : "try?") write at h\(handle)\(key.map { "[\($0)]" } ?? ""): \(value)"
            case .fail:
                return "\(step): throw ClosureError"
            }
        }
        return FuzzDump.block("program {", lines, "}")
    }
}
