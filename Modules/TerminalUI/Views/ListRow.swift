/// One row of a list: its text in one or more columns.
public struct ListRow: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The text of each column, left to right.
    public var columns: [String]

    /// A row of `columns`.
    public init(_ columns: String...) {
        self.columns = columns
    }

    /// A row of `columns`.
    public init(columns: [String]) {
        self.columns = columns
    }

    /// A row with one column.
    public init(stringLiteral value: String) {
        self.columns = [value]
    }
}

/// How a list lays out one column of its rows.
public struct ListColumn: Hashable, Sendable {
    /// How wide a column is.
    public enum Width: Hashable, Sendable {
        /// Exactly this many cells.
        case fixed(Int)
        /// As wide as the widest text in the column, over all rows.
        case fit
        /// Whatever the other columns leave (shared by all flexible columns).
        case flexible
    }

    /// How wide the column is.
    public var width: Width
    /// Where text sits in the column.
    public var alignment: TextAlignment

    /// A column.
    public init(width: Width = .fit, alignment: TextAlignment = .left) {
        self.width = width
        self.alignment = alignment
    }

    /// The default for column `index` when a list names none: the first flexible and flush left,
    /// the others as wide as their text and flush right (names, then numbers).
    static func standard(at index: Int) -> ListColumn {
        index == 0 ? ListColumn(width: .flexible, alignment: .left) : ListColumn(width: .fit, alignment: .right)
    }
}
