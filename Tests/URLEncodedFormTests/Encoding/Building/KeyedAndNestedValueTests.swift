import Foundation
import Testing

/// Keyed roots and nested objects: how keys and values become `key=value` pairs (DocC, "Getting Started").
struct KeyedAndNestedValueTests {
    @Test(arguments: Contender.allCases)
    func stringInKeyedRootIsOnePair(contender: Contender) {
        #expect(contender.outcome(["a": "a"]) == .output("a=a"))
    }

    @Test(arguments: Contender.allCases)
    func pairsAreJoinedWithAmpersands(contender: Contender) {
        #expect(contender.outcome(["a": 1, "b": 2]) == .output("a=1&b=2"))
    }

    @Test(arguments: Contender.allCases)
    func nestedObjectKeyIsAppendedInBrackets(contender: Contender) {
        #expect(contender.outcome(["a": ["b": "b"]]) == .output("a%5Bb%5D=b"))
    }

    @Test(arguments: Contender.allCases)
    func everyNestingLevelAppendsItsKey(contender: Contender) {
        #expect(contender.outcome(["a": ["b": ["c": "c"]]]) == .output("a%5Bb%5D%5Bc%5D=c"))
    }

    @Test(arguments: Contender.allCases)
    func arraysAndObjectsNestInsideEachOther(contender: Contender) {
        #expect(contender.outcome(["a": [["b": [1]]]]) == .output("a%5B%5D%5Bb%5D%5B%5D=1"))
    }

    @Test(arguments: Contender.allCases)
    func structWithEveryKindOfPropertyEncodes(contender: Contender) {
        let expected = "five%5Ba%5D=a&four%5B%5D=1&four%5B%5D=2&four%5B%5D=3&one=one"
            + "&seven%5Ba%5D=a&six%5Ba%5D%5Bb%5D=b&three=1&two=2"
        #expect(contender.outcome(EveryKindOfProperty()) == .output(expected))
    }

    @Test(arguments: Contender.allCases)
    func subclassAndSuperclassWriteIntoOneRootObject(contender: Contender) {
        let expected = "five%5Ba%5D=a&five%5Bb%5D=b&four%5B%5D=1&four%5B%5D=2&four%5B%5D=3&one=one&three=1&two=2"
        #expect(contender.outcome(EncodableSubclass()) == .output(expected))
    }

    @Test(arguments: Contender.allCases)
    func rawValueEnumEncodesItsRawValue(contender: Contender) {
        enum Color: String, Encodable { case deepRed = "deep red" }
        #expect(contender.outcome(["color": Color.deepRed]) == .output("color=deep%20red"))
    }

    @Test(arguments: Contender.allCases)
    func emptyArraysAndObjectsWriteNothing(contender: Contender) {
        struct EmptyContainers: Encodable {
            let a: [String: String] = [:]
            let b: [Int] = []
            let c = "1"
        }
        #expect(contender.outcome(EmptyContainers()) == .output("c=1"))
    }

    @Test(arguments: Contender.allCases)
    func emptyArrayElementLeavesNoGapInIndices(contender: Contender) {
        // The empty first element writes nothing, so `[1]` lands at index 0 (appended).
        let options = FormOptions(arrayEncoding: .indexInBrackets)
        #expect(contender.outcome(["d": [[], [1]]], options) == .output("d%5B0%5D%5B0%5D=1"))
    }

    @Test(arguments: Contender.allCases)
    func emptyKeyAndEmptyValueAreKept(contender: Contender) {
        #expect(contender.outcome(["": ""]) == .output("="))
    }

    @Test(arguments: Contender.allCases)
    func emptyNestedKeyLooksLikeArrayBrackets(contender: Contender) {
        #expect(contender.outcome(["b": ["": "x"]]) == .output("b%5B%5D=x"))
    }

    @Test(arguments: Contender.allCases)
    func keysBuiltOnTheFlyStayDistinctWhenTheirMemoryIsReused(contender: Contender) {
        // Each key is a fresh heap string freed right after use, so the next one may get its
        // address: keys are known by their bytes, never by where they lived.
        struct FreshKeys: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: VectorKey.self)
                for index in 0..<40 {
                    let key = VectorKey(stringValue: String(repeating: "key", count: 8) + String(index % 20))
                    try container.encode(index, forKey: key)
                }
            }
        }
        let prefix = String(repeating: "key", count: 8)
        let expected = (0..<20).map { "\(prefix)\($0)=\($0 + 20)" }.sorted().joined(separator: "&")
        #expect(contender.outcome(FreshKeys()) == .output(expected))
    }
}
