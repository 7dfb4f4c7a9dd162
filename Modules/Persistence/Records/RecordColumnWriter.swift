import PersistenceInterface

/// Writes an `EncodableRecord`'s columns, as `RecordEncoder` writes a `Codable` record's: bound
/// straight to a cached statement whose columns they are, in order (binding), or gathered into an
/// `EncodedRow` from which a statement for exactly these columns is made (collecting).
///
/// One per connection, used by its thread, one record at a time.
final class RecordColumnWriter: PersistenceContainerSink {
    // Used by the connection's one thread, one record at a time: no dynamic exclusivity checks.
    @exclusivity(unchecked) private var state = RecordEncodingState()
    /// The values bound in binding mode, by position, for `value(ofColumn:)`: the record's first
    /// `state.position` are this record's. Raw storage, written in place.
    private var boundValues = UnsafeMutableBufferPointer<DatabaseValue>(start: nil, count: 0)
    /// Whether binding keeps each value in `boundValues`. Set for good the first time a record reads
    /// a column back while binding (that record is then written through the collecting path): keeping
    /// them costs a copy of every value, which records that never read back do not pay.
    private var keepsBoundValues = false
    private var isWriting = false

    deinit {
        boundValues.deinitialize().deallocate()
    }

    /// How a record type writes itself: a function of the record's address, made once per type for
    /// its statements (`encodeFunction(for:)`), so that writing a record casts nothing.
    typealias EncodeFunction = (UnsafeRawPointer, inout PersistenceContainer) throws -> Void

    /// The encode function of `Record` when it is an `EncodableRecord`, else nil.
    static func encodeFunction<Record: DatabaseRecord>(for type: Record.Type) -> EncodeFunction? {
        (Record.self as? any EncodableRecord.Type).map { encodeFunction(opening: $0) }
    }

    private static func encodeFunction<Record: EncodableRecord>(opening type: Record.Type) -> EncodeFunction {
        { record, container in try record.assumingMemoryBound(to: Record.self).pointee.encode(to: &container) }
    }

    /// Binds the record's columns to `plan`'s statement; false (nothing to rely on) when they are not
    /// exactly the plan's columns in order.
    func bind<Record>(_ record: Record, with encode: EncodeFunction, into container: inout PersistenceContainer, to plan: RecordStatement)
        throws -> Bool
    {
        // A record writing another record from its `encode(to:)`: leave it to the collecting path.
        if isWriting { return false }
        isWriting = true
        defer { isWriting = false }
        if keepsBoundValues, boundValues.count < plan.columns.count {
            boundValues.deinitialize().deallocate()
            boundValues = .allocate(capacity: plan.columns.count)
            boundValues.initialize(repeating: .null)
        }
        state.start(Record.self, binding: plan)
        defer { state.endBinding() }
        try write(record, with: encode, into: &container)
        return state.boundWholePlan
    }

    /// The row of a record.
    func collect<Record>(_ record: Record, with encode: EncodeFunction, into container: inout PersistenceContainer) throws -> EncodedRow {
        let wasWriting = isWriting
        let outer = state
        isWriting = true
        defer {
            isWriting = wasWriting
            state = outer
        }
        state.start(Record.self, binding: nil)
        try write(record, with: encode, into: &container)
        return state.row
    }

    private func write<Record>(_ record: Record, with encode: EncodeFunction, into container: inout PersistenceContainer) throws {
        do {
            try withUnsafePointer(to: record) { try encode(UnsafeRawPointer($0), &container) }
        } catch {
            throw RecordEncoder.persistenceError(error, Record.self)
        }
        if let failure = state.failure { throw failure }
    }

    func write(_ value: DatabaseValue, toColumn column: String) {
        do {
            try state.put(value, column: column)
        } catch {
            // The setter cannot throw: the write reports the failure. `sqliteBind` throws `PersistenceError`s.
            if let failure = error as? PersistenceError {
                state.fail(failure)
            } else {
                state.fail(column: column, errorSummary(error))
            }
            return
        }
        if keepsBoundValues, state.binding != nil, let bound = state.lastBoundPosition { boundValues[bound] = value }
    }

    func value(ofColumn column: String) -> DatabaseValue? {
        if state.binding == nil { return state.row.columns.firstIndex(of: column).map { state.row.values[$0] } }
        // A record given up on is written again, collected: what it reads now does not matter.
        if state.outOfPlan { return nil }
        if !keepsBoundValues {
            // The values bound so far were not kept: this record is written again, collected.
            keepsBoundValues = true
            state.leavePlan()
            return nil
        }
        return state.planColumns[..<state.position].firstIndex(of: column).map { boundValues[$0] }
    }
}
