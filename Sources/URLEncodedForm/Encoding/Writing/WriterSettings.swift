/// What a `FormWriter` derives from the options: how it spells keys and in which orders it may
/// write levels. Worked out once per session, not at every encoding; plain bytes (it holds no
/// reference), so that a writer copies it for free.
struct WriterSettings: Sendable {
    /// Whether keys are transformed whole at each leaf (`LeafKeyEncoder`): by a `KeyEncoding`
    /// other than the default, or replaced by a custom `ArrayEncoding`. The key stack then
    /// holds raw bytes; otherwise escaped ones, since escaping a concatenation is concatenating
    /// the escaped parts.
    let transformsLeafKeys: Bool
    /// `[`, `]` and `[]` as the key stack holds them.
    let openBracket, closeBracket, emptyBrackets: EscapedFragment
    /// Whether an element's index (`.indexInBrackets`) goes on the key stack as its digits,
    /// without the escape table: the table passes digits (always, but for a custom
    /// `allowedCharacters`), or the stack holds raw bytes.
    let writesIndexDigitsAsTheyAre: Bool
    /// What goes before and after a nested object key by `KeyPathEncoding`: brackets, or a dot
    /// before; `nil` for a custom encoding, whose parts are only known key by key.
    let wrapping: (opening: EscapedFragment, closing: EscapedFragment?)?
    /// Whether objects' children are put in the order of their segments (`alphabetizeKeyValuePairs`).
    let sortsObjects: Bool
    /// Whether arrays' elements are too: `alphabetizeKeyValuePairs` unless `sortsArrayElements`
    /// is off, which leaves them in index order, as written.
    let sortsArrays: Bool
    /// Whether objects may be written in the order of their escaped keys rather than sorted
    /// once written. Levels whose key parts are only known node by node (a closure's) or are
    /// transformed whole at each leaf are sorted as written.
    let writesInKeyOrder: Bool
    /// Whether arrays of leaves are written in the order of their values: arrays are sorted
    /// and every element of an array has its array's key (`[]` or no brackets).
    let writesLeavesInValueOrder: Bool

    init(_ options: EncodingOptions, escapeTable: EscapeTable) {
        if case .useDefaultKeys = options.keyEncoding, !options.arrayEncoding.isCustom {
            transformsLeafKeys = false
        } else {
            transformsLeafKeys = true
        }
        let table = transformsLeafKeys ? nil : escapeTable
        openBracket = EscapedFragment("[", escapeTable: table)
        closeBracket = EscapedFragment("]", escapeTable: table)
        emptyBrackets = EscapedFragment("[]", escapeTable: table)
        writesIndexDigitsAsTheyAre = table?.passesNumbers ?? true
        wrapping = switch options.keyPathEncoding.style {
        case .brackets: (openBracket, closeBracket)
        case .dots: (EscapedFragment(".", escapeTable: table), nil)
        case .custom: nil
        }
        sortsObjects = options.alphabetizeKeyValuePairs
        sortsArrays = options.alphabetizeKeyValuePairs && options.sortsArrayElements
        writesInKeyOrder = !transformsLeafKeys && sortsObjects && wrapping != nil
        writesLeavesInValueOrder = switch options.arrayEncoding {
        case .brackets, .noBrackets: sortsArrays
        case .indexInBrackets, .custom: false
        }
    }
}
