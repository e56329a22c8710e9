import FormBenchCore
/// Hostile strings for values and keys: everything that an escaping table, a key table or a key
/// transformation written at the byte level can get wrong.
enum FuzzStrings {
    /// Every ASCII character that `afURLQueryAllowed` escapes or that RFC 3986 reserves, and the
    /// escape characters themselves.
    static let reserved = [":", "#", "[", "]", "@", "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=",
                           "?", "/", "%", "\"", "<", ">", "\\", "^", "`", "{", "|", "}", "~", "-", ".", "_"]

    static let spaces = [" ", "  ", " leading", "trailing ", "in  side", "\u{A0}", "\u{3000}"]

    static let controls = ["\0", "\t", "\n", "\r", "\r\n", "\u{7F}", "\u{1B}", "\u{01}", "\u{85}", "\u{2028}"]

    static let scripts = ["日本語", "中文字", "한국어", "Привет", "мир", "مرحبا", "שלום", "สวัสดี", "नमस्ते", "Ελληνικά"]

    static let emoji = ["😀", "👨‍👩‍👧‍👦", "🇯🇵", "🇺🇸", "👍🏽", "🏳️‍🌈", "❤️", "🧑🏿‍🚀", "#️⃣"]

    /// Groups of canonically equivalent spellings: Swift `String` equality treats each group's
    /// members as one string, so they are one object key (README, "Alamofire's quirks").
    static let equivalentSpellings = [
        ["\u{E9}", "e\u{301}"],
        ["\u{212A}", "K"],
        ["\u{37E}", ";"],
        ["\u{C5}", "A\u{30A}", "\u{212B}"],
        ["a\u{323}\u{301}", "a\u{301}\u{323}", "\u{1EA1}\u{301}"],
        ["caf\u{E9}", "cafe\u{301}"],
    ]

    /// Canonically equivalent spellings of keys longer than eight bytes, where the encoder's key
    /// table reads words (its ASCII test among them): the accent in the last word, then in the
    /// first. For the encoder's key pools only, so that the request fuzz's seeds still make the
    /// cases they made.
    static let longEquivalentSpellings = [
        ["shipping caf\u{E9}", "shipping cafe\u{301}"],
        ["\u{E9}tude of the delivery", "e\u{301}tude of the delivery"],
    ]

    /// Keys Swift's `<` cannot order, one family: a letter spelled with a combining mark, and
    /// the same letter precomposed and followed by more (`"e\u{301}"`, `"\u{E9}a"`, `"\u{E9}b"`);
    /// or U+212A KELVIN SIGN and `"K"` followed by a precomposed letter; or U+212B ANGSTROM SIGN
    /// and `"\u{C5}"` followed by more. `<` finds the first of each family neither smaller nor
    /// larger than the others, though they differ, while the others order among themselves.
    static func unorderedKeys(using rng: inout SplitMix64) -> [String] {
        let (first, stem, tails): (String, String, [String]) = rng.weighted([
            (5, { rng in
                let letter = rng.pick([("e\u{301}", "\u{E9}"), ("a\u{301}", "\u{E1}"), ("c\u{327}", "\u{E7}"),
                                       ("n\u{303}", "\u{F1}"), ("o\u{308}", "\u{F6}")])
                return (letter.0, letter.1, ["a", "b", "z", "0", "A", "e"])
            }),
            (1, { _ in ("\u{212A}", "K", ["\u{E9}", "\u{C5}"]) }),
            (1, { _ in ("\u{212B}", "\u{C5}", ["a", "b", "z", "0", "A", "e"]) }),
        ])
        let others = tails.shuffled(using: &rng).prefix(Int.random(in: 1 ... min(3, tails.count), using: &rng))
        return ([first] + others.map { stem + $0 }).shuffled(using: &rng)
    }

    /// Combining marks, byte-order marks and other characters whose scalars and graphemes disagree.
    static let tricky = ["e\u{301}", "\u{E9}", "a\u{301}\u{302}\u{303}\u{304}", "Z\u{351}\u{36B}\u{343}\u{36A}",
                         "\u{FEFF}", "\u{FEFF}a", "\u{200B}", "\u{212A}", "\u{37E}", "\u{C5}", "A\u{30A}", "\u{212B}",
                         "\u{301}", "\u{FFFD}", "\u{10FFFF}", "\u{E000}"]

