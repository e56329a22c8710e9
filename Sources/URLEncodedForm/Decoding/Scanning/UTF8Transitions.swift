/// Unicode's table of well-formed UTF-8 byte sequences (The Unicode Standard, table 3-7) as a
/// state machine read with one table load and one shift a byte, and no branch: the scanner's one
/// copy of the table, for its runs of escapes (where which bytes come next is as random as the
/// text) and for characters sent raw or half escaped.
///
/// A byte's row holds the next state for every state at once (a shift-based machine), so the
/// load does not wait for the state: from byte to byte a run of text waits for a shift, where a
/// table indexed by the state made it wait for a load.
///
/// A state is how much of a character has been read (and, after E0, ED, F0 and F4, which
/// second bytes are allowed); `accept` is between characters, `reject` after a byte that
/// cannot come next.
struct UTF8Transitions: @unchecked Sendable {
    /// The states, as bit offsets into a byte's row: the six bits there are the state after
    /// that byte.
    private enum State: UInt8, CaseIterable {
        case accept = 0, reject = 6, oneMore = 12, twoMore = 18, twoAfterE0 = 24, twoAfterED = 30
        case threeMore = 36, threeAfterF0 = 42, threeAfterF4 = 48
    }

    /// What the table tells bytes apart by: the bytes of one class have the same row.
    private enum ByteClass: UInt8 {
        case ascii, continuation80, continuation90, continuationA0, never, lead2, leadE0, lead3, leadED, leadF0, lead4, leadF4

        init(_ byte: UInt8) {
            self = switch byte {
            case 0x00...0x7F: .ascii
            case 0x80...0x8F: .continuation80
            case 0x90...0x9F: .continuation90
            case 0xA0...0xBF: .continuationA0
            case 0xC2...0xDF: .lead2
            case 0xE0: .leadE0
            case 0xE1...0xEC, 0xEE...0xEF: .lead3
            case 0xED: .leadED
            case 0xF0: .leadF0
            case 0xF1...0xF3: .lead4
            case 0xF4: .leadF4
            default: .never
            }
        }
    }

    static let accept = State.accept.rawValue
    static let reject = State.reject.rawValue

    /// The one table, made once and never freed or written after (hence `@unchecked Sendable`).
    static let table = UTF8Transitions()

    /// Each byte's row: for every state, at its offset, the state after the byte.
    private let rows: ByteTable<UInt64>

    /// The next state after `byte` in `state`: one load that does not wait for `state`, and a
    /// shift that does.
    @inline(__always)
    func next(_ state: UInt8, _ byte: UInt8) -> UInt8 {
        UInt8(truncatingIfNeeded: rows[byte] &>> UInt64(state)) & 0x3F
    }

    private init() {
        // The transitions by state and class first (each state's offset is six times its
        // place), then spread into each byte's row.
        var allowed = [State](repeating: .reject, count: State.allCases.count * 16)
        func allow(_ from: State, _ byteClasses: [ByteClass], _ to: State) {
            for byteClass in byteClasses { allowed[Int(from.rawValue / 6) * 16 + Int(byteClass.rawValue)] = to }
        }
        let anyContinuation: [ByteClass] = [.continuation80, .continuation90, .continuationA0]
        allow(.accept, [.ascii], .accept)
        allow(.accept, [.lead2], .oneMore)
        allow(.accept, [.lead3], .twoMore)
        allow(.accept, [.leadE0], .twoAfterE0)
        allow(.accept, [.leadED], .twoAfterED)
        allow(.accept, [.lead4], .threeMore)
        allow(.accept, [.leadF0], .threeAfterF0)
        allow(.accept, [.leadF4], .threeAfterF4)
        allow(.oneMore, anyContinuation, .accept)
        allow(.twoMore, anyContinuation, .oneMore)
        allow(.twoAfterE0, [.continuationA0], .oneMore)
        allow(.twoAfterED, [.continuation80, .continuation90], .oneMore)
        allow(.threeMore, anyContinuation, .twoMore)
        allow(.threeAfterF0, [.continuation90, .continuationA0], .twoMore)
        allow(.threeAfterF4, [.continuation80], .twoMore)
        rows = ByteTable { byte in
            State.allCases.reduce(0) { row, state in
                row | UInt64(allowed[Int(state.rawValue / 6) * 16 + Int(ByteClass(byte).rawValue)].rawValue) << state.rawValue
            }
        }
    }
}
