/// The columns of one row, read by position or by name: a fetched `Row`, or the current row of a
/// statement, read where SQLite holds it while a fetch makes an `InPlaceFetchableRecord`.
///
/// A record reads its fields with `decode(at:)` and `decode(column:)`, which convert as
/// `DatabaseValueConvertible.fromDatabaseValue` does: only without loss. A concrete type, so that
/// a record's reads are compiled for their value types; what it reads from is a `RowColumnSource`.
public struct RowColumns {
    /// What the columns are read from: an object, so that reading a column is one call, with no
    /// value to project out of an existential box.
    @usableFromInline let source: any RowColumnSource
    /// How many columns the row has.
    public let count: Int

    /// The columns `source` holds.
    public init(_ source: some RowColumnSource) {
        self.source = source
        count = source.columnCount
    }

    /// The columns of `row`.
    public init(_ row: Row) {
        self.init(RowSource(row))
    }

    /// The name of the column at `index` (in `0..<count`).
    @inlinable public func name(at index: Int) -> String { source.columnName(at: index) }

    /// The value at `index` (in `0..<count`).
    @inlinable public func value(at index: Int) -> DatabaseValue { source.value(at: index) }

    /// The value of the column at `index` converted to `T`; throws when there is no such position or
    /// the value does not convert without loss. Inlinable: a record reads its fields with it,
    /// compiled for their types.
    @inlinable
    public func decode<T: DatabaseValueConvertible>(_ type: T.Type = T.self, at index: Int) throws -> T {
        guard index >= 0 && index < count else { throw Row.missingPosition(index, of: count, for: T.self) }
        guard let converted = T.fromColumn(index, of: self) else {
            throw Row.conversionFailure(value(at: index), to: T.self, column: name(at: index))
        }
        return converted
    }

    /// The value of the first column named `column` (compared without regard to ASCII case, as
    /// SQLite compares names) converted to `T`; throws when the row has no such column or the value
    /// does not convert without loss.
    @inlinable
    public func decode<T: DatabaseValueConvertible>(_ type: T.Type = T.self, column: String) throws -> T {
        guard let index = source.columnIndex(named: column) else { throw Row.missingColumn(column, for: T.self) }
        guard let converted = T.fromColumn(index, of: self) else {
            throw Row.conversionFailure(value(at: index), to: T.self, column: column)
        }
        return converted
    }

    /// A copy of the row, which a record may keep (the columns of a statement are only valid while
    /// the record is being made).
    public var row: Row {
        if let source = source as? RowSource { return source.row }
        return Row(columns: (0..<count).map { name(at: $0) }, values: (0..<count).map { value(at: $0) })
    }

    // The storage-class reads `DatabaseValueConvertible.fromColumn` starts with.

    /// The value at `index` when it is an INTEGER, else nil.
    @inlinable public func integer(at index: Int) -> Int64? { source.integer(at: index) }

    /// The value at `index` when it is a REAL, else nil.
    @inlinable public func real(at index: Int) -> Double? { source.real(at: index) }

    /// The value at `index` when it is TEXT, else nil.
    @inlinable public func text(at index: Int) -> String? { source.text(at: index) }

    /// Whether the value at `index` is NULL.
    @inlinable public func isNull(at index: Int) -> Bool { source.isNull(at: index) }
}

/// What `RowColumns` reads: a `Row`, or (in Persistence) the current row of a statement. A position
/// passed to it is in `0..<columnCount`.
public protocol RowColumnSource: AnyObject {
    /// How many columns the row has.
    var columnCount: Int { get }

    /// The name of the column at `index`.
    func columnName(at index: Int) -> String

    /// The position of the first column named `name`, compared without regard to ASCII case as
    /// SQLite compares names (an exact match first), or nil.
    func columnIndex(named name: String) -> Int?

    /// The value at `index`.
    func value(at index: Int) -> DatabaseValue

    /// The value at `index` when it is an INTEGER, else nil: the fast path of the integer types.
    func integer(at index: Int) -> Int64?

    /// The value at `index` when it is a REAL, else nil: the fast path of `Double`.
    func real(at index: Int) -> Double?

    /// The value at `index` when it is TEXT, else nil: the fast path of `String`.
    func text(at index: Int) -> String?

    /// Whether the value at `index` is NULL: the fast path of `Optional`.
    func isNull(at index: Int) -> Bool
}

/// A `Row` as a `RowColumnSource`.
private final class RowSource: RowColumnSource {
    let row: Row

    init(_ row: Row) {
        self.row = row
    }

    var columnCount: Int { row.values.count }
    func columnName(at index: Int) -> String { row.columns[index] }
    func columnIndex(named name: String) -> Int? { row.columns.indexOfColumn(named: name) }
    func value(at index: Int) -> DatabaseValue { row.values[index] }

    func integer(at index: Int) -> Int64? {
        if case .integer(let integer) = row.values[index] { return integer }
        return nil
    }

    func real(at index: Int) -> Double? {
        if case .real(let real) = row.values[index] { return real }
        return nil
    }

    func text(at index: Int) -> String? {
        if case .text(let text) = row.values[index] { return text }
        return nil
    }

    func isNull(at index: Int) -> Bool { row.values[index].isNull }
}
