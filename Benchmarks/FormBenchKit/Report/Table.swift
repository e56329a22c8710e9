/// A titled table of formatted cells: the one model the console and Markdown reports render.
struct Table {
    /// How a column's cells line up.
    enum Alignment {
        case left
        case right
    }

    /// A column heading and its alignment.
    struct Column {
        let title: String
        let alignment: Alignment

        static func left(_ title: String) -> Column { Column(title: title, alignment: .left) }
        static func right(_ title: String) -> Column { Column(title: title, alignment: .right) }
    }

    /// A row: a cell per column, or leading cells followed by a note spanning the rest (for
    /// skipped and failed measurements).
    enum Row {
        case cells([String])
        case note(leading: [String], text: String)

        /// The cells that sit in columns: all of them, or those before the note.
        var leadingCells: [String] {
            switch self {
            case let .cells(cells): return cells
            case let .note(leading, _): return leading
            }
        }
    }

    let title: String
    let columns: [Column]
    var rows: [Row] = []
    /// Lines of text after the rows (a recommendation, a comparison in words).
    var footer: [String] = []
}
