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

    /// A decoder remembers which node each lookup of a decoding found and tries it first in the
    /// next: there, a node with the key asked for under another hash, or past the end of a
    /// smaller form's tree, or a key the last form sent and this one does not, must not be taken.
    private struct TwoHashes: Decodable, Equatable {
        struct Inner: Decodable, Equatable { let name: String?, id: String? }
        let x: Inner?, y: Inner?
    }

    @Test func aLookupRememberedFromTheLastDecodingIsTakenOnlyUnderTheHashAskedFor() throws {
        let decoder = URLEncodedFormDecoder()
        func inner(_ name: String?, _ id: String? = nil) -> TwoHashes.Inner { .init(name: name, id: id) }
        // Each form's nodes where the last's were: `x`'s `name` now stands where `y`'s did.
        let forms: [(String, TwoHashes)] = [
            ("x[name]=1&y[name]=2", TwoHashes(x: inner("1"), y: inner("2"))),
            ("y[name]=2&x[name]=1", TwoHashes(x: inner("1"), y: inner("2"))),
            ("x[name]=3", TwoHashes(x: inner("3"), y: nil)),
            ("y[id]=4&y[name]=5&x[id]=6&x[name]=7", TwoHashes(x: inner("7", "6"), y: inner("5", "4"))),
            ("x[id]=8&x[name]=9&y[id]=10&y[name]=11", TwoHashes(x: inner("9", "8"), y: inner("11", "10"))),
            ("y[name]=12", TwoHashes(x: nil, y: inner("12"))),
            ("", TwoHashes(x: nil, y: nil)),
            ("x[name]=13&y[name]=14", TwoHashes(x: inner("13"), y: inner("14"))),
        ]
        for (text, expected) in forms {
            #expect(try decoder.decode(TwoHashes.self, from: text) == expected, "\(text)")
        }
    }

    /// The same, over forms of one type sent in every order, with fields left out or added.
    private struct Fields: Decodable, Equatable {
        struct Inner: Decodable, Equatable { let a: String?, b: String?, c: String? }
        let a: String?, b: String?, c: String?, d: Int?, x: Inner?, y: Inner?
    }

    @Test func formsOfOneTypeInAnyOrderReadTheSameThroughOneDecoder() throws {
        let decoder = URLEncodedFormDecoder()
        for seed in UInt64(1) ... 400 {
            var rng = SplitMix64(seed: seed)
            var pairs: [(String, String)] = []
            for name in ["a", "b", "c", "d", "x[a]", "x[b]", "x[c]", "y[a]", "y[b]", "y[c]", "z", "x[z]"]
            where Bool.random(using: &rng) {
                pairs.append((name, name.hasPrefix("d") ? "\(Int.random(in: 0 ... 99, using: &rng))" : "v\(rng.next() % 1000)"))
            }
            pairs.shuffle(using: &rng)
            let value = { (name: String) in pairs.first { $0.0 == name }?.1 }
            func inner(_ hash: String) -> Fields.Inner? {
                guard pairs.contains(where: { $0.0.hasPrefix(hash + "[") }) else { return nil }
                return .init(a: value(hash + "[a]"), b: value(hash + "[b]"), c: value(hash + "[c]"))
            }
            let expected = Fields(a: value("a"), b: value("b"), c: value("c"), d: value("d").map { Int($0)! },
                                  x: inner("x"), y: inner("y"))
            let text = pairs.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
            #expect(try decoder.decode(Fields.self, from: text) == expected, "seed \(seed): \(text)")
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
