import Foundation

/// Writes a run's results into the output directory.
struct ResultsWriter {
    static let latestFileName = "latest.json"
    static let baselineFileName = "baseline.json"
    static let summaryFileName = "summary.md"
    static let chartFileName = "time-vs-n.svg"

    /// The directory written to; created when missing.
    let directory: URL

    /// Creates the directory when missing.
    func prepare() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// Writes `latest.json`, `summary.md` and `time-vs-n.svg` when `reports` is set, and
    /// `baseline.json` when `baseline` is; returns the paths written.
    func write(_ document: ResultsDocument, contenders: [ContenderKey], reports: Bool, baseline: Bool) throws -> [String] {
        try prepare()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Never expected (all figures are finite), but a non-finite number must not abort the write.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let json = try encoder.encode(document) + Data("\n".utf8)
        var files: [(String, Data)] = []
        if reports {
            files.append((Self.latestFileName, json))
            files.append((Self.summaryFileName, Data(MarkdownReport.render(document, chartFileName: Self.chartFileName).utf8)))
            files.append((Self.chartFileName, Data(SVGChart.render(document.scaling, contenders: contenders).utf8)))
        }
        if baseline {
            files.append((Self.baselineFileName, json))
        }
        return try files.map { name, data in
            let url = directory.appendingPathComponent(name)
            try data.write(to: url, options: .atomic)
            return url.path
        }
    }
}
