import CMallocCounter
import Foundation
import Testing
import URLEncodedForm

/// The private layouts the optimized module reads (`Sources/URLEncodedForm/Bytes/PrivateLayouts.swift`),
/// pinned here so that a toolchain that changes either fails loudly instead of leaving the
/// encoder correct but slower: the module falls back to the plain way where a layout is not what
/// it expects, which no output test would notice.
struct PrivateLayoutTests {
    /// What `KeyTable` reads to find a key again by its two words: a small string holds its bytes
    /// in its first word and is flagged immortal in the top bit of its second; so is a literal of
    /// any length; a string made at run time on the heap is not.
    @Test func stringsAreTwoWordsWithSmallAndLiteralStringsFlaggedImmortal() {
        #expect(MemoryLayout<String>.size == 16, "String is no longer two words: KeyTable's fast path is off")
        let small = unsafeBitCast("k", to: (UInt64, UInt64).self)
        #expect(small.0 == UInt64(UInt8(ascii: "k")), "a small string's bytes moved: KeyTable's fast path is off")
        #expect(small.1 >> 63 == 1, "a small string is not flagged immortal: KeyTable's fast path is off")
        let literal = unsafeBitCast("a literal longer than fifteen bytes", to: (UInt64, UInt64).self)
        #expect(literal.1 >> 63 == 1, "a literal is not flagged immortal: KeyTable misses every long key")
        let heap = unsafeBitCast(String(repeating: "k", count: 40), to: (UInt64, UInt64).self)
        #expect(heap.1 >> 63 == 0, "a heap string is flagged immortal: KeyTable would take a freed string's words for a key")
    }

    /// What the encoder's shelf of keyed containers (`ContainerShelf`) reads to hand a container
    /// out again: a `KeyedEncodingContainer` is one reference, to the box that holds the
    /// container, which every copy shares.
    @Test func aKeyedEncodingContainerIsOneReferenceToItsBox() throws {
        enum Key: CodingKey { case a }
        final class Kept: @unchecked Sendable { var container: KeyedEncodingContainer<Key>? }
        struct Keeping: Encodable {
            let kept: Kept
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                try container.encode(1, forKey: .a)
                kept.container = container
            }
        }
        let kept = Kept()
        let _: String = try URLEncodedFormEncoder().encode(Keeping(kept: kept))
        let container = try #require(kept.container)
        Self.expectOneReference(container)
    }

    /// The same of a `KeyedDecodingContainer`, which the decoder's shelf reads.
    @Test func aKeyedDecodingContainerIsOneReferenceToItsBox() throws {
        enum Key: CodingKey { case a }
        final class Kept: @unchecked Sendable { var container: KeyedDecodingContainer<Key>? }
        struct Keeping: Decodable {
            @TaskLocal static var kept: Kept?
            init(from decoder: any Decoder) throws {
                Keeping.kept?.container = try decoder.container(keyedBy: Key.self)
            }
        }
        let kept = Kept()
        _ = try Keeping.$kept.withValue(kept) { try URLEncodedFormDecoder().decode(Keeping.self, from: "a=1") }
        let container = try #require(kept.container)
        Self.expectOneReference(container)
    }

    /// That `container`, a keyed container, is one word holding one field, a reference.
    private static func expectOneReference<Container>(_ container: Container, sourceLocation: SourceLocation = #_sourceLocation) {
        let name = "\(Container.self)"
        #expect(MemoryLayout<Container>.size == MemoryLayout<AnyObject>.size,
                "\(name) is no longer one word: every keyed container is made anew", sourceLocation: sourceLocation)
        let fields = Mirror(reflecting: container).children
        #expect(fields.count == 1, "\(name) holds \(fields.count) fields: the shelf's reading of it is wrong",
                sourceLocation: sourceLocation)
        #expect(fields.first.map { Mirror(reflecting: $0.value).displayStyle == .class } == true,
                "\(name)'s one field is not a reference: the shelf's reading of it is wrong", sourceLocation: sourceLocation)
    }

    /// What `EscapeTable` reads to tell the default set without `==`: a copy of a static
    /// `CharacterSet` has the static's very bits.
    @Test func aCopyOfTheDefaultSetHasItsBits() {
        let copy = CharacterSet.afURLQueryAllowed
        let sameBits = withUnsafeBytes(of: copy) { copied in
            withUnsafeBytes(of: CharacterSet.afURLQueryAllowed) { copied.elementsEqual($0) }
        }
        #expect(sameBits, "a copy of a CharacterSet has other bits: every encoder would build its own escape table")
    }

    /// The same, seen from outside: an encoder made with a copy of the default set allocates no
    /// more than one made with the default (building a table of its own allocates).
    @Test(.enabled(if: cmc_is_active() != 0, "allocation counting is compiled out under sanitizers"))
    func anEncoderMadeWithACopyOfTheDefaultSetBuildsNoTable() {
        let copy = CharacterSet.afURLQueryAllowed
        _ = URLEncodedFormEncoder(allowedCharacters: copy)
        func allocations(_ body: () -> Void) -> UInt64 {
            let before = cmc_thread_allocations()
            body()
            return cmc_thread_allocations() - before
        }
        let withDefault = allocations { _ = URLEncodedFormEncoder() }
        let withCopy = allocations { _ = URLEncodedFormEncoder(allowedCharacters: copy) }
        let withOther = allocations { _ = URLEncodedFormEncoder(allowedCharacters: .alphanumerics) }
        #expect(withCopy == withDefault, "a copy of the default set: \(withCopy) allocations, the default: \(withDefault)")
        // The test can fail: another set builds a table, and allocates for it.
        #expect(withOther > withDefault, "another set: \(withOther) allocations, the default: \(withDefault)")
    }
}
