import Foundation
import PersistenceInterface

/// The columns and values of one record, in the order its `encode(to:)` wrote them.
struct EncodedRow {
    var columns: [String] = []
    var values: [DatabaseValue] = []
}

/// Turns a `Codable` record into a row: each key of its keyed container is a column.
///
/// Integers, floating-point numbers, Bool, String, Data and Date map to SQLite storage classes without
/// loss (see `ColumnValueEncoder` for the rest); a nil optional is NULL, always written, so a record's
/// column set does not depend on which optionals are nil.
///
/// Two modes. Binding (the fast path): a record whose keys come in the order of a cached statement's
/// columns binds each value straight to the statement, with no row in between; the first key out of
/// place ends it and the caller falls back. Collecting: the values are gathered into an `EncodedRow`,
/// from which a statement for exactly these columns is made.
final class RecordEncoder: Encoder {
    let codingPath: [CodingKey] = []
    let userInfo: [CodingUserInfoKey: Any] = [:]
    /// The encoding state, at a stable address so that containers reach it without retaining the encoder.
    fileprivate let state: UnsafeMutablePointer<RecordEncodingState>
    private var isEncoding = false

    init() {
        state = .allocate(capacity: 1)
        state.initialize(to: RecordEncodingState())
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Binds the record's values to `plan`'s statement; false (nothing to rely on) when the record's
    /// keys are not exactly the plan's columns in order.
    func bind<Record: DatabaseRecord>(_ record: Record, to plan: RecordStatement) throws -> Bool {
        if isEncoding { return false }  // a record encoding another record: leave it to the collecting path
        isEncoding = true
        defer {
            isEncoding = false
            state.pointee.endBinding()
        }
        // The plan is kept alive by the connection's cache for the whole call.
        state.pointee.start(Record.self, binding: plan)
        do {
            try record.encode(to: self)
        } catch {
            throw Self.persistenceError(error, Record.self)
        }
        if let failure = state.pointee.failure { throw failure }
        return state.pointee.boundWholePlan
    }

    /// The row of a record.
    static func collect<Record: DatabaseRecord>(_ record: Record) throws -> EncodedRow {
        let encoder = RecordEncoder()
        encoder.state.pointee.start(Record.self, binding: nil)
        do {
            try record.encode(to: encoder)
        } catch {
            throw persistenceError(error, Record.self)
        }
        if let failure = encoder.state.pointee.failure { throw failure }
        return encoder.state.pointee.row
    }

    /// A record's own encoding error as an `encoding` error (ours pass through).
    static func persistenceError(_ error: Error, _ type: Any.Type) -> Error {
        if error is PersistenceError { return error }
        return PersistenceError.encoding(type: "\(type)", column: nil, reason: errorSummary(error))
    }

    /// The container of the previous record and its key type. Records of one type share a container
    /// (it holds no per-record state): building one per record costs several runtime generic-metadata
    /// lookups, since the record type is only known at run time; fetching the shared one costs none
    /// (`SharedContainer`).
    private var cachedKeyType: ObjectIdentifier?
    private var cachedContainer: AnyObject?

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if cachedKeyType == ObjectIdentifier(Key.self), let cachedContainer {
            // The key type matched, so this is the `SharedContainer` stored below.
            return unsafeDowncast(cachedContainer, to: SharedContainer<KeyedEncodingContainer<Key>>.self).copy()
        }
        return makeContainer(keyedBy: Key.self)
    }

    /// A new container for `Key`, kept for the next records. Apart, so that the path above holds no
    /// container of its own, whose space would need its type's metadata on every record.
    @inline(never)
    private func makeContainer<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let container = KeyedEncodingContainer(RowEncodingContainer<Key>(state: state))
        cachedKeyType = ObjectIdentifier(Key.self)
        cachedContainer = SharedContainer(container)
        return container
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer {
        state.pointee.fail(column: nil, "a record encodes a keyed container, one key per column, not an unkeyed one")
        return IgnoringEncoder().unkeyedContainer()
    }

