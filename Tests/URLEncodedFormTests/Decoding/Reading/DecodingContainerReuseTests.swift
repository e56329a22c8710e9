import Foundation
import Testing
import URLEncodedForm

/// The decoder hands a keyed container out again once nothing else holds it (its shelf of
/// containers, as the encoder's): every container must still read its own hash, whatever other
/// containers of its key type are open or kept.
struct DecodingContainerReuseTests {
    private let decoder = URLEncodedFormDecoder()

    /// A chain of one type: each link's container stays open while the next links, of the same
    /// key type, take theirs, and reads `name` after them.
    private struct Link: Decodable, Equatable {
        var next: [Link]
        var name: String
    }

    private struct Leaf: Decodable, Equatable { var v: Int }
    private struct ThreeLeaves: Decodable, Equatable { var x: Leaf, y: Leaf, z: Leaf }

    private enum StepKey: String, CodingKey { case first, second, third, value, late }

    private final class KeptContainer: @unchecked Sendable {
        var container: KeyedDecodingContainer<StepKey>?
    }

    /// Reads `value` through a container it gives to `kept`, where one is set.
    private struct Step: Decodable {
        let value: String
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: StepKey.self)
            value = try container.decode(String.self, forKey: .value)
            Step.kept?.container = container
        }
        @TaskLocal static var kept: KeptContainer?
    }

    /// Reads `first`, then `second` (keeping its container: the key type's second, the one
    /// shelved), then `third`, of the same key type, then `late` through `second`'s container.
    private struct ThreeStepsReadAfterwards: Decodable {
        let values: [String]
        init(from decoder: any Decoder) throws {
            let kept = KeptContainer()
            let container = try decoder.container(keyedBy: StepKey.self)
            let first = try container.decode(Step.self, forKey: .first).value
            let second = try Step.$kept.withValue(kept) { try container.decode(Step.self, forKey: .second).value }
            let third = try container.decode(Step.self, forKey: .third).value
            values = [first, second, third, try #require(kept.container).decode(String.self, forKey: .late)]
        }
    }

    @Test func aContainerReadsItsHashAfterContainersOfItsKeyTypeBelowIt() throws {
        // Four links deep, the third is the first shelved, and still open when the fourth asks.
        let form = "name=a&next%5B0%5D%5Bname%5D=b&next%5B0%5D%5Bnext%5D%5B0%5D%5Bname%5D=c"
            + "&next%5B0%5D%5Bnext%5D%5B0%5D%5Bnext%5D%5B0%5D%5Bname%5D=d&next%5B1%5D%5Bname%5D=e"
        let expected = Link(next: [Link(next: [Link(next: [Link(next: [], name: "d")], name: "c")], name: "b"),
                                   Link(next: [], name: "e")], name: "a")
        #expect(try decoder.decode(Link.self, from: form) == expected)
    }

    @Test func siblingsOfOneKeyTypeReadTheirOwnHashes() throws {
        let value = try decoder.decode(ThreeLeaves.self, from: "x%5Bv%5D=1&y%5Bv%5D=2&z%5Bv%5D=3")
        #expect(value == ThreeLeaves(x: Leaf(v: 1), y: Leaf(v: 2), z: Leaf(v: 3)))
    }

    @Test func aContainerKeptByItsValueStillReadsItsHashAfterASiblingOfItsKeyType() throws {
        // Handed to the sibling, the kept container would read `late` from `third`'s hash.
        let form = "first%5Bvalue%5D=1&second%5Blate%5D=2L&second%5Bvalue%5D=2&third%5Blate%5D=3L&third%5Bvalue%5D=3"
        let value = try decoder.decode(ThreeStepsReadAfterwards.self, from: form)
        #expect(value.values == ["1", "2", "3", "2L"])
    }

    @Test func aContainerKeptAfterItsDecodingReadsNoLaterOne() throws {
        let kept = KeptContainer()
        let first = try Step.$kept.withValue(kept) { try decoder.decode(Step.self, from: "value=kept&late=early") }
        #expect(first.value == "kept")
        for round in 0..<3 {
            let later = try decoder.decode(ThreeLeaves.self, from: "x%5Bv%5D=\(round)&y%5Bv%5D=2&z%5Bv%5D=3")
            #expect(later.x.v == round)
            #expect(try kept.container?.decode(String.self, forKey: .late) == "early", "round \(round)")
        }
    }
}
