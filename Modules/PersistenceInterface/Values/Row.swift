/// One row of a hand-written SQL query: its column names and values.
public struct Row: Sendable, Hashable {
    /// The column names, in the statement's order.
    public let columns: [String]
    /// The values, one per column.
    public let values: [DatabaseValue]

    /// A row of the given columns and values (the same count).
    public init(columns: [String], values: [DatabaseValue]) {
        precondition(columns.count == values.count, "A row needs one value per column")
        self.columns = columns
        self.values = values
    }

    /// The value at a column position.
    public subscript(index: Int) -> DatabaseValue { values[index] }

    /// The value of the first column with this name (compared without regard to ASCII case, as SQLite does), or nil.
    public subscript(column: String) -> DatabaseValue? {
        columns.indexOfColumn(named: column).map { values[$0] }
    }

    /// The value of a column converted to `T`; throws when the row has no such column or the value
    /// does not convert without loss.
    public func decode<T: DatabaseValueConvertible>(_ type: T.Type = T.self, column: String) throws -> T {
        guard let value = self[column] else { throw Self.missingColumn(column, for: T.self) }
        guard let converted = T.fromDatabaseValue(value) else { throw Self.conversionFailure(value, to: T.self, column: column) }
        return converted
    }

    /// The value at a column position converted to `T`; throws when there is no such position or the
    /// value does not convert without loss. Inlinable: a `FetchableRecord` reads its fields with it,
    /// compiled for their types.
    @inlinable
    public func decode<T: DatabaseValueConvertible>(_ type: T.Type = T.self, at index: Int) throws -> T {
        guard index >= 0 && index < values.count else { throw Self.missingPosition(index, of: values.count, for: T.self) }
        guard let converted = T.fromDatabaseValue(values[index]) else {
            throw Self.conversionFailure(values[index], to: T.self, column: columns[index])
        }
        return converted
    }

    @usableFromInline
    static func conversionFailure(_ value: DatabaseValue, to type: Any.Type, column: String) -> PersistenceError {
        .decoding(type: "\(type)", column: column, reason: "cannot convert \(value.storageClass) losslessly")
    }

    @usableFromInline
    static func missingColumn(_ column: String, for type: Any.Type) -> PersistenceError {
        .decoding(type: "\(type)", column: column, reason: "no such column in the row")
    }

    @usableFromInline
    static func missingPosition(_ index: Int, of count: Int, for type: Any.Type) -> PersistenceError {
        .decoding(type: "\(type)", column: nil, reason: "the row has no column \(index) (it has \(count))")
    }
}

extension [String] {
    /// The position of the first of these column names that is `name`, compared without regard to
    /// ASCII case as SQLite compares names, or nil.
    package func indexOfColumn(named name: String) -> Int? {
        // An exact match is the usual case, and needs no lowercased copies.
        if let index = firstIndex(of: name) { return index }
        let wanted = name.lowercased()
        return firstIndex { $0.lowercased() == wanted }
    }
}
