import Foundation
import Testing

/// How writes through the containers build the tree: int-valued keys are indices, existing
/// entries are replaced in place, nodes of the wrong kind are replaced, and every write walks
/// its whole coding path from the root (README, "Alamofire's quirks").
struct TreeBuildingTests {
    private static let indexed = FormOptions(arrayEncoding: .indexInBrackets)
    private static let indexedInOrder = FormOptions(alphabetizeKeyValuePairs: false, arrayEncoding: .indexInBrackets)
    private static let inOrder = FormOptions(alphabetizeKeyValuePairs: false)

    /// A root object whose key "l" first gets the array `[p, q, r, s]` through one unkeyed
    /// container, then is written again through a second unkeyed container driven by `body`:
    /// the second container's indices show which of its calls take an index.
    private static func prefilledList(then body: @escaping @Sendable (inout any UnkeyedEncodingContainer) throws -> Void) -> HandEncoded {
        HandEncoded { encoder in
            var root = encoder.container(keyedBy: VectorKey.self)
            var first = root.nestedUnkeyedContainer(forKey: "l")
            for element in ["p", "q", "r", "s"] {
                try first.encode(element)
            }
            var second = root.nestedUnkeyedContainer(forKey: "l")
            try body(&second)
        }
    }

    // MARK: Int-valued keys are indices

    @Test(arguments: Contender.allCases)
    func intKeyedDictionaryIsAnArray(contender: Contender) {
        // Keys 5 and 7 are indices past the end: both are appended, whichever comes first.
        #expect(contender.outcome(["a": [5: "x", 7: "y"]]) == .output("a%5B%5D=x&a%5B%5D=y"))
    }

    @Test(arguments: Contender.allCases)
    func intCodingKeysAreIndices(contender: Contender) {
        struct IntKeyed: Encodable {
            enum CodingKeys: Int, CodingKey { case first = 3, second = 1, third = 0 }
            let first = "x", second = "y", third = "z"
        }
        // 3 appends "x", 1 appends "y", 0 replaces "x" with "z".
        #expect(contender.outcome(["a": IntKeyed()], Self.indexed) == .output("a%5B0%5D=z&a%5B1%5D=y"))
    }

    @Test(arguments: Contender.allCases)
    func numericLookingDictionaryKeyIsAnIndex(contender: Contender) {
        // Swift gives the Dictionary<String, _> key "007" the intValue 7.
        #expect(contender.outcome(["a": ["007": "x"]], Self.indexed) == .output("a%5B0%5D=x"))
    }

    @Test(arguments: Contender.allCases)
    func zeroDictionaryKeyIsAnIndex(contender: Contender) {
        // As an object key "0" would give "a[0]"; as an index it gets the array's "[]".
        #expect(contender.outcome(["a": ["0": "x"]]) == .output("a%5B%5D=x"))
    }

    @Test(arguments: Contender.allCases)
    func intKeyIndexesAnArrayAnUnkeyedContainerBuilt(contender: Contender) {
        // The keyed container's key 1 replaces the unkeyed container's second element.
        let value = VectorNode.object([
            ("a", .array([.text("p"), .text("q")])),
            ("a", .indexed([(1, .text("r"))])),
        ])
        #expect(contender.outcome(value, Self.indexedInOrder) == .output("a%5B0%5D=p&a%5B1%5D=r"))
    }

