extension DatabaseRecord {
    /// The one primary-key column, for the lookups by a single `id`; `invalidQuery` for a composite key.
    static func singlePrimaryKey() throws(PersistenceError) -> String {
        let columns = primaryKeyColumns
        guard columns.count == 1, let column = columns.first else {
            throw .invalidQuery(
                reason: "\(Self.self) has a composite primary key (\(columns.joined(separator: ", "))): find its rows with a filter")
        }
        return column
    }
}
