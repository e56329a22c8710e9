/// The run's results as a Markdown page (`summary.md`), with the chart beside it.
enum MarkdownReport {
    static func render(_ document: ResultsDocument, chartFileName: String) -> String {
        var lines = ["# formbench results", ""] + ReportHeader.lines(for: document).map { "- \($0)" }
        lines += ["", "Payloads:", ""] + document.orderedPayloads.map { "- **\($0)**: \(document.payloads[$0] ?? "")" }
        lines += ["", "![Median time per encode against payload size, log–log](\(chartFileName))"]
        for table in ReportTables.all(for: document) {
            lines += ["", "## \(table.title)", ""] + markdown(table)
            if !table.footer.isEmpty {
                lines += [""] + table.footer.map { $0.hasPrefix("  ") ? "- " + escaped(String($0.drop { $0 == " " || $0 == "•" })) : escaped($0) }
            }
        }
        for (payload, notes) in ReportTables.approximations(of: document) {
            lines += ["", "## What the figures of \(escaped(payload)) approximate", ""] + notes.map { "- \(escaped($0))" }
        }
        let problems = document.problems
        if !problems.isEmpty {
            lines += ["", "## Problems", ""] + problems.map { "- ✗ \(escaped($0))" }
        }
        lines += ["", "What each figure means, and how to run and gate: `Benchmarks/README.md`."]
        return lines.joined(separator: "\n") + "\n"
    }

    /// A pipe table; a note row puts its note in the first cell after its leading cells.
    private static func markdown(_ table: Table) -> [String] {
        func line(_ cells: [String]) -> String {
            "| " + cells.map(escaped).joined(separator: " | ") + " |"
        }
        let rule = "|" + table.columns.map { $0.alignment == .left ? " :--- |" : " ---: |" }.joined()
        let rows = table.rows.map { row -> String in
            switch row {
            case let .cells(cells):
                return line(cells)
            case let .note(leading, text):
                let blanks = Array(repeating: "", count: max(0, table.columns.count - leading.count - 1))
                return line(leading + ["*\(text)*"] + blanks)
            }
        }
        return [line(table.columns.map(\.title)), rule] + rows
    }

    /// `text` with the characters that would break a table cell or start markup escaped.
    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "*", with: "\\*")
    }
}
