import FormBenchCore
import Foundation
import Testing
import URLEncodedForm

/// A name that repeats the previous name up to a `]` takes over that name's segments, and the
/// hashes it went through, instead of splitting and following them again (README's
/// architecture page, "Decoding"); one that is the previous name but for its last key sets its
/// value in the hash the last one's went in. Taking over must read exactly what reading the
/// name alone reads: random forms whose names repeat the previous name whole (an array's
/// elements, which append where the last one did), swap its last key for another (a sibling),
/// or grow from a cut of it (mostly just past a `]`, plain or escaped) by keys, indices,
/// appends, dots and malformed pieces read to the same tree or error as the same form with an
/// unrelated plain pair between every two pairs, which leaves nothing to take over. Under
/// brackets and dots, both invalid-input policies, and a depth limit that some names pass.
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
            var name: String
            var additions = repeats ? 0 : Int.random(in: 0 ... 3, using: &rng)
            switch Int.random(in: 0 ..< 20, using: &rng) {
            case _ where repeats: name = previous
            case 0 ..< 4: name = bases.randomElement(using: &rng)!
            case 4 ..< 9:
                // A sibling: the last key swapped for another (or the same), whatever came
                // before it (keys, appends, dots), mostly with nothing after it.
                name = cut(previous, atLastOpener: true, using: &rng) + keys.randomElement(using: &rng)! + closers.randomElement(using: &rng)!
                additions = Int.random(in: 0 ..< 4, using: &rng) == 0 ? additions : 0
            default: name = cut(previous, using: &rng)
            }
            for _ in 0 ..< additions {
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
        // Half the forms end in a separator pair of 40 bytes, so that the scanner has the 32
        // bytes its block reads after every name, and measures what short escaped names share
        // (`FormPair.sharedNameLength`); the other half leave most names without them.
        if Int.random(in: 0 ..< 2, using: &rng) == 0 { pairs.append(separatorKey + "=" + String(repeating: "0", count: 38)) }
        return pairs.joined(separator: "&")
    }

    /// `name` cut just past one of its closing brackets (plain or escaped), or anywhere outside
    /// an escape or a character; `atLastOpener`, just past its last opening bracket, where it
    /// has one.
    private static func cut(_ name: String, atLastOpener: Bool = false, using rng: inout SplitMix64) -> String {
        let scalars = Array(name.unicodeScalars)
        var closings: [Int] = []
        var lastOpening: Int?
        var cuts = [0]
        var index = 0
        while index < scalars.count {
            let width = scalars[index] == "%" ? 3 : 1
            index += width
            cuts.append(index)
            let escaped = width == 3 ? String(String.UnicodeScalarView(scalars[index - 2 ..< index])).lowercased() : ""
            if scalars[index - 1] == "]" || escaped == "5d" { closings.append(index) }
            if scalars[index - 1] == "[" || escaped == "5b" { lastOpening = index }
        }
        if atLastOpener, let lastOpening { return String(String.UnicodeScalarView(scalars[..<lastOpening])) }
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

    /// A sibling's key holds no opener, but the key it replaces may have: with dots, a `.`
    /// inside a bracket (`%2E`) counts towards the depth. A name that goes on past the sibling's
    /// `]` counts only the openers it has (the first version of the sibling's step kept the
    /// replaced key's, and read this name as too deep). Rack refuses the form for `k`, a value
    /// then a hash.
    @Test func aNameAfterASiblingCountsTheSiblingsOpenersNotTheReplacedKeys() {
        let form = "a.b%5B%2E%5D=1&a.b%5Bk%5D=v&a.b%5Bk%5D%5Bid%5D=1"
        let decoder = URLEncodedFormDecoder(keyPathDecoding: .dots, limits: .init(maximumDepth: 3))
        let outcome = Self.outcome(of: form, decoder)
        #expect(outcome.contains("sent in two shapes"), "\(outcome)")
        #expect(outcome == Self.outcome(of: "a.b%5B%2E%5D=1&~=&a.b%5Bk%5D=v&~=&a.b%5Bk%5D%5Bid%5D=1", decoder))
    }

    /// The name after a sibling resumes from the sibling, not from the name before it. The
    /// scanner measures what `a%5By%5D` shares with `a%5Bx\u{E9}%5D` (in one block of 32 bytes,
    /// which the padding pair leaves room for), and the sibling's step reads `y` alone; but the
    /// last name holds a byte beyond ASCII, which the block does not read, so the splitter
    /// measures what it shares with the name before it itself, and must find four bytes
    /// (`a%5B`, shared with the sibling), not the whole name, shared with the first. As Rack
    /// reads the form, the last `x\u{E9}` wins.
    @Test func aNameAfterASiblingResumesFromTheSibling() throws {
        let padding = String(repeating: "0", count: 40)
        let parameters = try URLEncodedFormDecoder().parameters(from: "a%5Bx\u{E9}%5D=1&a%5By%5D=2&a%5Bx\u{E9}%5D=3&pad=\(padding)")
        #expect(Form(parameters) == .hash(["a": .hash(["x\u{E9}": .value("3"), "y": .value("2")]), "pad": .value(padding)]))
    }

    /// A name that is the last one cut inside its last key (`a%5Bx` after `a%5Bxy%5D`) has no
    /// `]` after the key: no sibling, but a name that does not fit the grammar, one plain key
    /// (README, "Decoding forms"). The padding pair leaves the scanner room to measure what
    /// the names share.
    @Test func aNameCutInsideTheLastKeyIsNoSibling() throws {
        let padding = String(repeating: "0", count: 40)
        let parameters = try URLEncodedFormDecoder().parameters(from: "a%5Bxy%5D=1&a%5Bx=2&pad=\(padding)")
        #expect(Form(parameters) == .hash(["a": .hash(["xy": .value("1")]), "a[x": .value("2"), "pad": .value(padding)]))
    }

    /// Only a path through no `[]` sets a sibling's value beside the last: after `a[][x]`,
    /// `a[][x]` again starts a new element, as Rack reads it, where the last element has `x`.
    @Test func aSiblingAfterAnAppendGoesWhereRackPutsIt() throws {
        let parameters = try URLEncodedFormDecoder().parameters(from: "a%5B%5D%5Bx%5D=1&a%5B%5D%5By%5D=2&a%5B%5D%5Bx%5D=3")
        #expect(Form(parameters) == .hash(["a": .array([.hash(["x": .value("1"), "y": .value("2")]), .hash(["x": .value("3")])])]))
    }

    /// Whether `name` is `previous` with its last key, closed at its end, swapped for a key of
    /// letters and digits closed at the end.
    private static func isSibling(_ name: Substring, of previous: Substring) -> Bool {
        let closer = name.hasSuffix("]") ? 1 : name.lowercased().hasSuffix("%5d") ? 3 : 0
        guard closer > 0 else { return false }
        let body = name.dropLast(closer)
        let key = body.reversed().prefix { $0.isLetter || $0.isNumber }
        let opener = body.dropLast(key.count)
        guard !key.isEmpty, opener.hasSuffix("[") || opener.lowercased().hasSuffix("%5b") else { return false }
        return previous.hasPrefix(opener) && previous.count > opener.count
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
        // Siblings: the name before it but for its last key, closed at the end, where the name
        // before it went through an append or did not.
        let siblings = forms.filter { form in
            let names = form.split(separator: "&").map { Substring($0.prefix { $0 != "=" }) }
            return zip(names, names.dropFirst()).contains { Self.isSibling($1, of: $0) && $0.contains("%") }
        }
        #expect(siblings.count > 500)
        #expect(siblings.filter { $0.contains("[]") || $0.lowercased().contains("%5b%5d") }.count > 50)
        #expect(outcomes.filter { !$0.hasPrefix("error") }.count > 1_000)
        #expect(outcomes.filter { $0.contains("sent in two shapes") }.count > 50)
        #expect(outcomes.filter { $0.contains("key-path segments") }.count > 50)
        #expect(outcomes.filter { $0.contains("Invalid") }.isEmpty)
    }
}
