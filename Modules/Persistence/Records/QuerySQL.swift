import PersistenceInterface

/// The SQL of a `Query`: its SELECT, its COUNT and its DELETE.
///
/// Each is written as UTF-8 bytes into one buffer, identifiers quoted in place, and becomes a string
/// once: an observation's query is written out again after every commit it follows, and joining or
/// appending strings cost about 4,500 instructions for `SELECT * FROM "items" WHERE "id" = ?` (each
/// `String.append` looks for grapheme boundaries).
enum QuerySQL {
    /// `SELECT * FROM table WHERE ... ORDER BY ... LIMIT ... OFFSET ...`.
    static func select<Record>(_ query: Query<Record>) throws -> SQLText {
        var text = SQLBuilder("SELECT * FROM ")
        text.appendQuoted(Record.tableName)
        try appendTail(query, to: &text)
        return text.finished()
    }

    /// The number of records the query selects.
    static func count<Record>(_ query: Query<Record>) throws -> SQLText {
        var text = SQLBuilder("SELECT COUNT(*) FROM ")
        if query.limit == nil && query.offset == nil {
            text.appendQuoted(Record.tableName)
            appendWhere(query.filter, to: &text)
            return text.finished()
        }
        text.append("(SELECT 1 FROM ")
        text.appendQuoted(Record.tableName)
        try appendTail(query, to: &text)
        text.append(")")
        return text.finished()
    }

    /// Deletes what the query selects (through the primary key when it has a limit, which DELETE lacks).
    static func delete<Record>(_ query: Query<Record>) throws -> SQLText {
        var text = SQLBuilder("DELETE FROM ")
        text.appendQuoted(Record.tableName)
        if query.limit == nil && query.offset == nil {
            appendWhere(query.filter, to: &text)
            return text.finished()
        }
        // A row value for a composite key: (a, b) IN (SELECT a, b ...).
        let columns = Record.primaryKeyColumns
        text.append(columns.count == 1 ? " WHERE " : " WHERE (")
        text.appendQuotedList(columns)
        text.append(columns.count == 1 ? " IN (SELECT " : ") IN (SELECT ")
        text.appendQuotedList(columns)
        text.append(" FROM ")
        text.appendQuoted(Record.tableName)
        try appendTail(query, to: &text)
        text.append(")")
        return text.finished()
    }

    private static func appendTail<Record>(_ query: Query<Record>, to text: inout SQLBuilder) throws {
        appendWhere(query.filter, to: &text)
        for (position, ordering) in query.ordering.enumerated() {
            text.append(position == 0 ? " ORDER BY " : ", ")
            text.appendQuoted(ordering.column.name)
            text.append(ordering.ascending ? " ASC" : " DESC")
        }
        if let limit = query.limit {
            guard limit >= 0 else { throw PersistenceError.invalidQuery(reason: "limit \(limit) is negative") }
            text.append(" LIMIT ?")
            text.arguments.append(.integer(Int64(limit)))
        }
        if let offset = query.offset {
            guard offset >= 0 else { throw PersistenceError.invalidQuery(reason: "offset \(offset) is negative") }
            if query.limit == nil { text.append(" LIMIT -1") }
            text.append(" OFFSET ?")
            text.arguments.append(.integer(Int64(offset)))
        }
    }

    private static func appendWhere(_ filter: Filter?, to text: inout SQLBuilder) {
        guard let filter else { return }
        text.append(" WHERE ")
        appendCondition(filter, to: &text)
    }

    /// Appends the SQL condition of a filter, and its values to the arguments.
    static func appendCondition(_ filter: Filter, to text: inout SQLBuilder) {
        switch filter {
        case .comparison(let column, let comparison, let value):
            if value.isNull {
                // `= NULL` is never true in SQL; Swift's `== nil` means IS NULL.
                switch comparison {
                case .equal:
                    text.appendQuoted(column.name)
                    text.append(" IS NULL")
                case .notEqual:
                    text.appendQuoted(column.name)
                    text.append(" IS NOT NULL")
                default:
                    text.append("0")
                }
                return
            }
            text.appendQuoted(column.name)
            text.append(" ")
            text.append(comparison.sql)
            text.append(" ?")
            text.arguments.append(value)
        case .isNull(let column):
            text.appendQuoted(column.name)
            text.append(" IS NULL")
        case .isNotNull(let column):
            text.appendQuoted(column.name)
            text.append(" IS NOT NULL")
        case .in(let column, let values):
            guard !values.isEmpty else {
                text.append("0")
                return
            }
            text.appendQuoted(column.name)
            text.append(" IN (")
            for index in values.indices { text.append(index == 0 ? "?" : ", ?") }
            text.append(")")
            text.arguments.append(contentsOf: values)
        case .like(let column, let pattern):
            text.appendQuoted(column.name)
            text.append(" LIKE ?")
            text.arguments.append(.text(pattern))
        case .and(let filters):
            appendGroup(filters, separator: " AND ", empty: "1", to: &text)
        case .or(let filters):
            appendGroup(filters, separator: " OR ", empty: "0", to: &text)
        case .not(let filter):
            text.append("NOT (")
            appendCondition(filter, to: &text)
            text.append(")")
        }
    }

    private static func appendGroup(_ filters: [Filter], separator: StaticString, empty: StaticString, to text: inout SQLBuilder) {
        guard !filters.isEmpty else {
            text.append(empty)
            return
        }
        text.append("(")
        for (position, filter) in filters.enumerated() {
            if position > 0 { text.append(separator) }
            appendCondition(filter, to: &text)
        }
        text.append(")")
    }
}

extension ComparisonOperator {
    /// The operator's SQL (its raw value) as static text.
    fileprivate var sql: StaticString {
        switch self {
        case .equal: "="
        case .notEqual: "<>"
        case .less: "<"
        case .lessOrEqual: "<="
        case .greater: ">"
        case .greaterOrEqual: ">="
        }
    }
}
