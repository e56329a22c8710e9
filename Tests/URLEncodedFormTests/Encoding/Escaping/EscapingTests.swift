import Foundation
import Testing
import URLEncodedForm

/// Percent-escaping of keys and values, `SpaceEncoding` and `allowedCharacters` (DocC, "Choosing Options", Escaping).
struct EscapingTests {
    private func outcome(_ contender: Contender, _ value: some Encodable,
                         allowed: FormOptions.AllowedCharacters = .afURLQueryAllowed,
                         spaces: FormOptions.SpaceStyle = .percentEscaped) -> Outcome {
        contender.outcome(value, FormOptions(spaceEncoding: spaces, allowedCharacters: allowed))
    }

    // MARK: afURLQueryAllowed (the default)

    @Test(arguments: Contender.allCases)
    func reservedCharactersInValuesAreEscaped(contender: Contender) {
        // RFC 3986 gen-delims less "?" and "/", then every sub-delim.
        #expect(outcome(contender, ["reserved": ":#[]@!$&'()*+,;="]) == .output("reserved=%3A%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D"))
    }

    @Test(arguments: Contender.allCases)
    func reservedCharactersInKeysAreEscaped(contender: Contender) {
        #expect(outcome(contender, [":#[]@!$&'()*+,;=": "v"]) == .output("%3A%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D=v"))
    }

    @Test(arguments: Contender.allCases)
    func questionMarkAndSlashAreNotEscaped(contender: Contender) {
        #expect(outcome(contender, ["?/": "?foo/bar"]) == .output("?/=?foo/bar"))
    }

    @Test(arguments: Contender.allCases)
    func unreservedCharactersAreNotEscaped(contender: Contender) {
        #expect(outcome(contender, ["azAZ09-._~": "zyZY98~_.-"]) == .output("azAZ09-._~=zyZY98~_.-"))
    }

    @Test(arguments: Contender.allCases)
    func illegalASCIICharactersAreEscaped(contender: Contender) {
        #expect(outcome(contender, ["illegal": " \"#%<>[]\\^`{}|"]) == .output("illegal=%20%22%23%25%3C%3E%5B%5D%5C%5E%60%7B%7D%7C"))
    }

    @Test(arguments: Contender.allCases)
    func controlCharactersAreEscaped(contender: Contender) {
        #expect(outcome(contender, ["c": "\u{0}\t\n\r\u{1F}\u{7F}"]) == .output("c=%00%09%0A%0D%1F%7F"))
    }

    @Test(arguments: Contender.allCases)
    func percentIsEscapedEvenInAlreadyEscapedText(contender: Contender) {
        #expect(outcome(contender, ["%20": "100%"]) == .output("%2520=100%25"))
    }

    @Test(arguments: Contender.allCases)
    func plusIsEscaped(contender: Contender) {
        #expect(outcome(contender, ["a+b": "1+1"]) == .output("a%2Bb=1%2B1"))
    }

    // MARK: Spaces

    @Test(arguments: Contender.allCases)
    func spacesArePercentEscapedByDefault(contender: Contender) {
        #expect(outcome(contender, ["a b": "c  d"]) == .output("a%20b=c%20%20d"))
    }

    @Test(arguments: Contender.allCases)
    func plusReplacedTurnsSpacesInKeysAndValuesIntoPlus(contender: Contender) {
        #expect(outcome(contender, ["a b": ["c d": "e  f"]], spaces: .plusReplaced) == .output("a+b%5Bc+d%5D=e++f"))
    }

    @Test(arguments: Contender.allCases)
    func plusReplacedStillEscapesALiteralPlus(contender: Contender) {
        #expect(outcome(contender, ["q": "1 + 1"], spaces: .plusReplaced) == .output("q=1+%2B+1"))
    }

    @Test(arguments: Contender.allCases)
    func literalPlusStaysRawWhenTheAllowedSetHasIt(contender: Contender) {
        // urlQueryAllowed contains "+": a literal plus and a replaced space look alike.
        let outcome = outcome(contender, ["a b+c": "1 + 1"], allowed: .set(.urlQueryAllowed), spaces: .plusReplaced)
        #expect(outcome == .output("a+b+c=1+++1"))
    }

    // MARK: Non-ASCII

    @Test(arguments: Contender.allCases)
    func unicodeIsEscapedAsUTF8Bytes(contender: Contender) {
        #expect(outcome(contender, ["a": "™💃"]) == .output("a=%E2%84%A2%F0%9F%92%83"))
    }

    @Test(arguments: Contender.allCases)
    func combiningMarksAndEmojiModifiersAreEscapedScalarByScalar(contender: Contender) {
        #expect(outcome(contender, ["e\u{301}": "👍🏽"]) == .output("e%CC%81=%F0%9F%91%8D%F0%9F%8F%BD"))
    }

