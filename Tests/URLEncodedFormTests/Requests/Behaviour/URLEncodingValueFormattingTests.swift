import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

extension RequestsBehaviour {
    /// How `URLEncoding` writes each kind of leaf value (SPEC-requests §2.2, cases 3–5): every Swift
    /// number and `Bool` bridges to `NSNumber`; a Boolean number (`objCType` `"c"`) writes
    /// `boolEncoding`'s text, any other its `description`, which on Linux is the Swift `description`
    /// of the stored value; anything else is `"\(value)"`, then escaped. The `Int8` trap follows
    /// Foundation on Linux: −1…12 are cached numbers of type `"i"`, every other `Int8` has type `"c"`
    /// and counts as a Boolean, directly, through `NSNumber(value:)` and inside an `Optional`.
    ///
    /// Each value is under the key `v` in the URL of a GET request.
    struct URLEncodingValueFormattingTests {
        private func written(_ contender: RequestContender, _ value: any Sendable,
                             _ boolEncoding: FormOptions.BoolStyle = .numeric) -> RequestOutcome {
            contender.urlEncoding(BehaviourRequest.make("GET"), ["v": value], URLEncodingOptions(boolEncoding: boolEncoding))
        }

        /// `v=` followed by `escapedValue` in the URL.
        private static func v(_ escapedValue: String) -> RequestOutcome {
            BehaviourOutcome.inURL(BehaviourRequest.path + "?v=" + escapedValue)
        }

        // MARK: Strings and descriptions

        @Test(arguments: RequestContender.allCases)
        func aStringIsWrittenEscaped(contender: RequestContender) {
            #expect(written(contender, "a b&c") == Self.v("a%20b%26c"))
        }

        @Test(arguments: RequestContender.allCases)
        func nsNullIsWrittenAsItsDescription(contender: RequestContender) {
            #expect(written(contender, NSNull()) == Self.v("%3Cnull%3E"))
        }

        @Test(arguments: RequestContender.allCases)
        func aNonNilOptionalStringIsWrittenAsTheOptionalsDescription(contender: RequestContender) {
            // `Optional("x")`: a String is not a number, so nothing unwraps it.
            let value: String? = "x"
            #expect(written(contender, value as any Sendable) == Self.v("Optional%28%22x%22%29"))
        }

        @Test(arguments: RequestContender.allCases)
        func aNilOptionalIsWrittenAsNil(contender: RequestContender) {
            #expect(written(contender, String?.none as any Sendable) == Self.v("nil"))
        }

        @Test(arguments: RequestContender.allCases)
        func aDoubleOptionalStringShowsBothWrappers(contender: RequestContender) {
            let value: String?? = .some("y")
            #expect(written(contender, value as any Sendable) == Self.v("Optional%28Optional%28%22y%22%29%29"))
        }

        @Test(arguments: RequestContender.allCases)
        func aDateIsWrittenAsItsDescriptionInUTC(contender: RequestContender) {
            #expect(written(contender, Date(timeIntervalSinceReferenceDate: 0)) == Self.v("2001-01-01%2000%3A00%3A00%20%2B0000"))
        }

        @Test(arguments: RequestContender.allCases)
        func aDatesDescriptionDropsFractionalSeconds(contender: RequestContender) {
            // 12,345.75 s after the reference date: 03:25:45, the .75 gone.
            #expect(written(contender, Date(timeIntervalSinceReferenceDate: 12_345.75)) == Self.v("2001-01-01%2003%3A25%3A45%20%2B0000"))
        }

        @Test(arguments: RequestContender.allCases)
        func aSetIsNotAnArrayAndIsWrittenAsItsDescription(contender: RequestContender) {
            #expect(written(contender, Set(["x"])) == Self.v("%5B%22x%22%5D"))
            #expect(written(contender, Set([5])) == Self.v("%5B5%5D"))
        }

        // MARK: Booleans

        @Test(arguments: RequestContender.allCases)
        func aBoolIsNumericByDefault(contender: RequestContender) {
            #expect(written(contender, true) == Self.v("1"))
            #expect(written(contender, false) == Self.v("0"))
        }

