import Foundation
import Testing

/// `NilEncoding`: what a `nil` writes (DocC, "Choosing Options", Nil). Optional properties follow it too, because the
/// keyed container overrides `encodeIfPresent` (the standard library's default would skip them).
struct NilEncodingTests {
    private func outcome(_ contender: Contender, _ value: some Encodable, _ nilEncoding: FormOptions.NilStyle,
                         arrays: FormOptions.ArrayStyle = .brackets) -> Outcome {
        contender.outcome(value, FormOptions(arrayEncoding: arrays, nilEncoding: nilEncoding))
    }

    @Test(arguments: Contender.allCases)
    func dropKeyLeavesNilPropertyOut(contender: Contender) {
        #expect(outcome(contender, OptionalProperties(), .dropKey) == .output("one=one"))
    }

    @Test(arguments: Contender.allCases)
    func dropValueKeepsTheKeyWithAnEmptyValue(contender: Contender) {
        #expect(outcome(contender, OptionalProperties(), .dropValue) == .output("one=one&two="))
    }

    @Test(arguments: Contender.allCases)
    func nullWritesTheStringNull(contender: Contender) {
        #expect(outcome(contender, OptionalProperties(), .null) == .output("one=one&two=null"))
    }

    @Test(arguments: Contender.allCases)
    func customClosureStringIsWritten(contender: Contender) {
        #expect(outcome(contender, OptionalProperties(), .custom { "nil" }) == .output("one=one&two=nil"))
    }

    @Test(arguments: Contender.allCases)
    func customClosureReturningNilDropsTheKey(contender: Contender) {
        #expect(outcome(contender, OptionalProperties(), .custom { nil }) == .output("one=one"))
    }

    @Test(arguments: Contender.allCases)
    func nilStringIsEscapedLikeAnyValue(contender: Contender) {
        let value: [String: String?] = ["a": nil]
        #expect(outcome(contender, value, .custom { "n/a & none" }) == .output("a=n/a%20%26%20none"))
    }

    @Test(arguments: Contender.allCases)
    func optionalPropertiesOfEveryTypeFollowNilEncoding(contender: Contender) {
        struct AbsentValues: Encodable {
            let int: Int? = nil
            let bool: Bool? = nil
            let double: Double? = nil
            let nested: OptionalProperties? = nil
        }
        #expect(outcome(contender, AbsentValues(), .null) == .output("bool=null&double=null&int=null&nested=null"))
    }

    @Test(arguments: Contender.allCases)
    func nilDictionaryValueFollowsNilEncoding(contender: Contender) {
        let value: [String: [String: String?]] = ["obj": ["inner": nil]]
        #expect(outcome(contender, value, .dropValue) == .output("obj%5Binner%5D="))
    }

    @Test(arguments: Contender.allCases)
    func objectOfOnlyDroppedNilsWritesNothing(contender: Contender) {
        let value: [String: [String: String?]] = ["a": ["x": nil], "b": ["y": "1"]]
        #expect(outcome(contender, value, .dropKey) == .output("b%5By%5D=1"))
    }

    @Test(arguments: Contender.allCases)
    func writtenNilArrayElementsKeepTheirIndex(contender: Contender) {
        let value: [String: [String?]] = ["a": ["x", nil, "y"]]
        #expect(outcome(contender, value, .null, arrays: .indexInBrackets) == .output("a%5B0%5D=x&a%5B1%5D=null&a%5B2%5D=y"))
    }

    @Test(arguments: Contender.allCases)
    func droppedNilArrayElementsLeaveNoGap(contender: Contender) {
        let value: [String: [String?]] = ["a": ["x", nil, "y"]]
        #expect(outcome(contender, value, .dropKey, arrays: .indexInBrackets) == .output("a%5B0%5D=x&a%5B1%5D=y"))
    }
}
