/// Other values of a sample's shape, so that a benchmark of a user's sample reads a different
/// input each time (``InputMode/distinct``) as a server does, rather than one the branch
/// predictor and the caches learn.
extension SampleValue {
    /// The seed every variant's generator derives from, with the variant's number.
    private static let variantSeed: UInt64 = 0x5A4D_9E1E

    /// Variant `number` of this sample: the same keys, array lengths, types and `null`s, with
    /// other leaves, the same for the same number; variant 0 is the sample itself.
    ///
    /// - A key under which the sample holds two or more different strings (the `title` of each
    ///   of its records, say) has those strings shuffled among its places; any other string has
    ///   its characters shuffled: the same length and the same characters to escape, in other
    ///   places.
    /// - An `Int` becomes another of as many digits and the same sign.
    /// - A `Double` is scaled by a factor from 0.5 to 1.5 and rounded to as many decimals.
    /// - A `Bool` is flipped or not, at random.
    public func variant(_ number: Int) -> SampleValue {
        guard number != 0 else { return self }
        var strings: [String: [String]] = [:]
        collectStrings(under: "", into: &strings)
        var random = SplitMix64(seed: Self.variantSeed, variant: number)
        // Each key's strings in a new order, used in turn as the walk meets the key's places.
        var reordered: [String: ArraySlice<String>] = [:]
        for (key, texts) in strings.sorted(by: { $0.key < $1.key }) where Set(texts).count > 1 {
            reordered[key] = random.shuffled(texts)[...]
        }
        return perturbed(under: "", reordered: &reordered, random: &random)
    }

    /// Appends every string leaf to the list of the key it is under (an array's elements are
    /// under the array's key), in the order `perturbed` meets them.
    private func collectStrings(under key: String, into strings: inout [String: [String]]) {
        switch self {
        case let .object(members): members.forEach { $0.value.collectStrings(under: $0.key, into: &strings) }
        case let .array(elements): elements.forEach { $0.collectStrings(under: key, into: &strings) }
        case let .string(text): strings[key, default: []].append(text)
        case .int, .double, .bool, .null: break
        }
    }

    /// This value with every leaf replaced as ``variant(_:)`` says.
    private func perturbed(under key: String, reordered: inout [String: ArraySlice<String>],
                           random: inout SplitMix64) -> SampleValue {
        switch self {
        case let .object(members):
            return .object(members.map {
                SampleMember(key: $0.key, value: $0.value.perturbed(under: $0.key, reordered: &reordered, random: &random))
            })
        case let .array(elements):
            return .array(elements.map { $0.perturbed(under: key, reordered: &reordered, random: &random) })
        case let .string(text):
            if let next = reordered[key]?.popFirst() { return .string(next) }
            return .string(String(random.shuffled(Array(text))))
        case let .int(number):
            return .int(Self.perturbed(number, random: &random))
        case let .double(number):
            return .double(Self.perturbed(number, random: &random))
        case let .bool(flag):
            return .bool(random.chance(percent: 50) ? !flag : flag)
        case .null:
            return .null
        }
    }

    /// Another number of as many digits as `number`, of the same sign.
    private static func perturbed(_ number: Int, random: inout SplitMix64) -> Int {
        let digits = String(number.magnitude).count
        var lowest = 1
        for _ in 1..<digits { lowest = lowest.multipliedReportingOverflow(by: 10).partialValue }
        let (highest, overflow) = lowest.multipliedReportingOverflow(by: 10)
        // A negative number of one digit stays negative: from −9 to −1.
        let magnitude = random.next(in: (digits == 1 && number >= 0 ? 0 : lowest)...(overflow ? Int.max : highest - 1))
        return number < 0 ? -magnitude : magnitude
    }

    /// `number` scaled by a factor from 0.5 to 1.5, rounded to as many decimals as it is written
    /// with (a number written with an exponent is left unrounded).
    private static func perturbed(_ number: Double, random: inout SplitMix64) -> Double {
        let scaled = number * (0.5 + Double(random.next(in: 0...1_000_000)) / 1_000_000)
        let written = number.description
        guard scaled.isFinite, !written.contains("e"), let point = written.firstIndex(of: ".") else {
            return scaled.isFinite ? scaled : number
        }
        let decimals = written.distance(from: point, to: written.endIndex) - 1
        guard decimals <= 15 else { return scaled }
        var unit = 1.0
        for _ in 0..<decimals { unit *= 10 }
        let rounded = (scaled * unit).rounded() / unit
        return rounded.isFinite ? rounded : number
    }
}
