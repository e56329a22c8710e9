import Foundation
import Testing

/// `ArrayEncoding`: the key each array element gets (DocC, "Choosing Options", Arrays).
struct ArrayEncodingTests {
    private static let pair = ["array": [1, 2]]
    private static let objects = ["items": [["name": "x"], ["name": "y"]]]
    private static let matrix = ["m": [[1, 2], [3]]]

    @Test(arguments: Contender.allCases)
    func bracketsAppendEmptyBracketsToEveryElement(contender: Contender) {
        #expect(contender.outcome(Self.pair) == .output("array%5B%5D=1&array%5B%5D=2"))
    }

    @Test(arguments: Contender.allCases)
    func noBracketsRepeatsTheKey(contender: Contender) {
        let options = FormOptions(arrayEncoding: .noBrackets)
        #expect(contender.outcome(Self.pair, options) == .output("array=1&array=2"))
    }

    @Test(arguments: Contender.allCases)
    func indexInBracketsNumbersEveryElement(contender: Contender) {
        let options = FormOptions(arrayEncoding: .indexInBrackets)
        #expect(contender.outcome(Self.pair, options) == .output("array%5B0%5D=1&array%5B1%5D=2"))
    }

    @Test(arguments: Contender.allCases)
    func customEncodingReceivesKeyAndIndex(contender: Contender) {
        let options = FormOptions(arrayEncoding: .custom { key, index in "\(key)_\(index + 1)" })
        #expect(contender.outcome(Self.pair, options) == .output("array_1=1&array_2=2"))
    }

    @Test(arguments: Contender.allCases)
    func customEncodingReceivesTheWholeKeyPathSoFar(contender: Contender) {
        // The closure gets "a[b]" (already key-path encoded), not just "b".
        let options = FormOptions(arrayEncoding: .custom { key, index in "<\(key)|\(index)>" })
        #expect(contender.outcome(["a": ["b": ["x"]]], options) == .output("%3Ca%5Bb%5D%7C0%3E=x"))
    }

    @Test(arguments: Contender.allCases)
    func customEncodingComposesForNestedArrays(contender: Contender) {
        let options = FormOptions(alphabetizeKeyValuePairs: false, arrayEncoding: .custom { key, index in "\(key)#\(index)" })
        #expect(contender.outcome(Self.matrix, options) == .output("m%230%230=1&m%230%231=2&m%231%230=3"))
    }

    @Test(arguments: Contender.allCases)
    func nestedArraysGetBracketsPerLevel(contender: Contender) {
        #expect(contender.outcome(Self.matrix) == .output("m%5B%5D%5B%5D=1&m%5B%5D%5B%5D=2&m%5B%5D%5B%5D=3"))
    }

    @Test(arguments: Contender.allCases)
    func nestedArraysGetAnIndexPerLevel(contender: Contender) {
        let options = FormOptions(arrayEncoding: .indexInBrackets)
        #expect(contender.outcome(Self.matrix, options) == .output("m%5B0%5D%5B0%5D=1&m%5B0%5D%5B1%5D=2&m%5B1%5D%5B0%5D=3"))
    }

    @Test(arguments: Contender.allCases)
    func objectsInArrayRepeatTheArrayKey(contender: Contender) {
        #expect(contender.outcome(Self.objects) == .output("items%5B%5D%5Bname%5D=x&items%5B%5D%5Bname%5D=y"))
    }

    @Test(arguments: Contender.allCases)
    func noBracketsDropsOnlyTheArrayLevel(contender: Contender) {
        let options = FormOptions(arrayEncoding: .noBrackets)
        #expect(contender.outcome(Self.objects, options) == .output("items%5Bname%5D=x&items%5Bname%5D=y"))
    }
}
