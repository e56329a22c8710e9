import FormBenchCore

/// Random arguments of `URLEncoding(destination:arrayEncoding:boolEncoding:maximumDepth:)`, each
/// named as the census and the dumps show it.
struct FuzzURLEncodingOptions: CustomStringConvertible {
    private(set) var options = URLEncodingOptions()
    /// `option=choice` for each argument; closures are named by what they do.
    private(set) var choices: [String] = []

    var description: String { choices.joined(separator: " ") }

    /// Custom closures get the unescaped key so far, whose result is escaped like any key: one
    /// uses both arguments, one only the index, and two ignore them (a fixed key, the empty key).
    static let arrayEncodings: [(String, FormOptions.ArrayStyle)] = [
        ("brackets", .brackets), ("noBrackets", .noBrackets), ("indexInBrackets", .indexInBrackets),
        ("custom:keyHashIndex", .custom { key, index in key + "#" + String(index) }),
        ("custom:dotIndexPlusOne", .custom { key, index in key + "." + String(index + 1) }),
        ("custom:fixed", .custom { _, _ in "item" }),
        ("custom:empty", .custom { _, _ in "" }),
    ]

    static func random(using rng: inout SplitMix64) -> FuzzURLEncodingOptions {
        var fuzz = FuzzURLEncodingOptions()
        fuzz.choose(\.destination, "destination", [RequestDestination.methodDependent, .queryString, .httpBody].map { ($0.rawValue, $0) }, &rng)
        fuzz.choose(\.arrayEncoding, "arrayEncoding", arrayEncodings, &rng)
        fuzz.choose(\.boolEncoding, "boolEncoding", [("numeric", .numeric), ("literal", .literal)], &rng)
        // Mostly the default; otherwise a limit the parameters' depths (up to 5) reach.
        fuzz.choose(\.maximumDepth, "maximumDepth", rng.chance(0.75) ? [("default", nil)] : (0 ... 4).map { (String($0), $0) }, &rng)
        return fuzz
    }

    private mutating func choose<Value>(_ option: WritableKeyPath<URLEncodingOptions, Value>, _ name: String,
                                        _ candidates: [(String, Value)], _ rng: inout SplitMix64) {
        let (choice, value) = rng.pick(candidates)
        options[keyPath: option] = value
        choices.append("\(name)=\(choice)")
    }
}
