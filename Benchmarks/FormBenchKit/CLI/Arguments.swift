import Foundation

/// The parsed command line.
struct Arguments: Equatable {
    /// `--quick`: the CI smoke settings.
    var quick = false
    /// `--filter`: substrings selecting measurements (repeatable, or comma-separated).
    var filters: [String] = []
    /// `--sizes`: payload sizes replacing the mode's, increasing.
    var sizes: [Int]?
    /// `--budget`: seconds one contender may spend at one size, replacing the mode's.
    var budgetSeconds: Double?
    /// `--output`: where results are written.
    var outputDirectory = "results"
    /// `--compare`: the results file to gate against.
    var baselinePath: String?
    /// `--threshold`: the tolerated worsening of a gate metric, in percent.
    var thresholdPercent = 25.0
    /// `--write-baseline`: also write `baseline.json`.
    var writeBaseline = false
    /// `--help`.
    var help = false
    /// `--payload`: sample files (JSON or form; `-` for standard input), in order.
    var payloads: [String] = []
    /// `--replicate`: the most copies of each sample measured.
    var replicate: Int?
    /// `--repeated-input`: every sample reads one input, rather than the next of K distinct ones.
    var repeatedInput = false

    /// The largest size accepted: beyond it a single payload would not fit in memory.
    static let maximumSize = 10_000_000

    /// The options that take no value.
    private static let flags: Set = ["--help", "-h", "--quick", "--write-baseline", "--repeated-input"]

    /// Parses the arguments after the program name. Options may be written `--name value` or
    /// `--name=value`.
    static func parse(_ arguments: [String]) throws(ArgumentError) -> Arguments {
        var parsed = Arguments()
        var thresholdGiven = false
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let (name, inlineValue) = split(argument)
            if inlineValue != nil && flags.contains(name) {
                throw ArgumentError(description: "\(name) takes no value")
            }
            func value() throws(ArgumentError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst(), !next.hasPrefix("--") else {
                    throw ArgumentError(description: "\(name) needs a value")
                }
                return next
            }
            switch name {
            case "--help", "-h": parsed.help = true
            case "--quick": parsed.quick = true
            case "--write-baseline": parsed.writeBaseline = true
            case "--repeated-input": parsed.repeatedInput = true
            case "--filter": parsed.filters += try filters(try value())
            case "--payload": parsed.payloads.append(try nonEmpty(try value(), of: name))
            case "--replicate":
                let text = try value()
                guard let copies = Int(text.replacingOccurrences(of: "_", with: "")), (1...1_000_000).contains(copies) else {
                    throw ArgumentError(description: "--replicate takes a whole number from 1 to 1,000,000, not '\(text)'")
                }
                parsed.replicate = copies
            case "--sizes": parsed.sizes = try sizes(try value())
            case "--budget": parsed.budgetSeconds = try positive(try value(), of: name)
            case "--output": parsed.outputDirectory = try nonEmpty(try value(), of: name)
            case "--compare": parsed.baselinePath = try nonEmpty(try value(), of: name)
            case "--threshold":
                parsed.thresholdPercent = try positive(try value(), of: name, allowingZero: true)
                thresholdGiven = true
            default:
                throw ArgumentError(description: name.hasPrefix("-") ? "unknown option \(name)" : "unexpected argument \(name)")
            }
        }
        if thresholdGiven && parsed.baselinePath == nil {
            throw ArgumentError(description: "--threshold only applies with --compare BASELINE.json")
        }
        return parsed
    }

    /// `--name=value` as (`--name`, `value`); anything else as (argument, nil).
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private static func filters(_ text: String) throws(ArgumentError) -> [String] {
        let filters = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !filters.isEmpty else { throw ArgumentError(description: "--filter needs at least one substring") }
        return filters
    }

    private static func sizes(_ text: String) throws(ArgumentError) -> [Int] {
        var sizes: [Int] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let digits = item.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: "")
            guard let size = Int(digits), (1...maximumSize).contains(size) else {
                throw ArgumentError(description: "--sizes takes comma-separated whole numbers from 1 to "
                    + "\(Format.grouped(maximumSize)), not '\(item)'")
            }
            sizes.append(size)
        }
        return Array(Set(sizes)).sorted()
    }

    private static func positive(_ text: String, of name: String, allowingZero: Bool = false) throws(ArgumentError) -> Double {
        guard let number = Double(text), number.isFinite, number > 0 || (allowingZero && number == 0) else {
            throw ArgumentError(description: "\(name) takes a \(allowingZero ? "non-negative" : "positive") number, not '\(text)'")
        }
        return number
    }

    private static func nonEmpty(_ text: String, of name: String) throws(ArgumentError) -> String {
        guard !text.isEmpty else { throw ArgumentError(description: "\(name) needs a non-empty value") }
        return text
    }
}
