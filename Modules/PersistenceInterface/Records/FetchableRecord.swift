/// A record that reads itself from a fetched row, without `Decoder`: GRDB's `FetchableRecord`.
///
/// A `DatabaseRecord` that also conforms is read with `init(row:)` wherever records are fetched
/// (`fetchAll`, `fetchOne`, observations, hand-written SQL); its `Decodable` conformance then only
/// serves other decoders. Reading a row this way skips the standard library's `Decoder` machinery
/// (a keyed container per row, a type-erasing box per field), which costs more than SQLite's own
/// work for a small record.
///
/// ```swift
/// extension Item: FetchableRecord {
///     init(row: Row) throws {
///         id = try row.decode(at: 0)
///         name = try row.decode(column: "name")
///     }
/// }
/// ```
public protocol FetchableRecord {
    /// The record the row holds; throws (`PersistenceError.decoding`, say) when it holds none.
    init(row: Row) throws
}
