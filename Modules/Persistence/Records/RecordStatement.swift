import PersistenceInterface

/// Which record operation a cached statement performs.
enum RecordOperation: Hashable {
    case insert, update, upsert, delete
}

/// The cache key of a record statement: the record type and the operation.
struct RecordStatementKey: Hashable {
    let type: ObjectIdentifier
    let operation: RecordOperation
}

/// A prepared record statement for one column set, and which encoded value binds to each parameter.
struct RecordStatement {
    let columns: [String]
    let statement: Statement
    let parameterColumns: [Int]

    /// The statement of `operation` on `table` for a record that encodes `columns`.
    static func make(_ operation: RecordOperation, table: String, primaryKey: String, columns: [String], type: Any.Type, connection: Connection) throws -> RecordStatement {
        let all = Array(columns.indices)
        guard let keyIndex = columns.firstIndex(of: primaryKey) else {
            if operation == .insert {
                return RecordStatement(columns: columns, statement: try connection.cachedStatement(insertSQL(table, columns)), parameterColumns: all)
            }
            throw PersistenceError.encoding(type: "\(type)", column: primaryKey, reason: "the record does not encode its primary key")
        }
        let others = all.filter { $0 != keyIndex }
        let sql: String
        let parameters: [Int]
        switch operation {
        case .insert:
            sql = insertSQL(table, columns)
            parameters = all
        case .update:
            // A record whose only column is its key still runs, so a missing row is reported.
            let assigned = others.isEmpty ? [keyIndex] : others
            sql = "UPDATE \(quoted(table)) SET " + assigned.map { "\(quoted(columns[$0])) = ?" }.joined(separator: ", ")
                + " WHERE \(quoted(primaryKey)) = ?"
            parameters = assigned + [keyIndex]
        case .upsert:
            let action = others.isEmpty
                ? "NOTHING"
                : "UPDATE SET " + others.map { "\(quoted(columns[$0])) = excluded.\(quoted(columns[$0]))" }.joined(separator: ", ")
            sql = insertSQL(table, columns) + " ON CONFLICT(\(quoted(primaryKey))) DO \(action)"
            parameters = all
        case .delete:
            sql = "DELETE FROM \(quoted(table)) WHERE \(quoted(primaryKey)) = ?"
            parameters = [keyIndex]
        }
        return RecordStatement(columns: columns, statement: try connection.cachedStatement(sql), parameterColumns: parameters)
    }

    private static func insertSQL(_ table: String, _ columns: [String]) -> String {
        "INSERT INTO \(quoted(table)) (" + columns.map(quoted).joined(separator: ", ") + ") VALUES ("
            + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
    }

    /// Binds the encoded values to the parameters.
    @inline(__always) func bind(_ row: EncodedRow) throws {
        var index: Int32 = 1
        for column in parameterColumns {
            try statement.bind(row.values[column], at: index)
            index += 1
        }
    }
}
