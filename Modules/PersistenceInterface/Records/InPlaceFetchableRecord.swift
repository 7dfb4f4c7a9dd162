/// A `FetchableRecord` that reads itself from the columns of a row where they are: during a fetch,
/// straight from the statement's current row, with no `Row` built and no value copied on the way.
///
/// It is the fast way to fetch records, GRDB's `FetchableRecord` reading its statement's row in
/// place. A text column is read into the record's `String` directly, and a number is read as a
/// number, instead of every column being copied into a `DatabaseValue` of a new `Row`.
///
/// Write `init(columns:)` alone: `init(row:)` reads a `Row` through it.
///
/// ```swift
/// extension Item: InPlaceFetchableRecord {
///     init(columns: borrowing RowColumns) throws {
///         id = try columns.decode(at: 0)
///         name = try columns.decode(column: "name")
///     }
/// }
/// ```
///
/// The columns are valid only while the initializer runs: keep `columns.row` (a copy) rather than
/// `columns`, which is borrowed so that keeping it takes an explicit `copy`. A statement's columns
/// read after the initializer returned stop the program.
public protocol InPlaceFetchableRecord: FetchableRecord {
    /// The record the row holds; throws (`PersistenceError.decoding`, say) when it holds none.
    init(columns: borrowing RowColumns) throws
}

extension InPlaceFetchableRecord {
    /// The record `init(columns:)` reads from `row`.
    public init(row: Row) throws {
        try self.init(columns: RowColumns(row))
    }
}
