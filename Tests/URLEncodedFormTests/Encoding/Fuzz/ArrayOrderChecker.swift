import Foundation

/// Checks what `sortsArrayElements: false` promises on fuzz cases, with no encoder that has the
/// option to compare against: with `alphabetizeKeyValuePairs`, the output
/// 1. holds the same multiset of `&`-separated pairs as the unsorted output (the reference's);
/// 2. at every object level, holds the children's segments sorted as Alamofire sorts them
///    (`String`'s `<` on each child's whole text);
/// 3. at every array level, holds the elements' segments in index order.
///
/// Every level's segments are contiguous (each is its child's whole text, as Alamofire joins
/// them), so 2 and 3 fix the text given the tree: the checker reads the tree's shape from the
/// reference (`FormShape`), takes each leaf's pair from the unsorted output, builds the text 2
/// and 3 describe and compares it byte for byte. Where pairs hold an `&` (the allowed characters
/// let it through), they cannot be told apart and only 1 is checked.
enum ArrayOrderChecker {
    /// What one case showed.
    enum Verdict {
        /// A property does not hold.
        case violated(ArrayOrderViolation)
        /// The encoding threw, as the unsorted one does.
        case threw
        /// Only the multiset of pairs was checked.
        case pairsChecked
        /// Everything was checked; `arraysMatter` when sorting arrays too would give other text.
        case checked(arraysMatter: Bool)
    }

    /// The options the checker encodes `fuzzCase` with: its own, sorting on.
    private static func options(of fuzzCase: FuzzCase) -> FormOptions {
        var options = fuzzCase.options.formOptions
        options.alphabetizeKeyValuePairs = true
        return options
    }

    /// Checks `subject`'s encoding of `fuzzCase` (with `options(of:)`), which should keep arrays in
    /// order: the property it breaks, or how the case was checked.
    static func check(_ subject: FuzzSubject, on fuzzCase: FuzzCase) -> Verdict {
        let options = options(of: fuzzCase)
        var unsortedOptions = options
        unsortedOptions.alphabetizeKeyValuePairs = false
        let outcome = subject.encode(FuzzEncodable(value: fuzzCase.value, log: FuzzLog()), options)
        let unsorted = Contender.reference.outcome(FuzzEncodable(value: fuzzCase.value, log: FuzzLog()), unsortedOptions)
        func violation(_ property: ArrayOrderViolation.Property, _ detail: String) -> Verdict {
            .violated(ArrayOrderViolation(fuzzCase: fuzzCase, property: property, subject: subject.name, outcome: outcome, detail: detail))
        }

        guard case let .output(text) = outcome, case let .output(unsortedText) = unsorted else {
            return outcome == unsorted ? .threw : violation(.sameOutcome, "the unsorted encoding gives \(unsorted)")
        }
        guard pairs(of: text) == pairs(of: unsortedText) else {
            return violation(.samePairs, "unsorted: \(FuzzMismatch.clipped(unsortedText))")
        }

        let shape: FormShape
        let unsortedPairs = unsortedText.isEmpty ? [] : unsortedText.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        do {
            guard let (root, leafCount) = try FormShape.read(fuzzCase.value, options: options) else {
                return violation(.harness, "the spelled encoding throws where the unsorted one does not")
            }
            // Every pair is one part at least; more parts than leaves when some hold an `&`,
            // which only allowed characters let through.
            if leafCount < unsortedPairs.count, case let .set(allowed) = options.allowedCharacters, allowed.contains("&") {
                return .pairsChecked
            }
            guard leafCount == unsortedPairs.count else {
                return violation(.harness, "\(leafCount) leaves for \(unsortedPairs.count) pairs")
            }
            shape = root
        } catch {
            return violation(.harness, "the tree's shape does not read back: \(error)")
        }
        func expected(sortsObjects: Bool = true, sortsArrays: Bool = false) -> String {
            shape.text(pairs: unsortedPairs, sortsObjects: sortsObjects, sortsArrays: sortsArrays)
        }
        let inOrder = expected()
        guard !text.utf8.elementsEqual(inOrder.utf8) else {
            return .checked(arraysMatter: !inOrder.utf8.elementsEqual(expected(sortsArrays: true).utf8))
        }
        // Which property the text breaks, when it is the text of another order.
        let property: ArrayOrderViolation.Property = if text.utf8.elementsEqual(expected(sortsArrays: true).utf8) {
            .arrayOrder
        } else if text.utf8.elementsEqual(expected(sortsObjects: false).utf8) {
            .objectOrder
        } else {
            .order
        }
        let offset = zip(text.utf8, inOrder.utf8).prefix { $0 == $1 }.count
        return violation(property, "expected \(FuzzMismatch.clipped(inOrder)), first difference at byte \(offset)")
    }

