/// The columns an `EncodableRecord` writes, by name: GRDB's `PersistenceContainer`.
///
/// `container["name"] = name` writes the column; nil writes NULL (so that updating a record to nil
/// clears the column); writing a column again replaces its value and keeps its place. A value is
/// stored as its `databaseValue`, so a NaN double is NULL, as `Double.databaseValue` says (the
/// `Codable` path refuses NaN with an error instead). Reading a column back gives what this record
/// wrote to it so far.
public struct PersistenceContainer {
    /// Where the columns are written.
    @usableFromInline let sink: any PersistenceContainerSink

    /// A container that writes to `sink`.
    public init(_ sink: some PersistenceContainerSink) {
        self.sink = sink
    }

    /// The value written to `column` so far in this record, or nil; setting it writes the column
    /// (nil writes NULL).
    @inlinable
    public subscript(column: String) -> DatabaseValue? {
        get { sink.value(ofColumn: column) }
        set { sink.write(newValue ?? .null, toColumn: column) }
    }

    /// The value written to `column` so far in this record, converted to `Value`, or nil; setting it
    /// writes the column (nil writes NULL). Generic, so that `container["id"] = id` is compiled for
    /// the value's type rather than boxing it.
    @inlinable
    public subscript<Value: DatabaseValueConvertible>(column: String) -> Value? {
        get { sink.value(ofColumn: column).flatMap(Value.fromDatabaseValue) }
        set { sink.write(newValue?.databaseValue ?? .null, toColumn: column) }
    }

    /// The value written to `column` so far, converted to `Value`, or nil; setting it writes the
    /// column (`container[Column("id")] = id`).
    @inlinable
    public subscript<Value: DatabaseValueConvertible>(column: Column) -> Value? {
        get { self[column.name] }
        set { self[column.name] = newValue }
    }
}

/// What a `PersistenceContainer` writes to: in Persistence, the statement that writes the record.
public protocol PersistenceContainerSink: AnyObject {
    /// Writes `value` to `column`; writing a column again replaces its value.
    func write(_ value: DatabaseValue, toColumn column: String)

    /// The value written to `column` so far in the current record, or nil.
    func value(ofColumn column: String) -> DatabaseValue?
}
