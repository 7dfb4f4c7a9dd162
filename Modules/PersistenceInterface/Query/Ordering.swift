/// One sort key of a query: a column, ascending or descending.
public struct Ordering: Sendable, Hashable {
    /// The column sorted on.
    public let column: Column
    /// Whether smaller values come first.
    public let ascending: Bool

    /// A sort key on `column`.
    public init(_ column: Column, ascending: Bool = true) {
        self.column = column
        self.ascending = ascending
    }
}
