/// A record that writes its columns itself, without `Encoder`: GRDB's `EncodableRecord`.
///
/// A `DatabaseRecord` that also conforms is written with `encode(to:)` wherever records are written
/// (`insert`, `update`, `upsert`, `delete`); its `Encodable` conformance then only serves other
/// encoders. Writing a record this way skips the standard library's `Encoder` machinery (a keyed
/// container per record, a type-erasing box per field), the larger part of what a Codable insert
/// adds to SQLite's own work.
///
/// ```swift
/// extension Item: EncodableRecord {
///     func encode(to container: inout PersistenceContainer) {
///         container["id"] = id
///         container["name"] = name
///     }
/// }
/// ```
///
/// Write every column, in the same order every time: a record's values are bound to the statement
/// made for the previous record's columns, and a record whose columns differ (one more or less, or
/// in another order) is written with a statement made for its own. Reading a column back
/// (`container["name"]`) works; from the first record that does, every value written is also kept
/// for reading, a copy.
public protocol EncodableRecord: DatabaseRecord {
    /// Writes the record's columns to `container`, a nil value as NULL.
    func encode(to container: inout PersistenceContainer) throws
}
