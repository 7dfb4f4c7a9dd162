import TerminalUI

/// Rows in aligned columns for a command's text output, as `bistro menu list` prints them: a bold
/// header, two spaces between columns, each column as wide as its widest cell in terminal cells
/// (a Hangul syllable takes two), the last column unpadded and no line ending in spaces.
///
/// Cells are shown, never sent: a cell that came from outside (a server, a file) has its control
/// characters made visible. Put text whose width varies most (names, addresses) last, so it
/// cannot push the columns after it out of line.
public struct TextTable: Sendable {
    /// How a column's cells stand in its width.
    public enum Alignment: Sendable {
        /// Text: padded on the right.
        case left
        /// Numbers and amounts: padded on the left.
        case right
    }

    /// A column: its header and alignment.
    public struct Column: Sendable {
        /// The header, such as `PRICE`.
        public var title: String
        /// How its cells stand.
        public var alignment: Alignment

        /// A column titled `title`.
        public init(_ title: String, alignment: Alignment = .left) {
            self.title = title
            self.alignment = alignment
        }
    }

    /// The columns, in order.
    public var columns: [Column]

    /// A table of `columns`.
    public init(_ columns: [Column]) {
        self.columns = columns
    }

    /// The header and `rows`, one line each; a row with fewer cells than columns is filled with
    /// empty ones.
    public func text(_ rows: [[String]], style: ConsoleStyle) -> String {
        let cells = rows.map { row in columns.indices.map { $0 < row.count ? row[$0].sanitizedForTerminal : "" } }
        let widths = columns.indices.map { index in
            ([columns[index].title] + cells.map { $0[index] }).map(\.terminalWidth).max() ?? 0
        }
        func line(_ row: [String]) -> String {
            row.indices.map { index in
                let cell = row[index]
                guard index < row.count - 1 else {
                    return columns[index].alignment == .right ? pad(cell, to: widths[index], left: true) : cell
                }
                return pad(cell, to: widths[index], left: columns[index].alignment == .right)
            }
            .joined(separator: "  ")
            .trimmingSuffix(while: { $0 == " " })
        }
        return ([style.bold(line(columns.map(\.title)))] + cells.map(line)).joined(separator: "\n")
    }

    private func pad(_ cell: String, to width: Int, left: Bool) -> String {
        let padding = String(repeating: " ", count: max(0, width - cell.terminalWidth))
        return left ? padding + cell : cell + padding
    }
}

extension String {
    /// The string without the characters at its end that `predicate` accepts.
    fileprivate func trimmingSuffix(while predicate: (Character) -> Bool) -> String {
        var end = endIndex
        while end > startIndex, predicate(self[index(before: end)]) { end = index(before: end) }
        return String(self[..<end])
    }
}
