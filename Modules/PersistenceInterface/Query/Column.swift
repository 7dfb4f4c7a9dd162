/// A column named in a filter or an ordering: `Column("order")`.
public struct Column: Sendable, Hashable {
    /// The column name.
    public let name: String

    /// The column with this name.
    public init(_ name: String) {
        self.name = name
    }

    /// Ascending order on this column.
    public var asc: Ordering { Ordering(self, ascending: true) }

    /// Descending order on this column.
    public var desc: Ordering { Ordering(self, ascending: false) }

    /// Matches rows whose value is one of `values` (SQL `IN`).
    public func `in`<Value: DatabaseValueConvertible>(_ values: [Value]) -> Filter {
        .in(self, values.map(\.databaseValue))
    }

    /// Matches rows whose text matches an SQL `LIKE` pattern (`%` any run, `_` one character; ASCII case ignored).
    public func like(_ pattern: String) -> Filter {
        .like(self, pattern: pattern)
    }
}
