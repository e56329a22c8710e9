/// Unicode's table of well-formed UTF-8 byte sequences (The Unicode Standard, table 3-7) as a
/// state machine read with two table loads a byte and no branch: the scanner's one copy of the
/// table, for its runs of escapes (where which bytes come next is as random as the text) and for
/// characters sent raw or half escaped.
///
/// A state is how much of a character has been read (and, after E0, ED, F0 and F4, which
/// second bytes are allowed); `accept` is between characters, `reject` after a byte that
/// cannot come next.
struct UTF8Transitions: @unchecked Sendable {
    /// The states, as row offsets into the table (rows of 16 columns, one per byte class).
    private enum State: UInt8, CaseIterable {
        case accept = 0, reject = 16, oneMore = 32, twoMore = 48, twoAfterE0 = 64, twoAfterED = 80
        case threeMore = 96, threeAfterF0 = 112, threeAfterF4 = 128
    }

    /// What the table tells bytes apart by, as its columns.
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

    private let classes = ByteTable { ByteClass($0).rawValue }
    private let rows: UnsafePointer<UInt8>

    /// The next state after `byte` in `state`.
    @inline(__always)
    func next(_ state: UInt8, _ byte: UInt8) -> UInt8 {
        rows[Int(state &+ classes[byte])]
    }

    private init() {
        let rows = UnsafeMutablePointer<UInt8>.allocate(capacity: State.allCases.count * 16)
        rows.initialize(repeating: State.reject.rawValue, count: State.allCases.count * 16)
        func allow(_ from: State, _ byteClasses: [ByteClass], _ to: State) {
            for byteClass in byteClasses { rows[Int(from.rawValue + byteClass.rawValue)] = to.rawValue }
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
        self.rows = UnsafePointer(rows)
    }
}
