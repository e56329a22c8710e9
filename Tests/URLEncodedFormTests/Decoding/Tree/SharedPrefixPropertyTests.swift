import FormBenchCore
import Foundation
import Testing
import URLEncodedForm

/// A name that repeats the previous name up to a `]` takes over that name's segments, and the
/// hashes it went through, instead of splitting and following them again (README's
/// architecture page, "Decoding"). Taking over must read exactly what reading the name alone
/// reads: random forms whose names repeat the previous name whole (an array's elements, which
/// append where the last one did) or grow from a cut of it (mostly just past a `]`, plain or
/// escaped) by keys, indices, appends, dots and malformed pieces read to the same
/// tree or error as the same form with an unrelated plain pair between every two pairs, which
/// leaves nothing to take over. Under brackets and dots, both invalid-input policies, and a
/// depth limit that some names pass.
///
/// Seeded and replayable as the other fuzzers: `FUZZ_CASES=n`, `FUZZ_SEED=0x…`, `FUZZ_BASE=…`.
struct SharedPrefixPropertyTests {
    private static let openers = ["[", "%5B", "%5b"]
    private static let closers = ["]", "%5D", "%5d"]
    private static let keys = ["", "", "0", "1", "10", "k", "id", "\u{E9}", "%41", "a+b", "x.y", "%2E", "[", "]"]
    /// A base of 64 bytes or more makes names the scanner compares with the next, whose shared
    /// length it hands to the splitter (`FormPair.sharedNameLength`); so does a shorter escaped
    /// name that the next begins with, whole.
    private static let bases = ["a", "b", "items", "a.b", "%61", "", String(repeating: "long", count: 16),
                                String(repeating: "%6C", count: 24)]

    /// The key of the pair put between every two pairs: no generated name holds it.
    private static let separatorKey = "~"

    /// One case: a form of one to twelve pairs, each name grown from a cut of the one before.
    static func form(seed: UInt64) -> String {
        var rng = SplitMix64(seed: seed)
        var previous = ""
        var pairs: [String] = []
        for _ in 0 ..< Int.random(in: 1 ... 12, using: &rng) {
            // Now and then the last name again, whole: an array's elements (`a[]=1&a[]=2`)
            // append to the array the last one did.
            let repeats = Int.random(in: 0 ..< 6, using: &rng) == 0
            var name = repeats ? previous
                : Int.random(in: 0 ..< 5, using: &rng) == 0 ? bases.randomElement(using: &rng)! : cut(previous, using: &rng)
            for _ in 0 ..< (repeats ? 0 : Int.random(in: 0 ... 3, using: &rng)) {
                switch Int.random(in: 0 ..< 20, using: &rng) {
                case 0 ..< 15: name += openers.randomElement(using: &rng)! + keys.randomElement(using: &rng)! + closers.randomElement(using: &rng)!
                case 15 ..< 17: name += "." + keys.randomElement(using: &rng)!
                case 17: name += keys.randomElement(using: &rng)!
                default: name += (openers + closers).randomElement(using: &rng)!
                }
            }
            previous = name
            pairs.append(Int.random(in: 0 ..< 10, using: &rng) == 0 ? name : name + "=" + ["1", "v", ""].randomElement(using: &rng)!)
        }
        return pairs.joined(separator: "&")
    }

    /// `name` cut just past one of its closing brackets (plain or escaped), or anywhere outside
    /// an escape or a character.
    private static func cut(_ name: String, using rng: inout SplitMix64) -> String {
        let scalars = Array(name.unicodeScalars)
        var closings: [Int] = []
        var cuts = [0]
        var index = 0
        while index < scalars.count {
            let width = scalars[index] == "%" ? 3 : 1
            index += width
            cuts.append(index)
            if scalars[index - 1] == "]" || (width == 3 && String(String.UnicodeScalarView(scalars[index - 2 ..< index])).lowercased() == "5d") {
                closings.append(index)
            }
        }
        let end = Int.random(in: 0 ..< 5, using: &rng) > 0 && !closings.isEmpty ? closings.randomElement(using: &rng)! : cuts.randomElement(using: &rng)!
        return String(String.UnicodeScalarView(scalars[..<end]))
    }

    /// What `decoder` reads from `form`, without the separator's key.
    static func outcome(of form: String, _ decoder: URLEncodedFormDecoder) -> String {
        do {
            var parameters = try decoder.parameters(from: form)
            parameters[separatorKey] = nil
            return "\(Form(parameters))"
        } catch let DecodingError.dataCorrupted(context) {
            return "error \(String(describing: context.underlyingError))"
        } catch {
            return "\(error)"
        }
    }

