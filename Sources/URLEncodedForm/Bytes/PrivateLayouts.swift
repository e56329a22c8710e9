import Foundation

/// The package's only reads of other types' private representation, kept here together. Each
/// earns its place by measure (Benchmarks/README.md, "Reading other types' layout"), falls back
/// to the plain way where the layout is not what it expects, and is pinned by tests that fail
/// loudly when a toolchain changes it (`PrivateLayoutTests`).
enum PrivateLayouts {
    // MARK: String

    /// Whether `String` is laid out as `immortalWords(of:layoutIsKnown:)` expects: checked once
    /// per process. Readers in hot paths copy it into a field of their own (a static's every
    /// read checks that it is initialized).
    static let stringLayoutIsKnown = checkStringLayout()

    /// The two words of `string` when they alone identify its bytes, or `nil`: a key interned
    /// once is then found again by its two words (`KeyTable.intern(_:)`), without hashing its
    /// bytes.
    ///
    /// A small string holds its bytes in its two words, and a literal points at bytes that live
    /// as long as the program: both are flagged immortal, in the top bit of the second word. A
    /// heap string is not, and once freed its address can come back holding other bytes.
    @inline(__always)
    static func immortalWords(of string: String, layoutIsKnown: Bool) -> (UInt64, UInt64)? {
        guard layoutIsKnown else { return nil }
        let words = unsafeBitCast(string, to: (UInt64, UInt64).self)
        return words.1 >> 63 == 1 ? words : nil
    }

    /// Whether a small string and a heap string look as `immortalWords(of:layoutIsKnown:)`
    /// expects.
    private static func checkStringLayout() -> Bool {
        guard MemoryLayout<String>.size == 16 else { return false }
        let small = unsafeBitCast("k", to: (UInt64, UInt64).self)
        let heap = unsafeBitCast(String(repeating: "k", count: 40), to: (UInt64, UInt64).self)
        return small.0 == UInt64(UInt8(ascii: "k")) && small.1 >> 63 == 1 && heap.1 >> 63 == 0
    }

    // MARK: CharacterSet

    /// Whether `set` is `other` or a copy of it, told by identity, not content: `==` compares
    /// contents and takes microseconds, which an encoder made per request would pay each time
    /// it asks whether its set is the default one (`EscapeTable.table(allowedCharacters:spaceEncoding:)`).
    ///
    /// A `CharacterSet` is a reference to its storage, copied on write. When `set` has `other`'s
    /// very bits it refers to `other`'s storage, which, `other` being a static, is never freed
    /// (so the address cannot be another set's) and, while the static shares it, never changed
    /// in place. A set equal in content but built apart is not recognized: it gets a table of
    /// its own, the same table.
    static func isCopy(_ set: CharacterSet, of other: CharacterSet) -> Bool {
        withUnsafeBytes(of: set) { candidate in
            withUnsafeBytes(of: other) { candidate.elementsEqual($0) }
        }
    }

    // MARK: Keyed containers

    /// The box `container` (a `KeyedEncodingContainer` or a `KeyedDecodingContainer`) holds its
    /// container in, or `nil` where such a container is not one reference. Every copy of the
    /// container is a reference to that box, so whoever holds the only one
    /// (`isKnownUniquelyReferenced`) may hand it out again (`ContainerShelf`).
    static func box<Container>(of container: Container) -> AnyObject? {
        guard MemoryLayout<Container>.size == MemoryLayout<AnyObject>.size else { return nil }
        return unsafeBitCast(container, to: AnyObject.self)
    }

    /// The container `box` (from `box(of:)`) holds.
    @inline(__always)
    static func container<Container>(boxedIn box: AnyObject, as _: Container.Type) -> Container {
        unsafeBitCast(box, to: Container.self)
    }
}
