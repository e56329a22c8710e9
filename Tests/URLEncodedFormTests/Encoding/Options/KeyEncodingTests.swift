import Foundation
import Testing

/// `KeyEncoding`: a transformation of each pair's whole key path (DocC, "Choosing Options", Keys). Values are untouched.
struct KeyEncodingTests {
    private static let camel = ["oneTwoThree": "oneTwoThree"]
    private static let nestedCamel = ["parentKey": ["childKey": "v"]]
    private static let acronym = ["myURLProperty": "v"]

    private func outcome(_ contender: Contender, _ value: some Encodable, _ keyEncoding: FormOptions.KeyStyle,
                         keyPath: FormOptions.KeyPathStyle = .brackets) -> Outcome {
        contender.outcome(value, FormOptions(keyEncoding: keyEncoding, keyPathEncoding: keyPath))
    }

    @Test(arguments: Contender.allCases)
    func defaultKeysAreLeftAsTheyAre(contender: Contender) {
        #expect(outcome(contender, Self.camel, .useDefaultKeys) == .output("oneTwoThree=oneTwoThree"))
    }

    @Test(arguments: Contender.allCases)
    func snakeCaseSplitsCamelCaseWords(contender: Contender) {
        #expect(outcome(contender, Self.camel, .convertToSnakeCase) == .output("one_two_three=oneTwoThree"))
    }

    @Test(arguments: Contender.allCases)
    func kebabCaseSplitsCamelCaseWords(contender: Contender) {
        #expect(outcome(contender, Self.camel, .convertToKebabCase) == .output("one-two-three=oneTwoThree"))
    }

    @Test(arguments: Contender.allCases)
    func capitalizedUppercasesTheFirstLetter(contender: Contender) {
        #expect(outcome(contender, Self.camel, .capitalized) == .output("OneTwoThree=oneTwoThree"))
    }

    @Test(arguments: Contender.allCases)
    func uppercasedUppercasesTheWholeKey(contender: Contender) {
        #expect(outcome(contender, Self.camel, .uppercased) == .output("ONETWOTHREE=oneTwoThree"))
    }

    @Test(arguments: Contender.allCases)
    func lowercasedLowercasesTheWholeKey(contender: Contender) {
        #expect(outcome(contender, Self.camel, .lowercased) == .output("onetwothree=oneTwoThree"))
    }

    @Test(arguments: Contender.allCases)
    func customClosureReplacesTheKey(contender: Contender) {
        #expect(outcome(contender, Self.camel, .custom { "x_" + $0 }) == .output("x_oneTwoThree=oneTwoThree"))
    }

    @Test(arguments: Contender.allCases)
    func snakeCaseKeepsAnAcronymAsOneWord(contender: Contender) {
        #expect(outcome(contender, Self.acronym, .convertToSnakeCase) == .output("my_url_property=v"))
    }

    @Test(arguments: Contender.allCases)
    func kebabCaseKeepsAnAcronymAsOneWord(contender: Contender) {
        #expect(outcome(contender, Self.acronym, .convertToKebabCase) == .output("my-url-property=v"))
    }

    @Test(arguments: Contender.allCases)
    func snakeCaseConvertsNestedKeysInsideTheBrackets(contender: Contender) {
        #expect(outcome(contender, Self.nestedCamel, .convertToSnakeCase) == .output("parent_key%5Bchild_key%5D=v"))
    }

    @Test(arguments: Contender.allCases)
    func snakeCaseConvertsArrayKeys(contender: Contender) {
        #expect(outcome(contender, ["someArray": [1]], .convertToSnakeCase) == .output("some_array%5B%5D=1"))
    }

    @Test(arguments: Contender.allCases)
    func snakeCaseStartsAWordAfterADotSeparatedAcronym(contender: Contender) {
        // The whole path "someKey.URLValue" is converted: "Key." is one word, "URL" the next.
        let value = ["someKey": ["URLValue": "u"]]
        #expect(outcome(contender, value, .convertToSnakeCase, keyPath: .dots) == .output("some_key._url_value=u"))
    }

    @Test(arguments: Contender.allCases)
    func snakeCaseAddsAnUnderscoreAfterAHyphen(contender: Contender) {
        // A capital starts a word even right after "-": "kebab-Case" → "kebab-_case".
        #expect(outcome(contender, ["kebab-Case": "v"], .convertToSnakeCase) == .output("kebab-_case=v"))
    }

    @Test(arguments: Contender.allCases)
    func capitalizedChangesOnlyTheFirstLetterOfTheWholePath(contender: Contender) {
        #expect(outcome(contender, Self.nestedCamel, .capitalized) == .output("ParentKey%5BchildKey%5D=v"))
    }

    @Test(arguments: Contender.allCases)
    func uppercasedUsesFullUnicodeCaseMapping(contender: Contender) {
        // "ß" upper-cases to "SS".
        #expect(outcome(contender, ["straße": "v"], .uppercased) == .output("STRASSE=v"))
    }

    @Test(arguments: Contender.allCases)
    func lowercasedUsesFullUnicodeCaseMapping(contender: Contender) {
        // "İ" (U+0130) lower-cases to "i" + U+0307 COMBINING DOT ABOVE.
        #expect(outcome(contender, ["İstanbul": "v"], .lowercased) == .output("i%CC%87stanbul=v"))
    }

    @Test(arguments: Contender.allCases)
    func customClosureSeesTheWholePathBracketsIncluded(contender: Contender) {
        // Reversing "ab[cd]" reverses its brackets too.
        let reversed = FormOptions.KeyStyle.custom { String($0.reversed()) }
        #expect(outcome(contender, ["ab": ["cd": "v"]], reversed) == .output("%5Ddc%5Bba=v"))
    }

    @Test(arguments: Contender.allCases)
    func customClosureSeesArrayBrackets(contender: Contender) {
        #expect(outcome(contender, ["ab": ["v"]], .custom { "<\($0)>" }) == .output("%3Cab%5B%5D%3E=v"))
    }

    @Test(arguments: Contender.allCases)
    func encodedKeyIsEscapedAfterwards(contender: Contender) {
        #expect(outcome(contender, ["a": "b"], .custom { $0 + "&=" }) == .output("a%26%3D=b"))
    }
}
