/// The run's results as aligned plain-text tables, for the terminal.
enum ConsoleReport {
    static func render(_ document: ResultsDocument) -> String {
        var lines = ReportHeader.lines(for: document)
        for table in ReportTables.all(for: document) {
            lines += ["", render(table)]
        }
        for (payload, notes) in ReportTables.approximations(of: document) {
            lines += ["", "What the figures of \(payload) approximate:"] + notes.map { "  · \($0)" }
        }
        let problems = document.problems
        if !problems.isEmpty {
            lines += ["", "PROBLEMS (\(problems.count)):"] + problems.map { "  ✗ \($0)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One table: its title, then its aligned lines.
    static func render(_ table: Table) -> String {
        ([table.title] + aligned(table) + table.footer).joined(separator: "\n")
    }

    /// The table's lines: heading, rule, rows; columns padded to their widest cell. A note row
    /// writes its note after its leading cells, across the remaining columns.
    private static func aligned(_ table: Table) -> [String] {
        var widths = table.columns.map(\.title.count)
        for row in table.rows {
            for (index, cell) in row.leadingCells.prefix(widths.count).enumerated() {
                widths[index] = max(widths[index], cell.count)
            }
        }
        func line(_ cells: [String]) -> String {
            cells.prefix(widths.count).enumerated().map { index, cell in
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                return table.columns[index].alignment == .left ? cell + padding : padding + cell
            }.joined(separator: "  ")
        }
        let heading = withoutTrailingSpaces(line(table.columns.map(\.title)))
        let rows = table.rows.map { row -> String in
            switch row {
            case let .cells(cells): return withoutTrailingSpaces(line(cells))
            case let .note(leading, text): return line(leading) + "  " + text
            }
        }
        return [heading, String(repeating: "─", count: heading.count)] + rows
    }

    private static func withoutTrailingSpaces(_ line: String) -> String {
        String(line.reversed().drop { $0 == " " }.reversed())
    }
}
