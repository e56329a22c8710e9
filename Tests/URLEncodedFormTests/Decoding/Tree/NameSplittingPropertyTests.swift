import FormBenchCore
import Foundation
import Testing
import URLEncodedForm

/// Two ways the decoder reads a name, which must agree on every valid form: under
/// `InvalidInputPolicy.throw` a name is split as sent (`%5B` and `[` both open a segment, a
/// segment sent plain stays in the input, an escaped one is unescaped on its own), and under
/// `.whatwg` it is unescaped whole first and then split. Random forms whose names mix
/// brackets, dots, spaces and non-ASCII text, each byte sent plain or escaped (either case),
/// read to the same tree or the same error under both, with brackets and with dots.
///
/// Seeded and replayable as the other fuzzers: `FUZZ_CASES=n`, `FUZZ_SEED=0x…`, `FUZZ_BASE=…`.
struct NameSplittingPropertyTests {
    /// Pieces of names: text, the grammar's bytes, and paths that fit it.
    private static let pieces = ["a", "b", "é", " ", "_", "[", "]", ".", "[]", "[x]", "[0]", "[y.z]", ".w"]

    /// One case: a form of one to six pairs.
    static func form(seed: UInt64) -> String {
        var rng = SplitMix64(seed: seed)
        return (0 ..< Int.random(in: 1 ... 6, using: &rng)).map { _ in
            let name = (0 ..< Int.random(in: 1 ... 6, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            return send(name, using: &rng) + "=" + send("v \(Int.random(in: 0 ... 9, using: &rng))", using: &rng)
        }.joined(separator: "&")
    }

    /// `text` as a form may send it: each byte plain where it can be, or `%XX` in either case,
    /// a space also as `+`.
    private static func send(_ text: String, using rng: inout SplitMix64) -> String {
        // Non-ASCII text is escaped whole or sent whole: a character half escaped and half raw
        // is not UTF-8 to the WHATWG reading, which repairs it byte by byte.
        var sent = ""
        for character in text {
            let choice = Int.random(in: 0 ..< 4, using: &rng)
            if character == " " && choice == 0 {
                sent += "+"
            } else if choice <= 1 && character != " " {
                sent.append(character)
            } else {
                for byte in character.utf8 {
                    sent += "%" + String(byte, radix: 16, uppercase: choice == 2).leftPadded
                }
            }
        }
        return sent
    }

    /// What `decoder` reads from `form`: the tree, or the input error.
    static func outcome(of form: String, _ decoder: URLEncodedFormDecoder) -> String {
        do {
            return "\(Form(try decoder.parameters(from: form)))"
        } catch let DecodingError.dataCorrupted(context) {
            return "error \(String(describing: context.underlyingError))"
        } catch {
            return "\(error)"
        }
    }

    /// A difference between the two readings of the seed's form, if any; `sentMutated` changes
    /// what the split-as-sent reading is given (the planted defects).
    static func difference(seed: UInt64, sentMutated mutate: (String) -> String = { $0 }) -> String? {
        let form = form(seed: seed)
        for keyPaths in [URLEncodedFormDecoder.KeyPathDecoding.brackets, .dots] {
            let limits = URLEncodedFormDecoder.Limits(maximumDepth: 3)
            let asSent = outcome(of: mutate(form), URLEncodedFormDecoder(keyPathDecoding: keyPaths, limits: limits))
            let unescapedFirst = outcome(of: form, URLEncodedFormDecoder(keyPathDecoding: keyPaths, invalidInput: .whatwg, limits: limits))
            if asSent != unescapedFirst {
                return "FUZZ_SEED=0x\(String(seed, radix: 16)) \(keyPaths): \(form)\n  split as sent:    \(asSent)\n  unescaped first:  \(unescapedFirst)"
            }
        }
        return nil
    }

    @Test func namesSplitAsSentReadAsNamesUnescapedFirst() {
        FuzzConfiguration(defaultCases: 3_000).expectNoDifference { Self.difference(seed: $0) }
    }

    /// Splitters with a defect, as the form they would in effect read: caught in a few hundred
    /// forms each.
    enum PlantedDefect: CaseIterable {
        case escapedOpenerIsText, escapedCloserIsText, lowerCaseEscapesAreText, escapedDotIsText, plusIsNotASpace

        func apply(_ form: String) -> String {
            switch self {
            case .escapedOpenerIsText: return form.replacingOccurrences(of: "%5B", with: "%5C").replacingOccurrences(of: "%5b", with: "%5c")
            case .escapedCloserIsText: return form.replacingOccurrences(of: "%5D", with: "%5E").replacingOccurrences(of: "%5d", with: "%5e")
            case .lowerCaseEscapesAreText: return form.replacingOccurrences(of: "%5b", with: "%5c").replacingOccurrences(of: "%2e", with: "%2f")
            case .escapedDotIsText: return form.replacingOccurrences(of: "%2E", with: "%2F").replacingOccurrences(of: "%2e", with: "%2f")
            case .plusIsNotASpace: return form.replacingOccurrences(of: "+", with: "%2B")
            }
        }
    }

    @Test(arguments: PlantedDefect.allCases)
    func plantedDefectsAreCaught(_ defect: PlantedDefect) {
        let caught = FuzzConfiguration(defaultCases: 400, environment: [:]).seeds.contains {
            Self.difference(seed: $0, sentMutated: defect.apply) != nil
        }
        #expect(caught, "\(defect) went unnoticed in 400 forms")
    }
}

private extension String {
    /// Two hexadecimal digits.
    var leftPadded: String { count == 1 ? "0" + self : self }
}
