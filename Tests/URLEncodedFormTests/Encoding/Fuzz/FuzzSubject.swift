import URLEncodedForm

/// One side of a differential comparison: a named function that encodes a case's value with the
/// case's options. Usually a `Contender`; the meta tests plant deliberately wrong ones.
struct FuzzSubject {
    let name: String
    let encode: (FuzzEncodable, FormOptions) -> Outcome

    static func contender(_ contender: Contender) -> FuzzSubject {
        FuzzSubject(name: contender.rawValue) { value, options in contender.outcome(value, options) }
    }

    /// The optimized encoder through `encode(_:into:)`, which copies the text out piece by piece
    /// where the `String` result copies it whole: it appends after a prefix, which must stay as
    /// it was, and all of it when the encoding throws.
    static var optimizedAppendingToBytes: FuzzSubject {
        FuzzSubject(name: "optimized into [UInt8]") { value, options in
            let prefix = Array("prefix&".utf8)
            var buffer = prefix
            do {
                try OptimizedAdapter.encoder(options).encode(value, into: &buffer)
            } catch {
                return buffer == prefix ? .error(Contender.optimized.kind(of: error)) : .output("a throwing encode changed the buffer")
            }
            guard buffer.starts(with: prefix) else { return .output("the prefix was overwritten") }
            return .output(String(decoding: buffer.dropFirst(prefix.count), as: UTF8.self))
        }
    }

    /// The optimized encoder after it encoded the previous case's value and then this one: a
    /// reused encoder keeps the keys of its earlier encodings (and their escaped, ranked forms),
    /// which a fresh encoder per case never shows. The earlier encodings log elsewhere.
    static func optimizedReusingItsEncoder() -> FuzzSubject {
        let previous = PreviousValue()
        return FuzzSubject(name: "optimized, encoder reused") { value, options in
            let encoder = OptimizedAdapter.encoder(options)
            for earlier in [previous.value, value.value].compactMap({ $0 }) {
                let _: String? = try? encoder.encode(FuzzEncodable(value: earlier, log: FuzzLog()))
            }
            previous.value = value.value
            do {
                return .output(try encoder.encode(value))
            } catch {
                return .error(Contender.optimized.kind(of: error))
            }
        }
    }

    /// The value of the case before, for `optimizedReusingItsEncoder()`.
    private final class PreviousValue {
        var value: FuzzValue?
    }

    /// Encodes `fuzzCase` with a fresh log.
    func run(_ fuzzCase: FuzzCase) -> FuzzResult {
        let value = FuzzEncodable(value: fuzzCase.value, log: FuzzLog())
        let outcome = encode(value, fuzzCase.options.formOptions)
        return FuzzResult(outcome: outcome, observations: value.log.observations)
    }
}
