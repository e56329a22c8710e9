import FormBenchCore

/// Random arguments of an `AFHTTPRequestSerializer`, named as the census and the dumps show them.
struct FuzzAFSerializerOptions: CustomStringConvertible {
    private(set) var options = AFSerializerOptions()
    /// The query block's name, `nil` for none (AFNetworking's own query string).
    private(set) var queryBlockName: String?

    var description: String {
        let methods = options.methodsEncodingParametersInURI.map { "\($0.sorted())" } ?? "default"
        return "methodsEncodingParametersInURI=\(methods) queryBlock=\(queryBlockName ?? "none")"
    }

    /// Sets of methods, the default's upper-case spelling among them, and one in lower case
    /// (which no upper-cased method matches).
    static let methodSets: [Set<String>] = [["GET", "HEAD", "DELETE"], ["POST"], ["GET", "POST", "PUT", "PATCH"], ["get"], []]

    static let queryBlocks: [(String, AFSerializerOptions.QueryBlock)] = [
        ("fixed:test", .fixed("test")), ("fixed:empty", .fixed("")), ("fixed:reserved", .fixed("a=b c#d")),
        ("describesTheParametersType", .describesTheParametersType), ("returnsNil", .returnsNil), ("fails", .fails),
    ]

    static func random(using rng: inout SplitMix64) -> FuzzAFSerializerOptions {
        var fuzz = FuzzAFSerializerOptions()
        if rng.chance(0.2) {
            fuzz.options.methodsEncodingParametersInURI = rng.pick(methodSets)
        }
        if rng.chance(0.4) {
            let (name, block) = rng.pick(queryBlocks)
            fuzz.options.queryBlock = block
            fuzz.queryBlockName = name
        }
        return fuzz
    }
}

extension FuzzParameter {
    /// Random parameters for AFNetworking's serializer: mostly `URLEncoding`'s (see
    /// `randomParameters(using:)`), with the values only this dialect orders (sets of many
    /// elements, dictionaries with `Int` keys) added now and then; sometimes a value that is not
    /// a dictionary, which AFNetworking writes without a field; sometimes none.
    static func randomAFParameters(using rng: inout SplitMix64) -> FuzzParameter? {
        if rng.chance(0.06) { return nil }
        let keys = FuzzKey.pool(indices: false, using: &rng).map(\.stringValue)
        if rng.chance(0.08) {
            return random(depth: 2, orderSafe: false, keys: keys, using: &rng)
        }
        var parameters = randomParameters(using: &rng)
        if rng.chance(0.3) {
            let elements = (0 ..< rng.smallCount(in: 0 ... 5)).map { _ in FuzzStrings.value(using: &rng) }
            parameters[rng.pick(keys)] = .stringSetOfMany(Set(elements))
        }
        if rng.chance(0.3) {
            var entries: [Int: FuzzParameter] = [:]
            for _ in 0 ..< rng.smallCount(in: 0 ... 4) {
                entries[Int.random(in: -20 ... 20, using: &rng)] = scalar(using: &rng)
            }
            parameters[rng.pick(keys)] = .intKeyedDictionary(entries)
        }
        return .dictionary(parameters)
    }
}
