import Foundation
import Testing
import URLEncodedForm

/// The optimized encoder hands a keyed container out again once nothing else holds it (the
/// encoder's shelf of containers): every container must still store below its own path,
/// whatever other containers of its key type are open or kept. Each rule is pinned for both
/// contenders; the reference makes a new container every time.
struct KeyedContainerReuseTests {
    /// A chain of one type: each link's container stays open while the next link, of the same
    /// key type, takes one, and stores `name` after it.
    private struct Link: Encodable {
        var next: [Link]
        var name: String
    }

    private enum StepKey: String, CodingKey { case first, second, third, value, late }

    /// Stores `value` through a container it gives to `keep`, which may use it later.
    private struct Step: Encodable {
        let value: String
        let keep: (@Sendable (KeyedEncodingContainer<StepKey>) -> Void)?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: StepKey.self)
            try container.encode(value, forKey: .value)
            keep?(container)
        }
    }

    /// Encodes `first`, then `second` (keeping its container: the key type's second, the one
    /// shelved), then `third`, of the same key type, then writes `late` through `second`'s
    /// container.
    private struct ThreeStepsWrittenToAfterwards: Encodable {
        func encode(to encoder: any Encoder) throws {
            let kept = KeptContainer()
            var container = encoder.container(keyedBy: StepKey.self)
            try container.encode(Step(value: "1", keep: nil), forKey: .first)
            try container.encode(Step(value: "2", keep: { kept.container = $0 }), forKey: .second)
            try container.encode(Step(value: "3", keep: nil), forKey: .third)
            try kept.container?.encode("2L", forKey: .late)
        }
    }

    /// Two containers of one key type at the same path, written in turn.
    private struct TwoContainersAtOnce: Encodable {
        func encode(to encoder: any Encoder) throws {
            var one = encoder.container(keyedBy: StepKey.self)
            var other = encoder.container(keyedBy: StepKey.self)
            try one.encode("1", forKey: .first)
            try other.encode("2", forKey: .second)
            try one.encode("3", forKey: .value)
        }
    }

    private final class KeptContainer: @unchecked Sendable {
        var container: KeyedEncodingContainer<StepKey>?
    }

    @Test(arguments: Contender.allCases)
    func aContainerStoresBelowItsPathAfterContainersOfItsKeyTypeBelowIt(contender: Contender) {
        // Four links deep, the third is the first shelved, and still open when the fourth asks.
        let chain = Link(next: [Link(next: [Link(next: [Link(next: [], name: "d")], name: "c")], name: "b")], name: "a")
        let expected = "name=a&next%5B%5D%5Bname%5D=b&next%5B%5D%5Bnext%5D%5B%5D%5Bname%5D=c"
            + "&next%5B%5D%5Bnext%5D%5B%5D%5Bnext%5D%5B%5D%5Bname%5D=d"
        #expect(contender.outcome(chain) == .output(expected))
    }

    @Test(arguments: Contender.allCases)
    func siblingsOfOneKeyTypeStoreBelowTheirOwnPaths(contender: Contender) {
        let value = ["x": ["p": 1], "y": ["q": 2], "z": ["r": 3]]
        #expect(contender.outcome(value) == .output("x%5Bp%5D=1&y%5Bq%5D=2&z%5Br%5D=3"))
    }

    @Test(arguments: Contender.allCases)
    func aContainerKeptByItsValueStillStoresBelowItsPathAfterASiblingOfItsKeyType(contender: Contender) {
        // Handed to the sibling, the kept container would store `late` below `third`.
        let expected = "first%5Bvalue%5D=1&second%5Blate%5D=2L&second%5Bvalue%5D=2&third%5Bvalue%5D=3"
        #expect(contender.outcome(ThreeStepsWrittenToAfterwards()) == .output(expected))
    }

    @Test(arguments: Contender.allCases)
    func twoContainersOfOneKeyTypeAtOnePathStoreIntoOneObject(contender: Contender) {
        #expect(contender.outcome(TwoContainersAtOnce()) == .output("first=1&second=2&value=3"))
    }

    @Test func aContainerKeptAfterItsEncodingWritesIntoNoLaterOne() throws {
        let encoder = URLEncodedFormEncoder()
        let kept = KeptContainer()
        let keeping: String = try encoder.encode(Step(value: "kept", keep: { kept.container = $0 }))
        #expect(keeping == "value=kept")
        for round in 0..<3 {
            try kept.container?.encode("late \(round)", forKey: .late)
            let later: String = try encoder.encode(Step(value: "\(round)", keep: nil))
            #expect(later == "value=\(round)", "round \(round)")
        }
    }
}