    /// The `&`-separated parts of `text`, as a sorted multiset of bytes.
    private static func pairs(of text: String) -> [[UInt8]] {
        text.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false).map(Array.init)
            .sorted { $0.lexicographicallyPrecedes($1) }
    }
}

/// A case on which an encoding that should keep arrays in order broke one of the properties.
struct ArrayOrderViolation: SeededMismatch {
    enum Property: String {
        case sameOutcome = "throws (or not) as the unsorted encoding does"
        case samePairs = "(1) the pairs of the unsorted text"
        case objectOrder = "(2) objects sorted as Alamofire sorts them"
        case arrayOrder = "(3) arrays in index order"
        case order = "(2) and (3): the order of levels"
        case harness = "the checker reads the case"
    }

    let fuzzCase: FuzzCase
    let property: Property
    let subject: String
    let outcome: Outcome
    let detail: String

    var seedText: String { fuzzCase.seedText }

    var description: String {
        let replay = "SWIFT_DETERMINISTIC_HASHING=1 FUZZ_SEED=\(fuzzCase.seedText) swift test --filter ArrayOrderPropertyTests"
        return ["\(subject) breaks \"\(property.rawValue)\" on seed \(fuzzCase.seedText) (replay: \(replay))",
                "options \(fuzzCase.options), run with alphabetizeKeyValuePairs=true",
                "output: \(FuzzMismatch.clipped(outcome.description))",
                detail,
                "value \(FuzzMismatch.clipped(fuzzCase.value.description, to: 6000))"].joined(separator: "\n")
    }
}

/// A run of `ArrayOrderChecker` over seeded cases: its violations, and how its cases were
/// checked, to show that the check was not vacuous.
struct ArrayOrderRun: CustomStringConvertible {
    private(set) var report: FuzzReport<ArrayOrderViolation>
    /// Cases whose encodings threw alike.
    private(set) var threw = 0
    /// Cases of which only the multiset of pairs was checked.
    private(set) var pairsChecked = 0
    /// Cases checked in full.
    private(set) var checked = 0
    /// Cases checked in full whose text sorting arrays would change.
    private(set) var arraysMatter = 0

    /// Checks `subject` on every seed, going on past violations and keeping the first
    /// `detailLimit` in full; with `trace`, each seed is printed before its case runs.
    init(_ subject: FuzzSubject, seeds: some Sequence<UInt64>, detailLimit: Int = 10, trace: Bool = false) {
        report = FuzzReport(subjects: (subject.name, "properties of arrays in order"), detailLimit: detailLimit)
        for seed in seeds {
            if trace { print("fuzz case seed " + FuzzCase.text(forSeed: seed)) }
            let verdict = ArrayOrderChecker.check(subject, on: FuzzCase(seed: seed))
            if case let .violated(violation) = verdict {
                report.add(violation)
                continue
            }
            report.add(nil)
            switch verdict {
            case .violated: break
            case .threw: threw += 1
            case .pairsChecked: pairsChecked += 1
            case let .checked(arraysMatter):
                checked += 1
                self.arraysMatter += arraysMatter ? 1 : 0
            }
        }
    }

    var description: String {
        "\(report); checked in full \(checked) (sorting arrays would change \(arraysMatter)), pairs only \(pairsChecked), threw \(threw)"
    }
}
