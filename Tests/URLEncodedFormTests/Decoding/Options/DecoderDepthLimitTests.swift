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

    /// How many hashes and arrays lie under `node`, following each one's only child.
    private static func levels(under node: any Sendable) -> Int {
        var node = node
        var levels = 0
        while true {
            if let hash = node as? [String: any Sendable], hash.count == 1 {
                node = hash.first!.value
            } else if let array = node as? [any Sendable], array.count == 1 {
                node = array[0]
            } else {
                return levels
            }
            levels += 1
        }
    }

    /// Names of `depth` segments: a hash in each, an array in each, and the two in turn.
    private static func deepNames(depth: Int) -> [String] {
        let odd = depth % 2 == 1 ? "[b]" : ""
        return ["a" + String(repeating: "[b]", count: depth),
                "a" + String(repeating: "[][b]", count: depth / 2) + odd,
                "a" + String(repeating: "[b][]", count: depth / 2) + odd]
    }

    @Test func parametersAtTheirDepthCapAreBuiltReadAndFreedOnASmallStack() throws {
        let depth = URLEncodedFormDecoder.Limits.maximumParametersDepth
        #expect(depth == 1_000)
        let decoder = URLEncodedFormDecoder(limits: .init(maximumDepth: 1_000_000))
        for name in Self.deepNames(depth: depth) {
            // Built, read and let go on the thread: the release is what recurses.
            let levels = ThreadStack.run(size: ThreadStack.small) { () -> Int in
                guard let tree = try? decoder.parameters(from: name + "=1"), let a = tree["a"] else { return -1 }
                return Self.levels(under: a)
            }
            #expect(levels == depth, "\(name.prefix(12))…")
        }
    }

    @Test(arguments: [ThreadStack.small, ThreadStack.usual])
    func parametersRefuseAMillionLevelsWhateverTheDepthLimitInsteadOfCrashingWhenFreed(stackSize: Int) {
        // Swift frees nested dictionaries recursively: such a tree, built, would kill the
        // process when let go (at 10^4 levels on a 512 KiB stack, 10^5 on 8 MiB).
        let decoder = URLEncodedFormDecoder(limits: .init(maximumDepth: 2_000_000))
        for depth in [1_001, 10_000, 100_000, 1_000_000] {
            for name in Self.deepNames(depth: depth) {
                let form = name + "=1"
                let error = ThreadStack.run(size: stackSize) { () -> URLEncodedFormDecoder.Error? in
                    do {
                        _ = try decoder.parameters(from: form)
                        return nil
                    } catch let DecodingError.dataCorrupted(context) {
                        return context.underlyingError as? URLEncodedFormDecoder.Error
                    } catch {
                        return nil
                    }
                }
                #expect(error == .tooDeep(key: "a", limit: 1_000), "\(depth) levels: \(name.prefix(12))…")
                #expect(error?.description.contains("parameters(from:)") == true)
            }
        }
        // The same names decode into a type, whose tree is freed in a loop.
        struct Flat: Decodable { let a: String }
        let typed = ThreadStack.run(size: stackSize) { () -> String in
            do {
                _ = try decoder.decode(Flat.self, from: "a" + String(repeating: "[b]", count: 1_000_000) + "=1")
                return "decoded"
            } catch DecodingError.typeMismatch {
                return "typeMismatch"
            } catch {
                return "\(error)"
            }
        }
        #expect(typed == "typeMismatch")
    }

    @Test func aLowerDepthLimitStillNamesItselfInParameters() {
        let decoder = URLEncodedFormDecoder(limits: .init(maximumDepth: 8))
        #expect(throws: DecodingError.self) { try decoder.parameters(from: "a" + String(repeating: "[b]", count: 9) + "=1") }
        do {
            _ = try decoder.parameters(from: "a" + String(repeating: "[b]", count: 9) + "=1")
        } catch let DecodingError.dataCorrupted(context) {
            let error = context.underlyingError as? URLEncodedFormDecoder.Error
            #expect(error == .tooDeep(key: "a", limit: 8))
            #expect(error?.description.contains("Limits.maximumDepth); raise the limit") == true)
        } catch {
            Issue.record("\(error)")
        }
    }
}
