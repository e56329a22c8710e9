/// The words payload text is made of: plain ASCII words, words of other scripts (Latin with
/// diacritics, Cyrillic, Greek, CJK, Hangul, Arabic, Hebrew), emoji (with modifiers and
/// joiners), combining marks, and fragments full of the characters a form must escape.
enum WordPool {
    /// Mostly plain words with some of everything else: product titles, tags, keys.
    static let mixed = asciiWords + asciiWords + foreignWords + emoji + reserved

    /// No plain word at all: text whose every character needs escaping or care.
    static let heavy = foreignWords + emoji + reserved + combining

    private static let asciiWords = ["alpha", "bravo", "charlie", "delta", "echo", "field", "grid", "harbor",
                                     "index", "jolly", "kilo", "lima", "metro", "north", "orbit", "pixel"]
    private static let foreignWords = ["café", "naïve", "Straße", "smörgåsbord", "привет", "данные", "καλημέρα",
                                       "東京", "数据", "編碼", "日本語", "한국어", "مرحبا", "שלום", "Ελλάδα", "ĳssel"]
    private static let emoji = ["🚀", "👩‍💻", "🇯🇵", "✨", "👍🏽", "🧪", "❤️"]
    private static let reserved = ["&", "a=b", "x+y", "100%", "#tag", "why?", "a/b", "[0]", "me@host", "1:2",
                                   "x;y", "(!)", "$9", "it's", "*", "a,b", "~tilde", "%20"]
    private static let combining = ["e\u{301}te\u{301}", "n\u{303}", "a\u{30A}ngstro\u{308}m"]
}
