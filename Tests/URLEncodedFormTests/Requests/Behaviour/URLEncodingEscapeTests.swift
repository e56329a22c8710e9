import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

extension RequestsBehaviour {
    /// `URLEncoding.escape(_:)` (SPEC-requests §2.2): `addingPercentEncoding(withAllowedCharacters:
    /// .afURLQueryAllowed)`. ASCII letters, digits, `-._~`, `/` and `?` stay; every other byte of
    /// the UTF-8 is `%XX` with upper-case hex; a space is `%20`, never `+`. Both modules' public
    /// `escape(_:)`, then the same rule seen through a request, where keys and values are escaped
    /// separately.
    struct URLEncodingEscapeTests {
        // MARK: escape(_:)

        @Test(arguments: RequestContender.allCases)
        func everyGeneralAndSubDelimiterButQuestionMarkAndSlashIsEscaped(contender: RequestContender) {
            #expect(contender.escape(":#[]@!$&'()*+,;=") == "%3A%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D")
        }

        @Test(arguments: RequestContender.allCases)
        func questionMarkAndSlashAreKept(contender: RequestContender) {
            #expect(contender.escape("a/b?c=d") == "a/b?c%3Dd")
            #expect(contender.escape("?/") == "?/")
        }

        @Test(arguments: RequestContender.allCases)
        func unreservedCharactersAreKept(contender: RequestContender) {
            let unreserved = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~"
            #expect(contender.escape(unreserved) == unreserved)
        }

        @Test(arguments: RequestContender.allCases)
        func percentIsEscapedEvenBeforeHexDigits(contender: RequestContender) {
            #expect(contender.escape("100%") == "100%25")
            #expect(contender.escape("%2F") == "%252F")
        }

        @Test(arguments: RequestContender.allCases)
        func plusIsEscaped(contender: RequestContender) {
            #expect(contender.escape("1+1") == "1%2B1")
        }

        @Test(arguments: RequestContender.allCases)
        func aSpaceIsPercentTwentyNeverPlus(contender: RequestContender) {
            #expect(contender.escape(" a  b ") == "%20a%20%20b%20")
        }

        @Test(arguments: RequestContender.allCases)
        func otherASCIIPunctuationIsEscaped(contender: RequestContender) {
            #expect(contender.escape("\"<>\\^`{|}") == "%22%3C%3E%5C%5E%60%7B%7C%7D")
        }

        @Test(arguments: RequestContender.allCases)
        func controlCharactersAreEscaped(contender: RequestContender) {
            #expect(contender.escape("\u{0}\t\n\r\u{1F}\u{7F}") == "%00%09%0A%0D%1F%7F")
        }

        @Test(arguments: RequestContender.allCases)
        func latinLettersWithDiacriticsAreEscapedAsUTF8(contender: RequestContender) {
            // é U+00E9 (C3 A9), ß U+00DF (C3 9F), İ U+0130 (C4 B0): letters, yet not ASCII.
            #expect(contender.escape("\u{E9}\u{DF}\u{130}") == "%C3%A9%C3%9F%C4%B0")
        }

        @Test(arguments: RequestContender.allCases)
        func aDecomposedCharacterIsEscapedScalarByScalar(contender: RequestContender) {
            #expect(contender.escape("e\u{301}") == "e%CC%81")
        }

        @Test(arguments: RequestContender.allCases)
        func nonLatinScriptsAreEscapedAsUTF8Bytes(contender: RequestContender) {
            // 日本語: E6 97 A5, E6 9C AC, E8 AA 9E; Привет: two bytes a letter.
            #expect(contender.escape("日本語") == "%E6%97%A5%E6%9C%AC%E8%AA%9E")
            #expect(contender.escape("Привет") == "%D0%9F%D1%80%D0%B8%D0%B2%D0%B5%D1%82")
        }

        @Test(arguments: RequestContender.allCases)
        func emojiAreEscapedAsTheirFourUTF8Bytes(contender: RequestContender) {
            #expect(contender.escape("😀") == "%F0%9F%98%80")
            // A family: three emoji joined by ZERO WIDTH JOINERs (E2 80 8D).
            #expect(contender.escape("👨\u{200D}👩\u{200D}👧") == "%F0%9F%91%A8%E2%80%8D%F0%9F%91%A9%E2%80%8D%F0%9F%91%A7")
        }

        @Test(arguments: RequestContender.allCases)
        func invisibleFormatCharactersAreEscaped(contender: RequestContender) {
            // BYTE ORDER MARK U+FEFF (EF BB BF), ZERO WIDTH SPACE U+200B (E2 80 8B).
            #expect(contender.escape("\u{FEFF}a\u{200B}") == "%EF%BB%BFa%E2%80%8B")
        }

        @Test(arguments: RequestContender.allCases)
        func theEmptyStringStaysEmpty(contender: RequestContender) {
            #expect(contender.escape("") == "")
        }

        // MARK: Through a request

        @Test(arguments: RequestContender.allCases)
        func keysAndValuesAreEscapedAlikeAndSeparately(contender: RequestContender) {
            // The "=" and "&" inside key and value are escaped; the pair's own are not.
            #expect(contender.urlEncoding(BehaviourRequest.make("POST"), ["k=v&": "a&b=c"])
                == BehaviourOutcome.inBody("k%3Dv%26=a%26b%3Dc"))
        }

        @Test(arguments: RequestContender.allCases)
        func aQueryInAURLKeepsQuestionMarkAndSlashOfValues(contender: RequestContender) {
            #expect(contender.urlEncoding(BehaviourRequest.make("GET"), ["a/b?c": "a/b?c"])
                == BehaviourOutcome.inURL(BehaviourRequest.path + "?a/b?c=a/b?c"))
        }

        @Test(arguments: RequestContender.allCases)
        func spacesInKeysAndValuesArePercentTwenty(contender: RequestContender) {
            #expect(contender.urlEncoding(BehaviourRequest.make("GET"), ["a b": "c d"])
                == BehaviourOutcome.inURL(BehaviourRequest.path + "?a%20b=c%20d"))
        }
    }
}