        @Test(arguments: RequestContender.allCases)
        func aBoolIsLiteralWithLiteralEncoding(contender: RequestContender) {
            #expect(written(contender, true, .literal) == Self.v("true"))
            #expect(written(contender, false, .literal) == Self.v("false"))
        }

        @Test(arguments: RequestContender.allCases)
        func aBooleanNSNumberFollowsBoolEncoding(contender: RequestContender) {
            #expect(written(contender, NSNumber(value: true)) == Self.v("1"))
            #expect(written(contender, NSNumber(value: true), .literal) == Self.v("true"))
            #expect(written(contender, NSNumber(value: false), .literal) == Self.v("false"))
        }

        @Test(arguments: RequestContender.allCases)
        func anOptionalBoolIsUnwrappedToABoolean(contender: RequestContender) {
            let value: Bool? = false
            #expect(written(contender, value as any Sendable, .literal) == Self.v("false"))
        }

        @Test(arguments: RequestContender.allCases)
        func literalEncodingLeavesIntegerOneAndZeroAsNumbers(contender: RequestContender) {
            #expect(written(contender, 1, .literal) == Self.v("1"))
            #expect(written(contender, 0.0, .literal) == Self.v("0.0"))
        }

        // MARK: Numbers

        @Test(arguments: RequestContender.allCases)
        func integersAreWrittenInDecimal(contender: RequestContender) {
            #expect(written(contender, -42) == Self.v("-42"))
            #expect(written(contender, Int.min) == Self.v("-9223372036854775808"))
            #expect(written(contender, UInt8(255)) == Self.v("255"))
            #expect(written(contender, Int16(-32_768)) == Self.v("-32768"))
        }

        @Test(arguments: RequestContender.allCases)
        func uInt64MaxIsWrittenInFull(contender: RequestContender) {
            #expect(written(contender, UInt64.max) == Self.v("18446744073709551615"))
            #expect(written(contender, NSNumber(value: UInt64.max)) == Self.v("18446744073709551615"))
        }

        @Test(arguments: RequestContender.allCases)
        func aWholeDoubleKeepsItsPointZero(contender: RequestContender) {
            #expect(written(contender, 1.0) == Self.v("1.0"))
            #expect(written(contender, NSNumber(value: 1.0)) == Self.v("1.0"))
        }

        @Test(arguments: RequestContender.allCases)
        func aDoubleIsWrittenShortestRoundTrip(contender: RequestContender) {
            #expect(written(contender, 0.1 + 0.2) == Self.v("0.30000000000000004"))
            #expect(written(contender, 0.1) == Self.v("0.1"))
        }

        @Test(arguments: RequestContender.allCases)
        func negativeZeroKeepsItsSign(contender: RequestContender) {
            #expect(written(contender, -0.0) == Self.v("-0.0"))
        }

        @Test(arguments: RequestContender.allCases)
        func smallDoublesUseAnExponentWithTwoDigits(contender: RequestContender) {
            #expect(written(contender, 1e-7) == Self.v("1e-07"))
        }

        @Test(arguments: RequestContender.allCases)
        func largeDoublesUseAnExponentWhosePlusIsEscaped(contender: RequestContender) {
            #expect(written(contender, 1e16) == Self.v("1e%2B16"))
        }

        @Test(arguments: RequestContender.allCases)
        func infinitiesAndNaNAreWrittenAsSwiftSpellsThem(contender: RequestContender) {
            #expect(written(contender, Double.infinity) == Self.v("inf"))
            #expect(written(contender, -Double.infinity) == Self.v("-inf"))
            #expect(written(contender, Double.nan) == Self.v("nan"))
        }

        @Test(arguments: RequestContender.allCases)
        func aFloatIsWrittenAsTheFloatsOwnDescription(contender: RequestContender) {
            // Not widened to Double first, which would show 0.10000000149011612.
            #expect(written(contender, Float(0.1)) == Self.v("0.1"))
            #expect(written(contender, NSNumber(value: Float(0.5))) == Self.v("0.5"))
        }

        @Test(arguments: RequestContender.allCases)
        func aDecimalDropsTrailingZeros(contender: RequestContender) {
            #expect(written(contender, Decimal(string: "1.50")!) == Self.v("1.5"))
        }

