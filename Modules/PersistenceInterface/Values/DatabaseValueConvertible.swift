import Foundation

/// A Swift value with a lossless SQLite representation (used in filters, arguments and rows).
public protocol DatabaseValueConvertible: Sendable {
    /// The value as stored.
    var databaseValue: DatabaseValue { get }

    /// The Swift value a stored value represents, or nil when it cannot be converted without loss.
    static func fromDatabaseValue(_ value: DatabaseValue) -> Self?

    /// The Swift value the column at `index` of `columns` represents, or nil when it cannot be
    /// converted without loss: the same answer as `fromDatabaseValue`, but read from the row where it
    /// is. The default reads the whole value; the standard types read their own storage class first
    /// (an INTEGER for the integer types, say), which skips making a `DatabaseValue`.
    static func fromColumn(_ index: Int, of columns: RowColumns) -> Self?
}

extension DatabaseValueConvertible {
    /// `fromDatabaseValue` of the column's value.
    @inlinable
    public static func fromColumn(_ index: Int, of columns: RowColumns) -> Self? {
        fromDatabaseValue(columns.value(at: index))
    }
}

// The standard conformances' `fromDatabaseValue` are inlinable: `Row.decode(at:)`, compiled in a
// `FetchableRecord`'s own module for the field's type, then converts in place, without a call
// through the conformance's witness table and a copy and destroy of the value around it.
extension DatabaseValue: DatabaseValueConvertible {
    /// Itself.
    public var databaseValue: DatabaseValue { self }

    /// Itself.
    @inlinable
    public static func fromDatabaseValue(_ value: DatabaseValue) -> DatabaseValue? { value }
}

extension Int64: DatabaseValueConvertible {
    /// An INTEGER.
    public var databaseValue: DatabaseValue { .integer(self) }

    /// An INTEGER, or a REAL with an exact integer value.
    @inlinable
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Int64? {
        switch value {
        case .integer(let integer): integer
        case .real(let real): Int64(exactly: real)
        default: nil
        }
    }

    /// An INTEGER read in place, else `fromDatabaseValue` of the value.
    @inlinable
    public static func fromColumn(_ index: Int, of columns: RowColumns) -> Int64? {
        columns.integer(at: index) ?? fromDatabaseValue(columns.value(at: index))
    }
}

extension FixedWidthInteger where Self: DatabaseValueConvertible {
    /// An INTEGER (a value beyond Int64's range is NULL; the record encoder refuses it with an error instead).
    public var databaseValue: DatabaseValue { Int64(exactly: self).map { .integer($0) } ?? .null }

    /// An INTEGER (or an integral REAL) that fits this type.
    @inlinable
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Self? {
        Int64.fromDatabaseValue(value).flatMap { Self(exactly: $0) }
    }

    /// An INTEGER (or an integral REAL) that fits this type, read in place.
    @inlinable
    public static func fromColumn(_ index: Int, of columns: RowColumns) -> Self? {
        Int64.fromColumn(index, of: columns).flatMap { Self(exactly: $0) }
    }
}

extension Int: DatabaseValueConvertible {}
extension Int8: DatabaseValueConvertible {}
extension Int16: DatabaseValueConvertible {}
extension Int32: DatabaseValueConvertible {}
extension UInt8: DatabaseValueConvertible {}
extension UInt16: DatabaseValueConvertible {}
extension UInt32: DatabaseValueConvertible {}
extension UInt64: DatabaseValueConvertible {}
extension UInt: DatabaseValueConvertible {}

extension Double: DatabaseValueConvertible {
    /// A REAL (NaN has no SQLite representation and is NULL; the record encoder refuses it with an error instead).
    public var databaseValue: DatabaseValue { isNaN ? .null : .real(self) }

    /// A REAL, or an INTEGER that a double holds exactly.
    @inlinable
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Double? {
        switch value {
        case .real(let real): real
        case .integer(let integer): Double(exactly: integer)
        default: nil
        }
    }

    /// A REAL read in place, else `fromDatabaseValue` of the value.
    @inlinable
    public static func fromColumn(_ index: Int, of columns: RowColumns) -> Double? {
        columns.real(at: index) ?? fromDatabaseValue(columns.value(at: index))
    }
}

