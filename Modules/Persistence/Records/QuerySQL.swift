import PersistenceInterface

/// The SQL of a `Query`: its SELECT, its COUNT and its DELETE.
enum QuerySQL {
    /// `SELECT * FROM table WHERE ... ORDER BY ... LIMIT ... OFFSET ...`.
    static func select<Record>(_ query: Query<Record>) throws -> SQLText {
        var arguments: [DatabaseValue] = []
        let sql = "SELECT * FROM \(quoted(Record.tableName))" + (try tail(query, arguments: &arguments))
        return SQLText(sql: sql, arguments: arguments)
    }

    /// The number of records the query selects.
    static func count<Record>(_ query: Query<Record>) throws -> SQLText {
        var arguments: [DatabaseValue] = []
        let table = quoted(Record.tableName)
        if query.limit == nil && query.offset == nil {
            let sql = "SELECT COUNT(*) FROM \(table)" + (try whereClause(query.filter, arguments: &arguments))
            return SQLText(sql: sql, arguments: arguments)
        }
        let sql = "SELECT COUNT(*) FROM (SELECT 1 FROM \(table)" + (try tail(query, arguments: &arguments)) + ")"
        return SQLText(sql: sql, arguments: arguments)
    }

    /// Deletes what the query selects (through the primary key when it has a limit, which DELETE lacks).
    static func delete<Record>(_ query: Query<Record>) throws -> SQLText {
        var arguments: [DatabaseValue] = []
        let table = quoted(Record.tableName)
        if query.limit == nil && query.offset == nil {
            let sql = "DELETE FROM \(table)" + (try whereClause(query.filter, arguments: &arguments))
            return SQLText(sql: sql, arguments: arguments)
        }
        // A row value for a composite key: (a, b) IN (SELECT a, b ...).
        let columns = Record.primaryKeyColumns.map(quoted)
        let key = columns.count == 1 ? columns[0] : "(" + columns.joined(separator: ", ") + ")"
        let sql = "DELETE FROM \(table) WHERE \(key) IN (SELECT \(columns.joined(separator: ", ")) FROM \(table)"
            + (try tail(query, arguments: &arguments)) + ")"
        return SQLText(sql: sql, arguments: arguments)
    }

    private static func tail<Record>(_ query: Query<Record>, arguments: inout [DatabaseValue]) throws -> String {
        var sql = try whereClause(query.filter, arguments: &arguments)
        if !query.ordering.isEmpty {
            sql += " ORDER BY " + query.ordering.map { quoted($0.column.name) + ($0.ascending ? " ASC" : " DESC") }.joined(separator: ", ")
        }
        if let limit = query.limit {
            guard limit >= 0 else { throw PersistenceError.invalidQuery(reason: "limit \(limit) is negative") }
            sql += " LIMIT ?"
            arguments.append(.integer(Int64(limit)))
        }
        if let offset = query.offset {
            guard offset >= 0 else { throw PersistenceError.invalidQuery(reason: "offset \(offset) is negative") }
            if query.limit == nil { sql += " LIMIT -1" }
            sql += " OFFSET ?"
            arguments.append(.integer(Int64(offset)))
        }
        return sql
    }

    private static func whereClause(_ filter: Filter?, arguments: inout [DatabaseValue]) throws -> String {
        guard let filter else { return "" }
        return " WHERE " + condition(filter, arguments: &arguments)
    }

    /// The SQL condition of a filter, appending its values to `arguments`.
    static func condition(_ filter: Filter, arguments: inout [DatabaseValue]) -> String {
        switch filter {
        case .comparison(let column, let comparison, let value):
            if value.isNull {
                // `= NULL` is never true in SQL; Swift's `== nil` means IS NULL.
                switch comparison {
                case .equal: return "\(quoted(column.name)) IS NULL"
                case .notEqual: return "\(quoted(column.name)) IS NOT NULL"
                default: return "0"
                }
            }
            arguments.append(value)
            return "\(quoted(column.name)) \(comparison.rawValue) ?"
        case .isNull(let column):
            return "\(quoted(column.name)) IS NULL"
        case .isNotNull(let column):
            return "\(quoted(column.name)) IS NOT NULL"
        case .in(let column, let values):
            guard !values.isEmpty else { return "0" }
            arguments.append(contentsOf: values)
            return "\(quoted(column.name)) IN (" + Array(repeating: "?", count: values.count).joined(separator: ", ") + ")"
        case .like(let column, let pattern):
            arguments.append(.text(pattern))
            return "\(quoted(column.name)) LIKE ?"
        case .and(let filters):
            guard !filters.isEmpty else { return "1" }
            return "(" + filters.map { condition($0, arguments: &arguments) }.joined(separator: " AND ") + ")"
        case .or(let filters):
            guard !filters.isEmpty else { return "0" }
            return "(" + filters.map { condition($0, arguments: &arguments) }.joined(separator: " OR ") + ")"
        case .not(let filter):
            return "NOT (" + condition(filter, arguments: &arguments) + ")"
        }
    }
}
