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

/// A prepared record statement for one column set, and where each encoded column binds.
///
/// The columns and parameter indexes live in buffers of their own, so the encoder's per-value path
/// reads them without retaining anything.
final class RecordStatement {
    let statement: Statement
    /// The columns, in the order the record encodes them.
    let columns: UnsafeMutableBufferPointer<String>
    /// For each column, its 1-based parameter in the statement, or 0 when the statement does not use it.
    let parameterIndexes: UnsafeMutableBufferPointer<Int32>
    /// For each column, the key of `keyType` found there (`KeyColumns`), so that a record's next
    /// values bind without asking their keys for names.
    let keyColumns: UnsafeMutableBufferPointer<UInt64>
    /// The key type `keyColumns` is for: the first trivial one a record bound with; nil before.
    let keyType: UnsafeMutablePointer<ObjectIdentifier?>
    /// How the record type writes itself when it is an `EncodableRecord`; nil for a `Codable` one.
    let encodeRecord: RecordColumnWriter.EncodeFunction?

    private init(statement: Statement, columns: [String], parameterIndexes: [Int32], encodeRecord: RecordColumnWriter.EncodeFunction?) {
        self.statement = statement
        self.encodeRecord = encodeRecord
        self.columns = .allocate(capacity: columns.count)
        _ = self.columns.initialize(from: columns)
        self.parameterIndexes = .allocate(capacity: parameterIndexes.count)
        _ = self.parameterIndexes.initialize(from: parameterIndexes)
        keyColumns = .allocate(capacity: columns.count)
        keyColumns.initialize(repeating: 0)
        keyType = .allocate(capacity: 1)
        keyType.initialize(to: nil)
    }

    deinit {
        columns.deinitialize().deallocate()
        parameterIndexes.deinitialize().deallocate()
        keyColumns.deallocate()
        keyType.deallocate()
    }

    /// The statement of `operation` on `table` for a record that encodes `columns`; rows are matched
    /// on every column of `primaryKey` (one, or several for a composite key).
    static func make(
        _ operation: RecordOperation, table: String, primaryKey: [String], columns: [String], type: Any.Type,
        encodeRecord: RecordColumnWriter.EncodeFunction?, connection: Connection
    ) throws -> RecordStatement {
        let all = Array(columns.indices)
        let sql: String
        let parameters: [Int]  // column positions, in parameter order
        let keyIndexes = primaryKey.compactMap { columns.firstIndex(of: $0) }
        if !primaryKey.isEmpty, keyIndexes.count == primaryKey.count {
            let others = all.filter { !keyIndexes.contains($0) }
            let matchesKey = " WHERE " + keyIndexes.map { "\(quoted(columns[$0])) = ?" }.joined(separator: " AND ")
            switch operation {
            case .insert:
                sql = insertSQL(table, columns)
                parameters = all
            case .update:
                if others.isEmpty {
                    // A record made only of its key still runs, so a missing row is reported.
                    let first = quoted(columns[keyIndexes[0]])
                    sql = "UPDATE \(quoted(table)) SET \(first) = \(first)" + matchesKey
                    parameters = keyIndexes
                } else {
                    sql = "UPDATE \(quoted(table)) SET " + others.map { "\(quoted(columns[$0])) = ?" }.joined(separator: ", ") + matchesKey
                    parameters = others + keyIndexes
                }
            case .upsert:
                let action =
                    others.isEmpty
                    ? "NOTHING"
                    : "UPDATE SET " + others.map { "\(quoted(columns[$0])) = excluded.\(quoted(columns[$0]))" }.joined(separator: ", ")
                sql =
                    insertSQL(table, columns)
                    + " ON CONFLICT(\(keyIndexes.map { quoted(columns[$0]) }.joined(separator: ", "))) DO \(action)"
                parameters = all
            case .delete:
                sql = "DELETE FROM \(quoted(table))" + matchesKey
                parameters = keyIndexes
            }
        } else if operation == .insert {
            sql = insertSQL(table, columns)
            parameters = all
        } else {
            let missing = primaryKey.filter { !columns.contains($0) }
            throw PersistenceError.encoding(
                type: "\(type)", column: missing.first, reason: "the record does not encode its primary key")
        }
        var indexes = [Int32](repeating: 0, count: columns.count)
        for (parameter, column) in parameters.enumerated() {
            indexes[column] = Int32(parameter + 1)
        }
        return RecordStatement(
            statement: try connection.cachedStatement(sql), columns: columns, parameterIndexes: indexes, encodeRecord: encodeRecord)
    }

    private static func insertSQL(_ table: String, _ columns: [String]) -> String {
        "INSERT INTO \(quoted(table)) (" + columns.map(quoted).joined(separator: ", ") + ") VALUES ("
            + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
    }

    /// Binds a collected row's values to the parameters.
    func bind(_ row: EncodedRow) throws {
        for (column, parameter) in parameterIndexes.enumerated() where parameter > 0 {
            try statement.bind(row.values[column], at: parameter)
        }
    }
}