    func singleValueContainer() -> SingleValueEncodingContainer {
        state.pointee.fail(column: nil, "a record encodes a keyed container, one key per column, not a single value")
        return IgnoringEncoder().singleValueContainer()
    }
}

/// What the encoder knows while it encodes one record. Used by one thread at a time.
struct RecordEncodingState {
    fileprivate var recordType: Any.Type = Any.self
    fileprivate(set) var failure: PersistenceError?
    fileprivate(set) var row = EncodedRow()
    // The plan being bound, as raw parts: the per-value path retains nothing.
    fileprivate(set) var binding: OpaquePointer?
    fileprivate(set) var planColumns = UnsafeMutableBufferPointer<String>(start: nil, count: 0)
    fileprivate var planParameters = UnsafeMutableBufferPointer<Int32>(start: nil, count: 0)
    fileprivate var planParameterBytes = UnsafeMutableBufferPointer<ParameterBytes>(start: nil, count: 0)
    fileprivate var planKeyColumns = UnsafeMutableBufferPointer<UInt64>(start: nil, count: 0)
    fileprivate var planKeyType: UnsafeMutablePointer<ObjectIdentifier?>?
    fileprivate(set) var position = 0
    fileprivate(set) var outOfPlan = false

    mutating func start(_ type: Any.Type, binding plan: RecordStatement?) {
        recordType = type
        failure = nil
        // Only collecting fills the row: binding never reads it, and emptying it released its two arrays.
        if plan == nil { row = EncodedRow() }
        binding = plan?.statement.handle
        planColumns = plan?.columns ?? UnsafeMutableBufferPointer(start: nil, count: 0)
        planParameters = plan?.parameterIndexes ?? UnsafeMutableBufferPointer(start: nil, count: 0)
        planParameterBytes = plan?.statement.parameterBytes ?? UnsafeMutableBufferPointer(start: nil, count: 0)
        planKeyColumns = plan?.keyColumns ?? UnsafeMutableBufferPointer(start: nil, count: 0)
        planKeyType = plan?.keyType
        position = 0
        outOfPlan = false
    }

    mutating func fail(column: String?, _ reason: String) {
        if failure == nil { failure = .encoding(type: "\(recordType)", column: column, reason: reason) }
    }

    /// Leaves binding mode (the plan's parts are not kept past the record).
    mutating func endBinding() {
        binding = nil
    }

    /// Gives up binding this record: the caller writes it through the collecting path.
    mutating func leavePlan() {
        outOfPlan = true
    }

    /// Whether binding bound every column of the plan, in order, and nothing else: the statement
    /// may run.
    var boundWholePlan: Bool {
        !outOfPlan && position == planColumns.count
    }

    /// The position of the value the last `put` bound, when it bound one.
    var lastBoundPosition: Int? {
        outOfPlan || position == 0 ? nil : position - 1
    }

    /// Keeps `error` (the first failure is the one reported).
    mutating func fail(_ error: PersistenceError) {
        if failure == nil { failure = error }
    }

    /// Stores the value of `key`'s column: binds it in binding mode, appends it in collecting mode.
    @inline(__always) fileprivate mutating func put<Key: CodingKey>(_ key: Key, _ value: DatabaseValue) throws {
        if let binding {
            if outOfPlan { return }
            let index = position
            guard index < planColumns.count, isPlanned(key, at: index) else {
                outOfPlan = true
                return
            }
            try bind(value, at: index, to: binding)
            return
        }
        collect(value, column: key.stringValue)
    }

    /// Stores the value of the column named `column` (`RecordColumnWriter`'s path, where a column
    /// has a name and no key): as `put`.
    @inline(__always) mutating func put(_ value: DatabaseValue, column: String) throws {
        if let binding {
            if outOfPlan { return }
            let index = position
            guard index < planColumns.count, planColumns[index] == column else {
                outOfPlan = true
                return
            }
            try bind(value, at: index, to: binding)
            return
        }
        collect(value, column: column)
    }