        @Test(arguments: RequestContender.allCases)
        func aDecimalNegativeZeroIsZero(contender: RequestContender) {
            #expect(written(contender, Decimal(string: "-0")!) == Self.v("0"))
        }

        @Test(arguments: RequestContender.allCases)
        func aDecimalExponentIsExpanded(contender: RequestContender) {
            #expect(written(contender, Decimal(string: "1e3")!) == Self.v("1000"))
            #expect(written(contender, Decimal(string: "-123.456")!) == Self.v("-123.456"))
        }

        @Test(arguments: RequestContender.allCases)
        func anOptionalNumberIsUnwrapped(contender: RequestContender) {
            let value: Int? = 5
            #expect(written(contender, value as any Sendable) == Self.v("5"))
            let double: Double? = 1.0
            #expect(written(contender, double as any Sendable) == Self.v("1.0"))
        }

        // MARK: The Int8 trap

        @Test(arguments: RequestContender.allCases)
        func int8FromMinusOneToTwelveIsANumber(contender: RequestContender) {
            // Literal Booleans tell 1 and 0 as numbers from 1 and 0 as Booleans.
            #expect(written(contender, Int8(-1), .literal) == Self.v("-1"))
            #expect(written(contender, Int8(0), .literal) == Self.v("0"))
            #expect(written(contender, Int8(1), .literal) == Self.v("1"))
            #expect(written(contender, Int8(12), .literal) == Self.v("12"))
        }

        @Test(arguments: RequestContender.allCases)
        func int8OutsideMinusOneToTwelveIsANumericBoolean(contender: RequestContender) {
            #expect(written(contender, Int8(13)) == Self.v("1"))
            #expect(written(contender, Int8(127)) == Self.v("1"))
            #expect(written(contender, Int8(-128)) == Self.v("1"))
            #expect(written(contender, Int8(-2)) == Self.v("1"))
        }

        @Test(arguments: RequestContender.allCases)
        func int8OutsideMinusOneToTwelveIsALiteralBoolean(contender: RequestContender) {
            #expect(written(contender, Int8(13), .literal) == Self.v("true"))
            #expect(written(contender, Int8(127), .literal) == Self.v("true"))
            #expect(written(contender, Int8(-128), .literal) == Self.v("true"))
            #expect(written(contender, Int8(-2), .literal) == Self.v("true"))
        }

        @Test(arguments: RequestContender.allCases)
        func int8ThroughNSNumberFollowsTheSameSplit(contender: RequestContender) {
            #expect(written(contender, NSNumber(value: Int8(13))) == Self.v("1"))
            #expect(written(contender, NSNumber(value: Int8(13)), .literal) == Self.v("true"))
            #expect(written(contender, NSNumber(value: Int8(-128)), .literal) == Self.v("true"))
            #expect(written(contender, NSNumber(value: Int8(5)), .literal) == Self.v("5"))
        }

        @Test(arguments: RequestContender.allCases)
        func int8InsideAnOptionalFollowsTheSameSplit(contender: RequestContender) {
            let boolean: Int8? = -2
            #expect(written(contender, boolean as any Sendable, .literal) == Self.v("true"))
            let number: Int8? = 7
            #expect(written(contender, number as any Sendable, .literal) == Self.v("7"))
        }

        @Test(arguments: RequestContender.allCases)
        func uInt8IsNeverABoolean(contender: RequestContender) {
            #expect(written(contender, UInt8(200), .literal) == Self.v("200"))
            #expect(written(contender, UInt8(13), .literal) == Self.v("13"))
        }

        @Test(arguments: RequestContender.allCases)
        func anInt8BooleanInAnArrayFollowsBoolEncoding(contender: RequestContender) {
            let list: [any Sendable] = [true, 0, Int8(100)]
            #expect(contender.urlEncoding(BehaviourRequest.make("GET"), ["v": list], URLEncodingOptions(boolEncoding: .literal))
                == BehaviourOutcome.inURL(BehaviourRequest.path + "?v%5B%5D=true&v%5B%5D=0&v%5B%5D=true"))
        }
    }
}