    /// A difference between reading the seed's form and reading it with a separating pair
    /// between every two pairs, if any.
    static func difference(seed: UInt64) -> String? {
        let form = form(seed: seed)
        let separated = form.split(separator: "&", omittingEmptySubsequences: false).joined(separator: "&\(separatorKey)=&")
        for keyPaths in [URLEncodedFormDecoder.KeyPathDecoding.brackets, .dots] {
            for policy in [URLEncodedFormDecoder.InvalidInputPolicy.throw, .whatwg] {
                let decoder = URLEncodedFormDecoder(keyPathDecoding: keyPaths, invalidInput: policy, limits: .init(maximumDepth: 4))
                let together = outcome(of: form, decoder)
                let apart = outcome(of: separated, decoder)
                if together != apart {
                    return "FUZZ_SEED=0x\(String(seed, radix: 16)) \(keyPaths) \(policy): \(form)\n  together: \(together)\n  apart:    \(apart)"
                }
            }
        }
        return nil
    }

    @Test func namesThatRepeatThePreviousNameReadAsTheyReadAlone() {
        FuzzConfiguration(defaultCases: 3_000).expectNoDifference { Self.difference(seed: $0) }
    }

    /// The scanner hands the splitter the length two names share up to 2¹⁵ − 1 bytes; past it,
    /// the splitter compares them itself.
    @Test func namesSharingMoreThanThirtyTwoKilobytesReadAsTheyReadAlone() throws {
        for length in [32_766, 32_767, 32_768, 40_000] {
            let base = String(repeating: "k", count: length)
            let form = "\(base)%5Ba%5D=1&\(base)%5Bb%5D=2&\(base)%5Bb%5D%5Bc%5D=3"
            let separated = "\(base)%5Ba%5D=1&~=&\(base)%5Bb%5D=2&~=&\(base)%5Bb%5D%5Bc%5D=3"
            let decoder = URLEncodedFormDecoder(limits: .init(maximumDepth: 4))
            #expect(Self.outcome(of: form, decoder) == Self.outcome(of: separated, decoder), "\(length)")
            let parameters = try decoder.parameters(from: "\(base)%5Ba%5D=1&\(base)%5Bb%5D=2")
            #expect(Form(parameters) == .hash([base: .hash(["a": .value("1"), "b": .value("2")])]), "\(length)")
        }
    }

    /// The generator reaches what the property is about: names taken over at every depth, and
    /// appends right after a taken-over key (`a[b][x]` then `a[b][]`), under each outcome.
    @Test func theFormsRepeatPrefixesAndReachTreesAndErrors() {
        let forms = FuzzConfiguration(defaultCases: 3_000, environment: [:]).seeds.map { Self.form(seed: $0) }
        let outcomes = forms.map { Self.outcome(of: $0, URLEncodedFormDecoder(limits: .init(maximumDepth: 4))) }
        #expect(forms.filter { $0.contains("%5D%5B") || $0.contains("][") }.count > 1_000)
        #expect(forms.filter { $0.contains("][]") }.count > 100)
        // Names of 64 bytes and more one after another, which the scanner compares.
        #expect(forms.filter { form in
            let names = form.split(separator: "&").map { $0.prefix { $0 != "=" } }
            return zip(names, names.dropFirst()).contains { $0.utf8.count >= 64 && $1.utf8.count >= 64 }
        }.count > 300)
        // Shorter escaped names that begin with the whole name before them, which the scanner
        // takes over too.
        #expect(forms.filter { form in
            let names = form.split(separator: "&").map { $0.prefix { $0 != "=" } }
            return zip(names, names.dropFirst()).contains { $0.utf8.count < 64 && $0.contains("%") && $1.hasPrefix($0) }
        }.count > 300)
        // The same name twice in a row, ending in an append, which adds to the array the last
        // one did.
        #expect(forms.filter { form in
            let names = form.split(separator: "&").map { $0.prefix { $0 != "=" } }
            return zip(names, names.dropFirst()).contains { $0 == $1 && ($0.hasSuffix("[]") || $0.lowercased().hasSuffix("%5b%5d")) }
        }.count > 100)
        #expect(outcomes.filter { !$0.hasPrefix("error") }.count > 1_000)
        #expect(outcomes.filter { $0.contains("sent in two shapes") }.count > 50)
        #expect(outcomes.filter { $0.contains("key-path segments") }.count > 50)
        #expect(outcomes.filter { $0.contains("Invalid") }.isEmpty)
    }
}
