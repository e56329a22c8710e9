import Foundation
import Testing

/// The depth limit, a deliberate deviation from Alamofire (README, "Deliberate deviations"): a
/// value is neither stored nor asked to encode itself at a coding path of more than
/// `maximumDepth` keys (256 by default); the encoding throws `EncodingError.invalidValue` with
/// that path instead of overflowing the thread's stack. Stack sizes are `ThreadStack`'s: 512 KiB
/// and 8 MiB in an optimized build, scaled up in debug and sanitizer builds.
struct DepthLimitTests {
    /// The text of `ChainNode.chain(length:)`: link `k`'s id is at `next[next]…[id]` (k times
    /// `next`), and `id` sorts before `next` at every level, so the links come out root first.
    private static func chainText(length: Int) -> String {
        (0..<length).map { level in
            let key = level == 0 ? "id" : "next" + String(repeating: "%5Bnext%5D", count: level - 1) + "%5Bid%5D"
            return key + "=\(level)"
        }.joined(separator: "&")
    }

    @Test(arguments: Contender.allCases)
    func defaultLimitIs256Keys(contender: Contender) {
        #expect(contender.defaultMaximumDepth == 256)
    }

    // MARK: On small stacks

    @Test(arguments: Contender.allCases)
    func chainAtTheLimitEncodesOnASmallStack(contender: Contender) {
        // The last link's id is 256 keys deep.
        let outcome = ThreadStack.run(size: ThreadStack.small) { contender.outcome(ChainNode.chain(length: 256)) }
        #expect(outcome == .output(Self.chainText(length: 256)))
    }

    @Test(arguments: Contender.allCases)
    func chainOf200EncodesOnASmallStack(contender: Contender) {
        let outcome = ThreadStack.run(size: ThreadStack.small) { contender.outcome(ChainNode.chain(length: 200)) }
        #expect(outcome == .output(Self.chainText(length: 200)))
    }

    @Test(arguments: Contender.allCases)
    func chainOneLinkPastTheLimitThrowsWithItsCodingPath(contender: Contender) {
        let path = ThreadStack.run(size: ThreadStack.small) { contender.invalidValuePath(ChainNode.chain(length: 257)) }
        #expect(path == Array(repeating: "next", count: 256) + ["id"])
    }

    @Test(arguments: Contender.allCases, [ThreadStack.small, ThreadStack.usual])
    func chainOf100000LinksThrowsInsteadOfOverflowingTheStack(contender: Contender, stackSize: Int) {
        let chain = ChainNode.chain(length: 100_000)
        let outcome = ThreadStack.run(size: stackSize) { contender.outcome(chain) }
        #expect(outcome == .error(.encodingError))
    }

    @Test(arguments: Contender.allCases)
    func pathBuiltWithoutRecursionStopsAtTheLimitToo(contender: Contender) {
        // Nested containers opened in a loop: `Encodable` does not recurse, but the tree, and
        // the walks that build and write it, would be as deep as the path. (20,000 levels: the
        // reference copies the coding path into each container, which is quadratic.)
        @Sendable func nested(_ depth: Int) -> HandEncoded {
            HandEncoded { encoder in
                var container = encoder.container(keyedBy: VectorKey.self)
                for _ in 1..<depth {
                    container = container.nestedContainer(keyedBy: VectorKey.self, forKey: "k")
                }
                try container.encode("v", forKey: "k")
            }
        }
        let (atLimit, deep) = ThreadStack.run(size: ThreadStack.small) {
            (contender.outcome(nested(256)), contender.outcome(nested(20_000)))
        }
        #expect(atLimit == .output("k" + String(repeating: "%5Bk%5D", count: 255) + "=v"))
        #expect(deep == .error(.encodingError))
    }

    // MARK: Where the limit applies

    @Test(arguments: Contender.allCases)
    func leafDeeperThanALowerLimitIsRefused(contender: Contender) {
        let oneKey = FormOptions(maximumDepth: 1)
        #expect(contender.outcome(["a": "x"], oneKey) == .output("a=x"))
        #expect(contender.invalidValuePath(["a": ["b": "x"]], oneKey) == ["a", "b"])
        #expect(contender.invalidValuePath(["a": ["x"]], oneKey) == ["a", "0"])
    }

    @Test(arguments: Contender.allCases)
    func limitOfZeroAllowsOnlyAnEmptyRoot(contender: Contender) {
        let noKeys = FormOptions(maximumDepth: 0)
        #expect(contender.outcome([String: String](), noKeys) == .output(""))
        #expect(contender.outcome(["a": "x"], noKeys) == .error(.encodingError))
    }

    @Test(arguments: Contender.allCases)
    func emptyContainerDeeperThanTheLimitIsRefused(contender: Contender) {
        // It writes nothing, but it is asked to encode itself there.
        #expect(contender.invalidValuePath(["a": ["b": [String]()]], FormOptions(maximumDepth: 1)) == ["a", "b"])
    }

    @Test(arguments: Contender.allCases)
    func droppedNilDeeperThanTheLimitIsNoError(contender: Contender) {
        // A dropped nil returns at once, before any check; a written one is a value like others.
        struct AbsentB: Encodable {
            let b: String? = nil
        }
        let value = ["a": AbsentB()]
        #expect(contender.outcome(value, FormOptions(nilEncoding: .dropKey, maximumDepth: 1)) == .output(""))
        #expect(contender.outcome(value, FormOptions(nilEncoding: .null, maximumDepth: 1)) == .error(.encodingError))
    }

    @Test(arguments: Contender.allCases)
    func refusedPathShowsAnIntKeyByItsName(contender: Contender) {
        // A key with an `intValue` is an array index, but the coding path shows the key itself.
        struct Numbered: Encodable {
            enum CodingKeys: Int, CodingKey { case id = 1 }
            let id = "x"
        }
        #expect(contender.invalidValuePath(["a": Numbered()], FormOptions(maximumDepth: 1)) == ["a", "id"])
    }

    @Test(arguments: Contender.allCases)
    func strategyErrorOfAnOptionalDataComesBeforeTheDepthError(contender: Contender) {
        // Alamofire's container unwraps an optional `Data` by its dynamic cast and runs the
        // strategy before anything else; a non-optional one is a leaf, its strategy run first too.
        let failing = FormOptions(dataEncoding: .custom { _ in throw ClosureError() }, maximumDepth: 1)
        #expect(contender.outcome(["a": [Optional(Data([1]))]], failing) == .error(.closureError))
        #expect(contender.outcome(["a": [Data([1])]], failing) == .error(.closureError))
        #expect(contender.invalidValuePath(["a": [Optional(Data([1]))]], FormOptions(dataEncoding: .base64, maximumDepth: 1))
            == ["a", "0"])
    }

    @Test(arguments: Contender.allCases)
    func raisedLimitEncodesDeeperValues(contender: Contender) {
        let depth = 2_000
        let value = VectorNode.nested(depth: depth, key: "k", leaf: "v")
        let outcome = ThreadStack.run(size: ThreadStack.huge) { contender.outcome(value, FormOptions(maximumDepth: depth)) }
        #expect(outcome == .output("k" + String(repeating: "%5Bk%5D", count: depth - 1) + "=v"))
    }

    @Test(arguments: Contender.allCases)
    func encoderIsUsableAfterRefusingADeepValue(contender: Contender) throws {
        let encode = contender.makeSharedEncoder(FormOptions(maximumDepth: 2))
        #expect(throws: EncodingError.self) { try encode(["a": ["b": ["c": "x"]]]) }
        #expect(try encode(["a": ["b": "x"]]) == "a%5Bb%5D=x")
    }
}
