/// Compares the outputs of the contenders that produced one, on one payload size.
enum OutputComparer {
    /// Checks every output against the first of its dialect; `outputs` are in contender order,
    /// so the reference (where it ran) is what the others must equal, else the optimized encoder.
    static func check(_ outputs: [(contender: String, dialect: OutputDialect, bytes: [UInt8])], payload: PayloadKind,
                      leaves: Int) -> OutputCheck {
        var firsts: [OutputDialect: (contender: String, bytes: [UInt8])] = [:]
        let mismatches = outputs.compactMap { output -> String? in
            guard let expected = firsts[output.dialect] else {
                firsts[output.dialect] = (output.contender, output.bytes)
                return nil
            }
            return difference(output.bytes, from: expected.bytes).map { "\(output.contender) differs from \(expected.contender): \($0)" }
        }
        return OutputCheck(payload: payload, leaves: leaves, contenders: outputs.map(\.contender),
                           dialects: outputs.map(\.dialect.rawValue), mismatches: mismatches)
    }

    /// Where `actual` first differs from `expected`, with some context, or `nil` when equal.
    private static func difference(_ actual: [UInt8], from expected: [UInt8]) -> String? {
        guard actual != expected else { return nil }
        let offset = zip(actual, expected).prefix { $0 == $1 }.count
        let context = 40
        func excerpt(_ bytes: [UInt8]) -> String {
            let start = max(0, offset - context)
            let end = min(bytes.count, offset + context)
            return "…" + String(decoding: bytes[start..<end], as: UTF8.self) + "…"
        }
        return "first difference at byte \(offset) (lengths \(actual.count) and \(expected.count)): "
            + "got \(excerpt(actual)), expected \(excerpt(expected))"
    }
}