    @Test(arguments: Contender.allCases)
    func nonASCIIIsEscapedEvenWhenAlphanumericsAllowIt(contender: Contender) {
        #expect(outcome(contender, ["é": "日本"], allowed: .set(.alphanumerics)) == .output("%C3%A9=%E6%97%A5%E6%9C%AC"))
    }

    @Test(arguments: Contender.allCases)
    func nonASCIIIsEscapedEvenWhenExplicitlyAllowed(contender: Contender) {
        #expect(outcome(contender, ["é": "é"], allowed: .set(CharacterSet(charactersIn: "é"))) == .output("%C3%A9=%C3%A9"))
    }

    // MARK: Custom sets

    @Test(arguments: Contender.allCases)
    func escapesUseUpperCaseHex(contender: Contender) {
        // "n" is 0x6E and "z" 0x7A once only "a" is allowed.
        #expect(outcome(contender, ["a": "anz"], allowed: .set(CharacterSet(charactersIn: "a"))) == .output("a=a%6E%7A"))
    }

    @Test(arguments: Contender.allCases)
    func emptyAllowedSetEscapesEveryCharacterButSpace(contender: Contender) {
        #expect(outcome(contender, ["ab": "c d"], allowed: .set(CharacterSet())) == .output("%61%62=%63%20%64"))
    }

    @Test(arguments: Contender.allCases)
    func numbersAreEscapedWhenTheSetLeavesOutTheirCharacters(contender: Contender) {
        // Only letters allowed: digits, "-" and "." are escaped (0x30…0x39, 0x2D, 0x2E).
        let letters = FormOptions.AllowedCharacters.set(.letters)
        let value = VectorNode.object([("i", .leaf(.int(-12))), ("d", .leaf(.double(2.5))), ("u", .leaf(.uint(7)))])
        #expect(outcome(contender, value, allowed: letters) == .output("d=%32%2E%35&i=%2D%31%32&u=%37"))
    }

    @Test(arguments: Contender.allCases)
    func indicesAreEscapedWhenTheSetLeavesOutDigits(contender: Contender) {
        // `.indexInBrackets` with only letters and brackets allowed: "0" is 0x30, "1" 0x31.
        var allowed = CharacterSet.letters
        allowed.insert(charactersIn: "[]")
        let options = FormOptions(arrayEncoding: .indexInBrackets, allowedCharacters: .set(allowed))
        #expect(contender.outcome(["a": ["x", "y"]], options) == .output("a[%30]=x&a[%31]=y"))
    }

    @Test(arguments: Contender.allCases)
    func alphanumericsEscapeUnreservedPunctuation(contender: Contender) {
        #expect(outcome(contender, ["a-b": "c.d_e~f"], allowed: .set(.alphanumerics)) == .output("a%2Db=c%2Ed%5Fe%7Ef"))
    }

    @Test(arguments: Contender.allCases)
    func urlQueryAllowedLeavesSubDelimitersRaw(contender: Contender) {
        #expect(outcome(contender, ["k": "a=b&c;d"], allowed: .set(.urlQueryAllowed)) == .output("k=a=b&c;d"))
    }

    @Test(arguments: Contender.allCases)
    func allowedBracketsAreLeftInKeyPaths(contender: Contender) {
        // afURLQueryAllowed plus "[" and "]", spelled from its definition.
        var allowed = CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: ":#[]@!$&'()*+,;="))
        allowed.insert(charactersIn: "[]")
        #expect(outcome(contender, ["a": ["b": ["[x]"]]], allowed: .set(allowed)) == .output("a[b][]=[x]"))
    }

    @Test(arguments: Contender.allCases)
    func aCopyOfTheDefaultSetChangedAfterwardsEscapesAsChanged(contender: Contender) {
        // The default set's table is shared by every encoder that uses the set itself; a copy
        // that was then changed is another set, and must get a table of its own.
        #expect(outcome(contender, ["ka": "a!*b"]) == .output("ka=a%21%2Ab"))
        var allowed = CharacterSet.afURLQueryAllowed
        allowed.insert(charactersIn: "!*")
        allowed.remove("a")
        #expect(outcome(contender, ["ka": "a!*b"], allowed: .set(allowed)) == .output("k%61=%61!*b"))
    }

    @Test(arguments: Contender.allCases)
    func aSetEqualToTheDefaultButBuiltApartEscapesAsTheDefault(contender: Contender) {
        let rebuilt = CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: ":#[]@!$&'()*+,;="))
        #expect(outcome(contender, ["k?/": "a b;c~"], allowed: .set(rebuilt)) == .output("k?/=a%20b%3Bc~"))
        #expect(outcome(contender, ["k?/": "a b;c~"], allowed: .set(rebuilt), spaces: .plusReplaced) == .output("k?/=a+b%3Bc~"))
    }
}
