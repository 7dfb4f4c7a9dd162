/// A condition on a record's columns, built with operators: `Column("price") > 2 && Column("name") != nil`.
public indirect enum Filter: Sendable, Hashable {
    /// The column compared with a value (comparing with NULL by `==`/`!=` means `IS NULL`/`IS NOT NULL`).
    case comparison(Column, ComparisonOperator, DatabaseValue)
    /// The column is NULL.
    case isNull(Column)
    /// The column is not NULL.
    case isNotNull(Column)
    /// The column's value is one of the values (no values matches nothing).
    case `in`(Column, [DatabaseValue])
    /// The column's text matches an SQL `LIKE` pattern.
    case like(Column, pattern: String)
    /// Every filter holds (no filters: always true).
    case and([Filter])
    /// At least one filter holds (no filters: never true).
    case or([Filter])
    /// The filter does not hold.
    case not(Filter)
}

/// How a comparison filter compares a column with its value.
public enum ComparisonOperator: String, Sendable, Hashable, CaseIterable {
    /// `=`
    case equal = "="
    /// `<>`
    case notEqual = "<>"
    /// `<`
    case less = "<"
    /// `<=`
    case lessOrEqual = "<="
    /// `>`
    case greater = ">"
    /// `>=`
    case greaterOrEqual = ">="
}

extension Column {
    /// Matches rows whose value equals `value` (`IS NULL` when it is nil).
    public static func == (column: Column, value: some DatabaseValueConvertible) -> Filter {
        let value = value.databaseValue
        return value.isNull ? .isNull(column) : .comparison(column, .equal, value)
    }

    /// Matches rows whose value differs from `value` (`IS NOT NULL` when it is nil).
    public static func != (column: Column, value: some DatabaseValueConvertible) -> Filter {
        let value = value.databaseValue
        return value.isNull ? .isNotNull(column) : .comparison(column, .notEqual, value)
    }

    /// Matches rows whose value is NULL.
    public static func == (column: Column, _: _OptionalNilComparisonType) -> Filter { .isNull(column) }

    /// Matches rows whose value is not NULL.
    public static func != (column: Column, _: _OptionalNilComparisonType) -> Filter { .isNotNull(column) }

    /// Matches rows whose value is less than `value`.
    public static func < (column: Column, value: some DatabaseValueConvertible) -> Filter {
        .comparison(column, .less, value.databaseValue)
    }

    /// Matches rows whose value is less than or equal to `value`.
    public static func <= (column: Column, value: some DatabaseValueConvertible) -> Filter {
        .comparison(column, .lessOrEqual, value.databaseValue)
    }

    /// Matches rows whose value is greater than `value`.
    public static func > (column: Column, value: some DatabaseValueConvertible) -> Filter {
        .comparison(column, .greater, value.databaseValue)
    }

    /// Matches rows whose value is greater than or equal to `value`.
    public static func >= (column: Column, value: some DatabaseValueConvertible) -> Filter {
        .comparison(column, .greaterOrEqual, value.databaseValue)
    }
}

extension Filter {
    /// Both filters hold.
    public static func && (lhs: Filter, rhs: Filter) -> Filter {
        switch (lhs, rhs) {
        case (.and(let left), .and(let right)): .and(left + right)
        case (.and(let left), _): .and(left + [rhs])
        case (_, .and(let right)): .and([lhs] + right)
        default: .and([lhs, rhs])
        }
    }

    /// At least one of the filters holds.
    public static func || (lhs: Filter, rhs: Filter) -> Filter {
        switch (lhs, rhs) {
        case (.or(let left), .or(let right)): .or(left + right)
        case (.or(let left), _): .or(left + [rhs])
        case (_, .or(let right)): .or([lhs] + right)
        default: .or([lhs, rhs])
        }
    }

    /// The filter does not hold.
    public static prefix func ! (filter: Filter) -> Filter {
        .not(filter)
    }

    /// The columns the filter reads.
    public var columns: Set<Column> {
        switch self {
        case .comparison(let column, _, _), .isNull(let column), .isNotNull(let column), .in(let column, _), .like(let column, _):
            [column]
        case .and(let filters), .or(let filters):
            filters.reduce(into: []) { $0.formUnion($1.columns) }
        case .not(let filter):
            filter.columns
        }
    }
}