    @Test(arguments: Contender.allCases)
    func stringDictionaryIsStoredInTheOrderItListsItsPairs(contender: Contender) {
        // Unsorted, the text follows the dictionary's own order, at the root and nested: the
        // order its `encode(to:)` stores its pairs in, which the optimized encoder, storing a
        // `[String: String]` itself, must keep.
        let dictionary = Dictionary(uniqueKeysWithValues: (0 ..< 64).map { ("k\($0)", "v\($0)") })
        #expect(contender.outcome(dictionary, Self.inOrder)
            == .output(dictionary.map { "\($0.key)=\($0.value)" }.joined(separator: "&")))
        #expect(contender.outcome(["a": dictionary], Self.inOrder)
            == .output(dictionary.map { "a%5B\($0.key)%5D=\($0.value)" }.joined(separator: "&")))
    }

    @Test(arguments: Contender.allCases)
    func numericLookingStringOnlyKeyStaysAnObjectKey(contender: Contender) {
        let value = VectorNode.object([("a", .object([("007", .text("x"))]))])
        #expect(contender.outcome(value, Self.indexed) == .output("a%5B007%5D=x"))
    }

    @Test(arguments: Contender.allCases)
    func indexWithinCountReplacesAndIndexBeyondAppends(contender: Contender) {
        let value = VectorNode.object([("a", .indexed([(0, .text("p")), (5, .text("q")), (1, .text("r")), (7, .text("s"))]))])
        #expect(contender.outcome(value, Self.indexedInOrder) == .output("a%5B0%5D=p&a%5B1%5D=r&a%5B2%5D=s"))
    }

    // MARK: Writing a key again

    @Test(arguments: Contender.allCases)
    func sameKeyWrittenTwiceIsReplacedAtItsFirstPosition(contender: Contender) {
        let value = VectorNode.object([("a", .text("1")), ("b", .text("2")), ("a", .text("3"))])
        #expect(contender.outcome(value, Self.inOrder) == .output("a=3&b=2"))
    }

    @Test(arguments: Contender.allCases)
    func canonicallyEquivalentKeysAreOneKey(contender: Contender) {
        // "é" (U+00E9) == "e\u{301}" as Swift Strings: first position, last spelling wins.
        let value = VectorNode.object([("\u{E9}", .text("precomposed")), ("x", .text("0")), ("e\u{301}", .text("decomposed"))])
        #expect(contender.outcome(value, Self.inOrder) == .output("e%CC%81=decomposed&x=0"))
    }

    @Test(arguments: Contender.allCases, [2, 40])
    func anASCIIKeyAndItsCanonicalEquivalentAreOneKey(contender: Contender, otherKeys: Int) {
        // "K" == "\u{212A}" (KELVIN SIGN) as Swift Strings, in a small object and in one wide
        // enough to be looked up by hash.
        let others = (0..<otherKeys).map { ("f\($0)", VectorNode.text("\($0)")) }
        let value = VectorNode.object([("K", .text("ascii"))] + others + [("\u{212A}", .text("kelvin"))])
        let expected = (["%E2%84%AA=kelvin"] + (0..<otherKeys).map { "f\($0)=\($0)" }).joined(separator: "&")
        #expect(contender.outcome(value, Self.inOrder) == .output(expected))
    }

    @Test(arguments: Contender.allCases)
    func stringDictionaryWrittenOverAnObjectReplacesTheKeyTheyShare(contender: Contender) {
        // "x" holds "k" before the dictionary comes: the dictionary's "k" replaces it, wherever
        // it falls in the dictionary's order, and no key is written twice.
        let dictionary = Dictionary(uniqueKeysWithValues: (0 ..< 40).map { ("d\($0)", "v\($0)") } + [("k", "new")])
        let value = HandEncoded { encoder in
            var root = encoder.container(keyedBy: VectorKey.self)
            var object = root.nestedContainer(keyedBy: VectorKey.self, forKey: "x")
            try object.encode("old", forKey: "k")
            try root.encode(dictionary, forKey: "x")
        }
        let expected = dictionary.keys.sorted().map { "x%5B\($0)%5D=\(dictionary[$0]!)" }.joined(separator: "&")
        #expect(contender.outcome(value) == .output(expected))
    }

    @Test(arguments: Contender.allCases)
    func keyWrittenAfterAWideStringDictionaryFindsItsCanonicalEquivalent(contender: Contender) {
        // "K" == "\u{212A}" (KELVIN SIGN): written after a dictionary of 41 keys, among them
        // KELVIN SIGN, "K" replaces that key's value and takes its own spelling.
        let dictionary = Dictionary(uniqueKeysWithValues: (0 ..< 40).map { ("d\($0)", "v\($0)") } + [("\u{212A}", "kelvin")])
        let value = HandEncoded { encoder in
            var root = encoder.container(keyedBy: VectorKey.self)
            try root.encode(dictionary, forKey: "x")
            var object = root.nestedContainer(keyedBy: VectorKey.self, forKey: "x")
            try object.encode("ascii", forKey: "K")
        }
        let others = (0 ..< 40).map { "d\($0)" }.sorted().map { "x%5B\($0)%5D=v\($0.dropFirst())" }
        #expect(contender.outcome(value) == .output((["x%5BK%5D=ascii"] + others).joined(separator: "&")))
    }

    @Test(arguments: Contender.allCases)
    func keysWrittenAfterASmallStringDictionaryFindTheirCanonicalEquivalents(contender: Contender) {
        // Below the index threshold an object is searched key by key: "K" must still find KELVIN
        // SIGN and "e\u{301}" find "\u{E9}", whichever of the dictionary's keys came first
        // (the optimized encoder stores the others without hashing them as `String`s).
        let dictionary = Dictionary(uniqueKeysWithValues: (0 ..< 4).map { ("d\($0)", "v\($0)") }
            + [("\u{212A}", "kelvin"), ("\u{E9}", "precomposed")])
        let value = HandEncoded { encoder in
            var root = encoder.container(keyedBy: VectorKey.self)
            try root.encode(dictionary, forKey: "x")
            var object = root.nestedContainer(keyedBy: VectorKey.self, forKey: "x")
            try object.encode("ascii", forKey: "K")
            try object.encode("decomposed", forKey: "e\u{301}")
        }
        let others = (0 ..< 4).map { "x%5Bd\($0)%5D=v\($0)" }
        #expect(contender.outcome(value)
            == .output((["x%5BK%5D=ascii"] + others + ["x%5Be%CC%81%5D=decomposed"]).joined(separator: "&")))
    }

    @Test(arguments: Contender.allCases)
    func canonicalEquivalentsMeetWhateverTheKeysLengthAndWhereverTheirAccentFalls(contender: Contender) {
        // A key's bytes are read a word at a time to hash them and to tell whether they are all
        // ASCII (tails of fewer than eight bytes read as overlapping pieces). A byte of "\u{E9}"
        // (2 bytes) or "e\u{301}" (3) left unread would make the key ASCII and compare it by its
        // bytes, and the two spellings would not meet: every length from 2 to 20 bytes, every
        // place of the accent.
        for length in 1 ... 18 {
            for place in 0 ..< length {
                let before = String(repeating: "a", count: place), after = String(repeating: "b", count: length - 1 - place)
                let value = HandEncoded { encoder in
                    var root = encoder.container(keyedBy: VectorKey.self)
                    try root.encode("precomposed", forKey: VectorKey(stringValue: before + "\u{E9}" + after))
                    try root.encode("decomposed", forKey: VectorKey(stringValue: before + "e\u{301}" + after))
                }
                #expect(contender.outcome(value) == .output("\(before)e%CC%81\(after)=decomposed"),
                        "\(length) characters, the accent at \(place)")
            }
        }
    }

    @Test(arguments: Contender.allCases)
    func secondObjectUnderSameKeyMergesIntoTheFirst(contender: Contender) {
        let value = VectorNode.object([
            ("a", .object([("x", .text("1"))])), ("b", .text("2")),
            ("a", .object([("y", .text("3")), ("x", .text("4"))])), ("b", .text("5")),
        ])
        #expect(contender.outcome(value, Self.inOrder) == .output("a%5Bx%5D=4&a%5By%5D=3&b=5"))
    }

    @Test(arguments: Contender.allCases)
    func secondArrayUnderSameKeyOverwritesFromIndexZero(contender: Contender) {
        let value = VectorNode.object([
            ("a", .array([.text("1"), .text("2"), .text("3")])),
            ("a", .array([.text("4")])),
        ])
        #expect(contender.outcome(value, Self.indexedInOrder) == .output("a%5B0%5D=4&a%5B1%5D=2&a%5B2%5D=3"))
    }

    // MARK: Kind changes replace the node

    @Test(arguments: Contender.allCases)
    func arrayReplacesAnObject(contender: Contender) {
        let value = VectorNode.object([("a", .object([("b", .text("1"))])), ("a", .array([.text("2")]))])
        #expect(contender.outcome(value) == .output("a%5B%5D=2"))
    }

    @Test(arguments: Contender.allCases)
    func objectReplacesAnArray(contender: Contender) {
        let value = VectorNode.object([("a", .array([.text("1"), .text("2")])), ("a", .object([("b", .text("3"))]))])
        #expect(contender.outcome(value) == .output("a%5Bb%5D=3"))
    }

    @Test(arguments: Contender.allCases)
    func objectAndStringReplaceEachOther(contender: Contender) {
        let value = VectorNode.object([
            ("a", .text("1")), ("a", .object([("b", .text("2"))])),
            ("c", .object([("d", .text("3"))])), ("c", .text("4")),
        ])
        #expect(contender.outcome(value, Self.inOrder) == .output("a%5Bb%5D=2&c=4"))
    }

    @Test(arguments: Contender.allCases)
    func staleKeyedContainerWritesIntoANewObject(contender: Contender) {
        // "a" becomes a string after `nested` was made; `nested`'s next write replaces it with a
        // new object, so "x" is gone.
        let value = HandEncoded { encoder in
            var root = encoder.container(keyedBy: VectorKey.self)
            var nested = root.nestedContainer(keyedBy: VectorKey.self, forKey: "a")
            try nested.encode("1", forKey: "x")
            try root.encode("s", forKey: "a")
            try nested.encode("2", forKey: "y")
        }
        #expect(contender.outcome(value) == .output("a%5By%5D=2"))
    }

    @Test(arguments: Contender.allCases)
    func staleUnkeyedContainerStartsANewArray(contender: Contender) {
        // The list's second element (index 1) lands at index 0 of the array that replaces "s".
        let value = HandEncoded { encoder in
            var root = encoder.container(keyedBy: VectorKey.self)
            var list = root.nestedUnkeyedContainer(forKey: "l")
            try list.encode("1")
            try root.encode("s", forKey: "l")
            try list.encode("2")
        }
        #expect(contender.outcome(value, Self.indexed) == .output("l%5B0%5D=2"))
    }

    // MARK: Unkeyed indices

    @Test(arguments: Contender.allCases)
    func unkeyedIndexCountsElementsNestedContainersAndSuperEncoders(contender: Contender) {
        let value = Self.prefilledList { list in
            try list.encode("x")                                  // index 0: replaces p
            _ = list.nestedContainer(keyedBy: VectorKey.self)     // index 1, writes nothing
            _ = list.nestedUnkeyedContainer()                     // index 2, writes nothing
            _ = list.superEncoder()                               // index 3, writes nothing
            try list.encode("y")                                  // index 4: appended
        }
        #expect(contender.outcome(value, Self.indexedInOrder) == .output("l%5B0%5D=x&l%5B1%5D=q&l%5B2%5D=r&l%5B3%5D=s&l%5B4%5D=y"))
    }

    @Test(arguments: Contender.allCases)
    func droppedNilTakesNoUnkeyedIndex(contender: Contender) {
        let value = Self.prefilledList { list in
            try list.encode("x")  // index 0
            try list.encodeNil()  // dropped: no index
            try list.encode("y")  // index 1
        }
        #expect(contender.outcome(value, Self.indexedInOrder) == .output("l%5B0%5D=x&l%5B1%5D=y&l%5B2%5D=r&l%5B3%5D=s"))
    }

    @Test(arguments: Contender.allCases)
    func writtenNilTakesAnUnkeyedIndex(contender: Contender) {
        let value = Self.prefilledList { list in
            try list.encode("x")  // index 0
            try list.encodeNil()  // index 1: "null"
            try list.encode("y")  // index 2
        }
        let options = FormOptions(alphabetizeKeyValuePairs: false, arrayEncoding: .indexInBrackets, nilEncoding: .null)
        #expect(contender.outcome(value, options) == .output("l%5B0%5D=x&l%5B1%5D=null&l%5B2%5D=y&l%5B3%5D=s"))
    }

    // MARK: superEncoder

    @Test(arguments: Contender.allCases)
    func keyedSuperEncoderWritesAtTheContainersOwnPath(contender: Contender) {
        // Not under a "super" key: the super encoder's pairs join the container's own.
        let value = HandEncoded { encoder in
            var root = encoder.container(keyedBy: VectorKey.self)
            var parent = root.nestedContainer(keyedBy: VectorKey.self, forKey: "p")
            try parent.encode("1", forKey: "a")
            var viaSuper = parent.superEncoder().container(keyedBy: VectorKey.self)
            try viaSuper.encode("2", forKey: "b")
        }
        #expect(contender.outcome(value) == .output("p%5Ba%5D=1&p%5Bb%5D=2"))
    }

    @Test(arguments: Contender.allCases)
    func keyedSuperEncoderForKeyWritesUnderThatKey(contender: Contender) {
        let value = HandEncoded { encoder in
            var root = encoder.container(keyedBy: VectorKey.self)
            var parent = root.nestedContainer(keyedBy: VectorKey.self, forKey: "p")
            try parent.encode("1", forKey: "a")
            var viaSuper = parent.superEncoder(forKey: "s").container(keyedBy: VectorKey.self)
            try viaSuper.encode("2", forKey: "b")
        }
        #expect(contender.outcome(value) == .output("p%5Ba%5D=1&p%5Bs%5D%5Bb%5D=2"))
    }

    @Test(arguments: Contender.allCases)
    func unkeyedSuperEncoderWritesAtTheContainersOwnPath(contender: Contender) {
        let value = HandEncoded { encoder in
            var root = encoder.container(keyedBy: VectorKey.self)
            var list = root.nestedUnkeyedContainer(forKey: "l")
            try list.encode("a")                           // l[0] = a
            var viaSuper = list.superEncoder().unkeyedContainer()
            try viaSuper.encode("x")                       // l[0] = x (replaces a)
            try viaSuper.encode("y")                       // l[1] = y
            try viaSuper.encode("z")                       // l[2] = z
            try list.encode("c")                           // list index 2 (superEncoder took 1): replaces z
        }
        #expect(contender.outcome(value, Self.indexedInOrder) == .output("l%5B0%5D=x&l%5B1%5D=y&l%5B2%5D=c"))
    }

    // MARK: Single-value containers

    @Test(arguments: Contender.allCases)
    func singleValueContainerRejectsASecondValue(contender: Contender) {
        #expect(contender.outcome(["a": TwoValuesInOneContainer()]) == .error(.encodingError))
    }

    /// A root object whose key "a" is a single-value container driven by `calls`, taken as
    /// user code takes one: `superEncoder(forKey: "a").singleValueContainer()`.
    private static func singleValueAtA(_ calls: @escaping @Sendable (inout any SingleValueEncodingContainer) throws -> Void) -> HandEncoded {
        HandEncoded { encoder in
            var root = encoder.container(keyedBy: VectorKey.self)
            var container = root.superEncoder(forKey: "a").singleValueContainer()
            try calls(&container)
        }
    }

    private static let nilThenValue = singleValueAtA { try $0.encodeNil(); try $0.encode("x") }
    private static let valueThenNil = singleValueAtA { try $0.encode("x"); try $0.encodeNil() }
    private static let nilThenValueIgnoringErrors = singleValueAtA { try? $0.encodeNil(); try? $0.encode("x") }
    private static let valueThenNilIgnoringItsError = singleValueAtA { try $0.encode("x"); try? $0.encodeNil() }

    // Alamofire's `encodeNil()` returns at once when the nil encoding writes nothing: it does not
    // check whether the container holds a value, does not throw and does not mark it as used.
    // The four cases of each nil encoding were checked against Alamofire 5.12 on Linux.

    @Test(arguments: Contender.allCases)
    func droppedNilNeitherUsesASingleValueContainerNorThrows(contender: Contender) {
        for options in [FormOptions(nilEncoding: .dropKey), FormOptions(nilEncoding: .custom { nil })] {
            #expect(contender.outcome(Self.nilThenValue, options) == .output("a=x"))
            #expect(contender.outcome(Self.valueThenNil, options) == .output("a=x"))
            #expect(contender.outcome(Self.nilThenValueIgnoringErrors, options) == .output("a=x"))
            #expect(contender.outcome(Self.valueThenNilIgnoringItsError, options) == .output("a=x"))
        }
    }

    @Test(arguments: Contender.allCases)
    func writtenNilIsTheSingleValueContainersOneValue(contender: Contender) {
        let options = FormOptions(nilEncoding: .null)
        #expect(contender.outcome(Self.nilThenValue, options) == .error(.encodingError))
        #expect(contender.outcome(Self.valueThenNil, options) == .error(.encodingError))
        #expect(contender.outcome(Self.nilThenValueIgnoringErrors, options) == .output("a=null"))
        #expect(contender.outcome(Self.valueThenNilIgnoringItsError, options) == .output("a=x"))
    }

    /// The rejected value of the `EncodingError.invalidValue` encoding throws, and its type (which
    /// the error's description shows), or `nil` when encoding throws anything else or nothing.
    private func rejectedValue(_ contender: Contender, _ value: some Encodable, _ options: FormOptions) -> String? {
        do {
            _ = try contender.encode(value, options)
            return nil
        } catch let EncodingError.invalidValue(value, _) {
            return "\(value) as \(type(of: value))"
        } catch {
            return nil
        }
    }

    @Test(arguments: Contender.allCases)
    func rejectedSecondValueIsReportedAsAnOptional(contender: Contender) {
        // Alamofire passes the value on as an `Any?` before it throws.
        #expect(rejectedValue(contender, ["a": TwoValuesInOneContainer()], FormOptions()) == #"Optional("second") as Optional<Any>"#)
        #expect(rejectedValue(contender, Self.valueThenNil, FormOptions(nilEncoding: .null)) == #"Optional("null") as Optional<Any>"#)
        let twoNumbers = Self.singleValueAtA { try $0.encode(1); try $0.encode(2.5) }
        #expect(rejectedValue(contender, twoNumbers, FormOptions()) == "Optional(2.5) as Optional<Any>")
    }
}
