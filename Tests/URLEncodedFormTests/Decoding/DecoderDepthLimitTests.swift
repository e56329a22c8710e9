import Foundation
import Testing
import URLEncodedForm

/// The decoder on small stacks (README, "Decoding forms", limits): parsing and merging a name
/// loop rather than recurse, so a name far deeper than any limit costs heap, not stack; and a
/// type nested to the default limit decodes on a 512 KiB thread. CI runs these in a release
/// build too, where the stack sizes are the ones named.
struct DecoderDepthLimitTests {
    private final class Chain: Decodable, Sendable {
        let id: Int
        let next: Chain?
        var length: Int {
            var length = 0
            var link: Chain? = self
            while let current = link {
                length += 1
                link = current.next
            }
            return length
        }
    }

    /// `next[next]…[id]=k` for each link, as a chain `length` links long writes itself.
    private static func chain(length: Int) -> String {
        (0..<length).map { level in
            (level == 0 ? "id" : "next" + String(repeating: "[next]", count: level - 1) + "[id]") + "=\(level)"
        }.joined(separator: "&")
    }

    @Test func aTypeNestedToTheDefaultLimitDecodesOnASmallStack() {
        let text = Self.chain(length: 64)
        let length = ThreadStack.run(size: ThreadStack.small) { () -> Int? in
            (try? URLEncodedFormDecoder().decode(Chain.self, from: text))?.length
        }
        #expect(length == 64)
    }

    @Test func aNameOfAHundredThousandSegmentsIsReadWithoutRecursion() {
        let depth = 100_000
        let name = "a" + String(repeating: "[b]", count: depth)
        let decoder = URLEncodedFormDecoder(limits: .init(maximumDepth: depth))
        struct Flat: Decodable { let a: String }
        let outcome = ThreadStack.run(size: ThreadStack.small) { () -> String in
            do {
                _ = try decoder.decode(Flat.self, from: name + "=1")
                return "decoded"
            } catch DecodingError.typeMismatch {
                return "typeMismatch"
            } catch {
                return "\(error)"
            }
        }
        // The tree was built, 100,000 levels deep, and `a` is a hash, not a value.
        #expect(outcome == "typeMismatch")
    }

    @Test func parametersOfADeepNameAreBuiltWithoutRecursion() throws {
        let depth = 2_000
        let name = "a" + String(repeating: "[b]", count: depth)
        let decoder = URLEncodedFormDecoder(limits: .init(maximumDepth: depth))
        let levels = ThreadStack.run(size: ThreadStack.small) { () -> Int in
            guard var node: any Sendable = try? decoder.parameters(from: name + "=1")["a"] else { return -1 }
            var levels = 0
            while let hash = node as? [String: any Sendable], let next = hash["b"] {
                levels += 1
                node = next
            }
            return levels
        }
        #expect(levels == depth)
    }
}