    static let numeric = ["0", "007", "-1", "1e3", "1.5", "+1", " 1", "00", "-0", "12", "3",
                          "99999999999999999999", "0x1F", "NaN", "inf"]

    /// Strings that look like serialized keys or pairs.
    static let keyLike = ["a[b]", "a.b", "a=b&c", "[]", "[0]", "a[]", "a[][b]", "%5B", "%20", "a%2", "%%", "&", "=", "a+b"]

    /// Key spellings that give each `KeyEncoding` work to do.
    static let casings = ["camelCase", "kebab-Case", "snake_case", "myURLProperty", "URL", "lowercase", "UPPER",
                          "HTTPRequest2Go", "a", "B", "oneTwoThree", "Title Case", "stra\u{DF}e", "\u{1C5}ungla",
                          "\u{130}stanbul", "\u{FB01}nance", "_private", "x9Y", "\u{C9}cole"]

    /// Short plain keys, so that programs and objects reuse keys often.
    static let plainKeys = ["a", "b", "c", "id", "name", "items", "user"]
    /// Keys too long to live inside a `String`: distinct keys of one odd length, which `FuzzKey`
    /// hands out as fresh heap copies, and one of an even length, which stays a literal.
    static let longKeys = ["shipping address line", "billing address lines", "customer phone number",
                           "delivery instructions", "preferred contact method"]

    private static let fragments = reserved + spaces + controls + scripts + emoji + tricky + numeric + keyLike
        + casings + equivalentSpellings.flatMap { $0 }

    /// A value string: a fragment, a few fragments glued together (so marks combine with what
    /// precedes them), random ASCII, the empty string, or a long string.
    static func value(using rng: inout SplitMix64) -> String {
        rng.weighted([
            (10, { $0.pick(fragments) }),
            (10, { rng in (0 ..< rng.smallCount(in: 2 ... 5)).map { _ in rng.pick(fragments) }.joined() }),
            (4, { asciiSoup(using: &$0) }),
            (2, { _ in "" }),
            (1, { rng in String(repeating: rng.pick(fragments), count: Int.random(in: 50 ... 400, using: &rng)) }),
        ])
    }

    /// Strings that begin alike: one base, then the base again with a short ending (nothing,
    /// `\0`, a control character, a letter, a digit), so that the elements of a level tie on
    /// their first bytes, some end where others go on, and only the last bytes decide.
    static func family(using rng: inout SplitMix64, count: Int) -> [String] {
        let base = value(using: &rng)
        let endings = ["", "\0", "\0\0", "\u{01}", "a", "0", "\0a"]
        return (0 ..< count).map { _ in base + rng.pick(endings) }
    }

    /// A key string, weighted towards a few plain keys so that the same key recurs.
    static func key(using rng: inout SplitMix64) -> String {
        rng.weighted([
            (12, { $0.pick(plainKeys) }),
            (3, { $0.pick(longKeys) }),
            (6, { $0.pick(casings) }),
            (5, { $0.pick($0.pick(equivalentSpellings)) }),
            (3, { $0.pick(numeric) }),
            (3, { $0.pick(keyLike) }),
            (2, { $0.pick(reserved) }),
            (4, { rng in (0 ..< 2).map { _ in rng.pick(fragments) }.joined() }),
            (1, { _ in "" }),
        ])
    }

    /// 1 to 20 random ASCII characters, control characters included.
    private static func asciiSoup(using rng: inout SplitMix64) -> String {
        let scalars = (0 ..< Int.random(in: 1 ... 20, using: &rng)).map { _ in
            Character(Unicode.Scalar(UInt8.random(in: 0 ... 127, using: &rng)))
        }
        return String(scalars)
    }

    /// `string` as a Swift literal in which every scalar outside printable ASCII is spelled
    /// `\u{…}`, so that a dump tells `é` from `e\u{301}`.
    static func literal(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case " " ... "~": result.unicodeScalars.append(scalar)
            default: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return result + "\""
    }
}