    /// Binds the value of the plan's column at `index`, the next one.
    @inline(__always) private mutating func bind(_ value: DatabaseValue, at index: Int, to binding: OpaquePointer) throws {
        position = index + 1
        let parameter = planParameters[index]
        if parameter > 0 {
            try sqliteBindInPlace(binding, value, at: parameter, keepingBytesIn: planParameterBytes.baseAddress! + Int(parameter - 1))
        }
    }

    /// Appends a column to the collected row; a column written again keeps its place and takes the new value.
    private mutating func collect(_ value: DatabaseValue, column: String) {
        if let existing = row.columns.firstIndex(of: column) {
            row.values[existing] = value
        } else {
            row.columns.append(column)
            row.values.append(value)
        }
    }

    /// Whether `key` names the plan's column at `index`: known by its bits once a key of its type
    /// was found there by name (`KeyColumns`), else compared by name.
    @inline(__always) private func isPlanned<Key: CodingKey>(_ key: Key, at index: Int) -> Bool {
        let entry = KeyColumns.entry(key)
        if let entry, let planKeyType, planKeyType.pointee == ObjectIdentifier(Key.self), planKeyColumns[index] == entry {
            return true
        }
        guard planColumns[index] == key.stringValue else { return false }
        if let entry, let planKeyType {
            if planKeyType.pointee == nil { planKeyType.pointee = ObjectIdentifier(Key.self) }
            if planKeyType.pointee == ObjectIdentifier(Key.self) { planKeyColumns[index] = entry }
        }
        return true
    }
}

/// The record's keyed container: every value becomes one column.
///
/// It holds a pointer to the encoder's state (the encoder outlives every container it hands out during
/// one `encode(to:)` call), so storing a value retains nothing.
private struct RowEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let state: UnsafeMutablePointer<RecordEncodingState>
    var codingPath: [CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws { try state.pointee.put(key, .null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try state.pointee.put(key, .integer(value ? 1 : 0)) }
    mutating func encode(_ value: String, forKey key: Key) throws { try state.pointee.put(key, .text(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        try state.pointee.put(key, try ColumnValueEncoder.real(value, type: state.pointee.recordType, column: key.stringValue))
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        try state.pointee.put(key, try ColumnValueEncoder.real(Double(value), type: state.pointee.recordType, column: key.stringValue))
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { try state.pointee.put(key, .integer(Int64(value))) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try state.pointee.put(key, .integer(Int64(value))) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try state.pointee.put(key, .integer(Int64(value))) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try state.pointee.put(key, .integer(Int64(value))) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try state.pointee.put(key, .integer(value)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws {
        try state.pointee.put(key, try ColumnValueEncoder.integer(value, type: state.pointee.recordType, column: key.stringValue))
    }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try state.pointee.put(key, .integer(Int64(value))) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try state.pointee.put(key, .integer(Int64(value))) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try state.pointee.put(key, .integer(Int64(value))) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        try state.pointee.put(key, try ColumnValueEncoder.integer(value, type: state.pointee.recordType, column: key.stringValue))
    }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try state.pointee.put(key, try ColumnValueEncoder.encode(value, type: state.pointee.recordType, column: key.stringValue))
    }

    // Synthesized `Codable` skips nil optionals with `encodeIfPresent`; a row writes them as NULL so
    // that updating a record to nil clears the column.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<
        NestedKey
    > {
        state.pointee.fail(column: key.stringValue, "nested containers have no column; give the property a Codable type (stored as JSON)")
        return IgnoringEncoder().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
        state.pointee.fail(column: key.stringValue, "nested containers have no column; give the property a Codable type (stored as JSON)")
        return IgnoringEncoder().unkeyedContainer()
    }

    mutating func superEncoder() -> Encoder {
        state.pointee.fail(column: nil, "super encoders are not supported by rows")
        return IgnoringEncoder()
    }

    mutating func superEncoder(forKey key: Key) -> Encoder {
        state.pointee.fail(column: key.stringValue, "super encoders are not supported by rows")
        return IgnoringEncoder()
    }
}
