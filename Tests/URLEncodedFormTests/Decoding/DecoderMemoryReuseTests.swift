import FormBenchCore
import Foundation
import Testing
import URLEncodedForm

/// A decoder keeps the memory of its last decoding (the pairs, the tree's nodes, the unescaped
/// names, its lookup state) for the next, and a decoder made per request starts from the memory
/// a decoder that went away left: none of that may show in what a decoding reads. Forms of
/// every size and shape follow each other through one decoder (and through decoders made for
/// one decoding each), smaller after larger, failing ones in between, and each must read as its
/// own text says, with no key, value or lookup left over from the one before.
struct DecoderMemoryReuseTests {
    /// Keys a smaller form may lack: each must read as `nil` where the last form sent it.
    private struct Sparse: Decodable, Equatable {
        let id: String?, name: String?, note: String?, tags: [String]?, extra: [String: String]?
    }

    /// One form: up to 300 keys (past the width from which hashes are searched through a
    /// table), some repeated, some escaped (names too), some nested or in arrays.
    private static func form(seed: UInt64) -> (text: String, pairs: [(String, String)]) {
        var rng = SplitMix64(seed: seed)
        let count = [0, 1, 3, 20, 40, 300].randomElement(using: &rng)!
        let names = ["id", "name", "note", "tags[]", "extra[k]", "extra[%C3%A9]", "w", "a+b", "%61b"]
        var pairs: [(String, String)] = []
        for index in 0 ..< count {
            let name = Int.random(in: 0 ..< 3, using: &rng) == 0 ? names.randomElement(using: &rng)! : "k\(index)"
            let value = ["1", "x y", "%E2%82%AC", "", String(repeating: "v", count: Int.random(in: 0 ... 40, using: &rng))]
                .randomElement(using: &rng)!
            pairs.append((name, value))
        }
        return (pairs.map { "\($0.0)=\($0.1)" }.joined(separator: "&"), pairs)
    }

    /// The plain keys of Rack's view of `pairs` and their last values, from the pairs the test
    /// sent: every name here is one key (escaped or not), `name[]` or `name[key]`.
    private static func expectedParameters(_ pairs: [(String, String)]) -> [String: String] {
        var flat: [String: String] = [:]
        for (name, value) in pairs where !name.contains("[") {
            flat[name.replacingOccurrences(of: "+", with: " ").removingPercentEncoding!] =
                value.replacingOccurrences(of: "+", with: " ").removingPercentEncoding!
        }
        return flat
    }

    @Test func eachDecodingReadsOnlyItsOwnFormWhateverCameBefore() throws {
        let shared = URLEncodedFormDecoder(duplicateKeys: .last, limits: .init(maximumParameterCount: 200))
        for seed in UInt64(1) ... 300 {
            let (text, pairs) = Self.form(seed: seed)
            for decoder in [shared, URLEncodedFormDecoder(duplicateKeys: .last, limits: .init(maximumParameterCount: 200))] {
                guard pairs.count <= 200 else {
                    // Over the limit: the decoding fails, and the next must not notice.
                    #expect(throws: DecodingError.self) { _ = try decoder.parameters(from: text) }
                    continue
                }
                let parameters = try decoder.parameters(from: text)
                let flat = parameters.compactMapValues { $0 as? String }
                #expect(flat == Self.expectedParameters(pairs), "seed \(seed)")
                let last = { (name: String) in pairs.last { $0.0 == name }.map { $0.1.replacingOccurrences(of: "+", with: " ").removingPercentEncoding! } }
                let tags = pairs.filter { $0.0 == "tags[]" }.map { $0.1.replacingOccurrences(of: "+", with: " ").removingPercentEncoding! }
                var extra: [String: String] = [:]
                if let value = last("extra[k]") { extra["k"] = value }
                if let value = last("extra[%C3%A9]") { extra["é"] = value }
                let sparse = try decoder.decode(Sparse.self, from: text)
                #expect(sparse == Sparse(id: last("id"), name: last("name"), note: last("note"),
                                         tags: tags.isEmpty ? nil : tags, extra: extra.isEmpty ? nil : extra),
                        "seed \(seed): \(text)")
            }
        }
    }

    /// A type that keeps a container of its decoder past its decoding (which no type should:
    /// the form's text is only lent to the decoding) holds that decoding's memory: the decoder
    /// does not reuse it for the next decoding, which would write another form's tree under the
    /// kept container.
    private final class KeepsItsContainer: Decodable, @unchecked Sendable {
        enum Key: String, CodingKey { case a, b }
        let container: KeyedDecodingContainer<Key>
        init(from decoder: any Decoder) throws {
            container = try decoder.container(keyedBy: Key.self)
        }
    }

    @Test func aContainerATypeKeptStillReadsItsOwnFormAfterTheDecoderReadsAnother() throws {
        let decoder = URLEncodedFormDecoder()
        // The test holds both texts for as long as the containers read them.
        let first = Array("a=1".utf8), second = Array("b=22&b2=x&a=2&a3=y".utf8)
        let kept = try decoder.decode(KeepsItsContainer.self, from: first)
        let next = try decoder.decode(KeepsItsContainer.self, from: second)
        #expect(try next.container.decode(String.self, forKey: .a) == "2")
        #expect(try next.container.decode(String.self, forKey: .b) == "22")
        #expect(try kept.container.decode(String.self, forKey: .a) == "1")
        #expect(!kept.container.contains(.b))
        withExtendedLifetime((first, second)) {}
    }
}
