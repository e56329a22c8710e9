import Foundation
import Testing

/// `KeyPathEncoding`: how a nested object key is appended to its parent's key (DocC, "Choosing Options", Keys).
struct KeyPathEncodingTests {
    private static let nested = ["a": ["b": "c"]]

    private func outcome(_ contender: Contender, _ value: some Encodable, _ keyPath: FormOptions.KeyPathStyle,
                         arrays: FormOptions.ArrayStyle = .brackets) -> Outcome {
        contender.outcome(value, FormOptions(arrayEncoding: arrays, keyPathEncoding: keyPath))
    }

    @Test(arguments: Contender.allCases)
    func bracketsWrapTheNestedKey(contender: Contender) {
        #expect(outcome(contender, Self.nested, .brackets) == .output("a%5Bb%5D=c"))
    }

    @Test(arguments: Contender.allCases)
    func dotsPrefixTheNestedKey(contender: Contender) {
        #expect(outcome(contender, Self.nested, .dots) == .output("a.b=c"))
    }

    @Test(arguments: Contender.allCases)
    func customClosureFormsTheNestedKey(contender: Contender) {
        #expect(outcome(contender, Self.nested, .custom { "-\($0)" }) == .output("a-b=c"))
    }

    @Test(arguments: Contender.allCases)
    func rootKeysAreNotKeyPathEncoded(contender: Contender) {
        let angle = FormOptions.KeyPathStyle.custom { "<\($0)>" }
        #expect(outcome(contender, Self.nested, angle) == .output("a%3Cb%3E=c"))
        #expect(outcome(contender, ["a": "c"], angle) == .output("a=c"))
    }

    @Test(arguments: Contender.allCases)
    func customKeyPathIsEscaped(contender: Contender) {
        #expect(outcome(contender, ["parent": ["child": "v"]], .custom { ":" + $0 }) == .output("parent%3Achild=v"))
    }

    @Test(arguments: Contender.allCases)
    func dotsDoNotChangeArrayLevels(contender: Contender) {
        #expect(outcome(contender, ["a": ["b": ["c"]]], .dots) == .output("a.b%5B%5D=c"))
    }

    @Test(arguments: Contender.allCases)
    func dotsFollowAnArrayLevel(contender: Contender) {
        #expect(outcome(contender, ["items": [["name": "x"]]], .dots) == .output("items%5B%5D.name=x"))
    }

    @Test(arguments: Contender.allCases)
    func dotsMixWithIndexInBrackets(contender: Contender) {
        let value = ["a": [["b": ["c": "d"]]]]
        #expect(outcome(contender, value, .dots, arrays: .indexInBrackets) == .output("a%5B0%5D.b.c=d"))
    }
}