extension Float: DatabaseValueConvertible {
    /// A REAL holding the float exactly.
    public var databaseValue: DatabaseValue { Double(self).databaseValue }

    /// A REAL (or INTEGER) that a float holds exactly.
    @inlinable
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Float? {
        Double.fromDatabaseValue(value).flatMap { Float(exactly: $0) }
    }

    /// A REAL (or INTEGER) that a float holds exactly, read in place.
    @inlinable
    public static func fromColumn(_ index: Int, of columns: RowColumns) -> Float? {
        Double.fromColumn(index, of: columns).flatMap { Float(exactly: $0) }
    }
}

extension Bool: DatabaseValueConvertible {
    /// INTEGER 1 or 0.
    public var databaseValue: DatabaseValue { .integer(self ? 1 : 0) }

    /// INTEGER 0 is false, any other integer is true.
    @inlinable
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Bool? {
        if case .integer(let integer) = value { return integer != 0 }
        return nil
    }

    /// An INTEGER read in place: 0 is false, any other integer is true.
    @inlinable
    public static func fromColumn(_ index: Int, of columns: RowColumns) -> Bool? {
        columns.integer(at: index).map { $0 != 0 }
    }
}

extension String: DatabaseValueConvertible {
    /// TEXT.
    public var databaseValue: DatabaseValue { .text(self) }

    /// TEXT.
    @inlinable
    public static func fromDatabaseValue(_ value: DatabaseValue) -> String? {
        if case .text(let text) = value { return text }
        return nil
    }

    /// TEXT, read in place.
    @inlinable
    public static func fromColumn(_ index: Int, of columns: RowColumns) -> String? {
        columns.text(at: index)
    }
}

extension Data: DatabaseValueConvertible {
    /// A BLOB.
    public var databaseValue: DatabaseValue { .blob(self) }

    /// A BLOB.
    @inlinable
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Data? {
        if case .blob(let data) = value { return data }
        return nil
    }
}

extension Date: DatabaseValueConvertible {
    /// A REAL: seconds since 2001-01-01 00:00:00 UTC, the double a `Date` holds, so the round trip is exact.
    public var databaseValue: DatabaseValue { .real(timeIntervalSinceReferenceDate) }

    /// A REAL or INTEGER of seconds since 2001-01-01 00:00:00 UTC.
    @inlinable
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Date? {
        Double.fromDatabaseValue(value).map { Date(timeIntervalSinceReferenceDate: $0) }
    }

    /// A REAL or INTEGER of seconds since 2001-01-01 00:00:00 UTC, read in place.
    @inlinable
    public static func fromColumn(_ index: Int, of columns: RowColumns) -> Date? {
        Double.fromColumn(index, of: columns).map { Date(timeIntervalSinceReferenceDate: $0) }
    }
}

extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
    /// NULL for nil, otherwise the wrapped value's representation.
    public var databaseValue: DatabaseValue { self?.databaseValue ?? .null }

    /// nil for NULL, otherwise the wrapped conversion.
    @inlinable
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Wrapped?? {
        if value.isNull { return .some(nil) }
        return Wrapped.fromDatabaseValue(value).map { .some($0) }
    }

    /// nil for NULL, otherwise the wrapped conversion, read in place.
    @inlinable
    public static func fromColumn(_ index: Int, of columns: RowColumns) -> Wrapped?? {
        if columns.isNull(at: index) { return .some(nil) }
        return Wrapped.fromColumn(index, of: columns).map { .some($0) }
    }
}

extension RawRepresentable where Self: DatabaseValueConvertible, RawValue: DatabaseValueConvertible {
    /// The raw value's representation (declare `extension MyEnum: DatabaseValueConvertible {}` to use it).
    public var databaseValue: DatabaseValue { rawValue.databaseValue }

    /// The case whose raw value is stored.
    @inlinable
    public static func fromDatabaseValue(_ value: DatabaseValue) -> Self? {
        RawValue.fromDatabaseValue(value).flatMap { Self(rawValue: $0) }
    }

    /// The case whose raw value is stored, read in place.
    @inlinable
    public static func fromColumn(_ index: Int, of columns: RowColumns) -> Self? {
        RawValue.fromColumn(index, of: columns).flatMap { Self(rawValue: $0) }
    }
}
