import URLEncodedForm

/// What the limits see in an input, counted here without the decoder (README, "Decoding
/// forms", the limits table): its length in bytes; its `name=value` sequences (split on `&`,
/// empty ones skipped); and for each name, once unescaped, its segments (each `[` opens one)
/// and its base (the text before the first `[`).
struct LimitsOracle {
    let length: Int
    let count: Int
    /// The names' segment counts and bases, for the names with at least one `[`.
    let depths: [(depth: Int, base: String)]

    init(bytes: [UInt8]) {
        length = bytes.count
        var count = 0
        var depths: [(Int, String)] = []
        for sequence in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            count += 1
            let name = Self.unescape(sequence.prefix { $0 != UInt8(ascii: "=") })
            let brackets = name.count { $0 == UInt8(ascii: "[") }
            if brackets > 0 {
                depths.append((brackets, String(decoding: name.prefix { $0 != UInt8(ascii: "[") }, as: UTF8.self)))
            }
        }
        self.count = count
        self.depths = depths
    }

    /// `+` as a space and `%XX` as its byte (a bad escape stays as written: such input fails on its escape anyway).
    private static func unescape(_ text: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == UInt8(ascii: "%"), index + 2 < text.endIndex,
               let high = hex(text[index + 1]), let low = hex(text[index + 2]) {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(text[index] == UInt8(ascii: "+") ? UInt8(ascii: " ") : text[index])
                index += 1
            }
        }
        return out
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// Limits never truncate: the small-limits decoder fails with the limit the input breaks, or
    /// with the error the default decoder meets, or returns exactly what the default returns.
    func check(small: Result<FuzzTree, URLEncodedFormDecoder.Error>,
               standard: Result<FuzzTree, URLEncodedFormDecoder.Error>, input: [UInt8]) {
        let limits = Decoders.smallLimits
        let maximumLength = limits.maximumInputLength!
        let tooDeep = depths.filter { $0.depth > limits.maximumDepth }
        switch small {
        case .success(let tree):
            if length > maximumLength || count > limits.maximumParameterCount || !tooDeep.isEmpty {
                fuzzFailure("small limits passed \(length) bytes, \(count) pairs, \(tooDeep.count) names too deep", input: input)
            }
            if case .success(let full) = standard, full == tree { return }
            fuzzFailure("small limits read \(tree), default limits \(standard)", input: input)
        case .failure(let error) where error.code == .inputTooLong:
            let limit = error.limit ?? -1
            if limit != maximumLength || length <= limit { fuzzFailure("inputTooLong(\(limit)) for \(length) bytes", input: input) }
        case .failure(let error):
            if length > maximumLength { fuzzFailure("\(error) for \(length) bytes: the length is checked first", input: input) }
            switch error.code {
            case .tooManyParameters:
                let limit = error.limit ?? -1
                if limit != limits.maximumParameterCount || count <= limit { fuzzFailure("tooManyParameters(\(limit)) for \(count) pairs", input: input) }
            case .tooDeep:
                let (key, limit) = (error.key ?? "", error.limit ?? -1)
                if limit != limits.maximumDepth || !tooDeep.contains(where: { String($0.base.prefix(64)) == key }) {
                    fuzzFailure("tooDeep(\(key), \(limit)); names too deep: \(tooDeep)", input: input)
                }
            default:
                // An escape, UTF-8 or conflict error: the default limits meet the same one, or
                // one of their own limits first.
                switch standard {
                case .failure(let other) where other == error: break
                case .failure(let other) where other.code == .tooDeep || other.code == .tooManyParameters: break
                default: fuzzFailure("small limits threw \(error), default limits \(standard)", input: input)
                }
            }
        }
    }
}
