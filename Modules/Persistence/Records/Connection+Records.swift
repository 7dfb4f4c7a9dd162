import PersistenceInterface

#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// Record operations: rows from and to `Codable` records.
extension Connection {
    /// Inserts a record; returns its rowid.
    func insert<Record: DatabaseRecord>(_ record: Record) throws -> Int64 {
        try run(.insert, record)
        return sqlite3_last_insert_rowid(handle)
    }

    /// Updates the row with the record's key; throws `recordNotFound` when there is none.
    func update<Record: DatabaseRecord>(_ record: Record) throws {
        try run(.update, record)
        if sqlite3_changes64(handle) == 0 { throw PersistenceError.recordNotFound(table: Record.tableName) }
    }

    /// Inserts the record or updates the row with its key.
    func upsert<Record: DatabaseRecord>(_ record: Record) throws {
        try run(.upsert, record)
    }

    /// Deletes the row with the record's key; returns whether there was one.
    func delete<Record: DatabaseRecord>(_ record: Record) throws -> Bool {
        try run(.delete, record)
        return sqlite3_changes64(handle) > 0
    }

    /// Runs a record operation: the cached statement of the record type when the record's columns are
    /// the cached ones (values bound as they are encoded), otherwise a statement for its columns. An
    /// `EncodableRecord` writes its columns with `encode(to:)`, any other record with `Encoder`.
    private func run<Record: DatabaseRecord>(_ operation: RecordOperation, _ record: Record) throws {
        let key = RecordStatementKey(type: ObjectIdentifier(Record.self), operation: operation)
        // The last statement used answers bulk writes of one type without hashing the key.
        let isLast = lastRecordStatement?.key == key
        let cachedStatement = isLast ? lastRecordStatement?.statement : recordStatements[key]
        if let cached = cachedStatement {
            let bound =
                if let encode = cached.encodeRecord {
                    try recordColumnWriter.bind(record, with: encode, into: &recordContainer, to: cached)
                } else {
                    try recordEncoder.bind(record, to: cached)
                }
            if bound {
                // Stored again only when it changes: storing the same one retained it and released it again.
                if !isLast { lastRecordStatement = (key, cached) }
                // `cached` stays referenced here until the statement ran: the encoder used its buffers.
                try cached.statement.run()
                return
            }
        }
        try checkOpen()
        // The slow path, once per record type and column set: the cast is made here, not per record.
        let encode = RecordColumnWriter.encodeFunction(for: Record.self)
        let row =
            if let encode {
                try recordColumnWriter.collect(record, with: encode, into: &recordContainer)
            } else {
                try RecordEncoder.collect(record)
            }
        let made = try RecordStatement.make(
            operation, table: Record.tableName, primaryKey: Record.primaryKeyColumns, columns: row.columns, type: Record.self,
            encodeRecord: encode, connection: self)
        recordStatements[key] = made
        lastRecordStatement = (key, made)
        try made.bind(row)
        try made.statement.run()
    }

    /// Deletes what the query selects; returns how many rows.
    func deleteAll<Record: DatabaseRecord>(_ query: Query<Record>) throws -> Int {
        let text = try QuerySQL.delete(query)
        let statement = try cachedStatement(text.sql)
        try statement.bind(text.arguments, sql: text.sql)
        try statement.run()
        return Int(sqlite3_changes64(handle))
    }

    /// The records the query selects.
    func fetchAll<Record: DatabaseRecord>(_ query: Query<Record>) throws -> [Record] {
        let text = try QuerySQL.select(query)
        return try fetchRecords(Record.self, sql: text.sql, arguments: text.arguments)
    }

    /// The first record the query selects.
    func fetchOne<Record: DatabaseRecord>(_ query: Query<Record>) throws -> Record? {
        var query = query
        query.limit = min(query.limit ?? 1, 1)
        return try fetchAll(query).first
    }

    /// How many records the query selects.
    func fetchCount<Record: DatabaseRecord>(_ query: Query<Record>) throws -> Int {
        let text = try QuerySQL.count(query)
        let statement = try cachedStatement(text.sql)
        try statement.bind(text.arguments, sql: text.sql)
        var count = 0
        try statement.forEachRow { count = Int(statement.int64(at: 0)) }
        return count
    }

    /// The records an SQL statement selects: read with `init(columns:)` when `Record` is an
    /// `InPlaceFetchableRecord`, with `init(row:)` when it is a `FetchableRecord`, else decoded by
    /// column name.
    func fetchRecords<Record: Decodable>(_ type: Record.Type, sql: String, arguments: [DatabaseValue]) throws -> [Record] {
        let statement = try cachedStatement(sql)
        try statement.bind(arguments, sql: sql)
        // The row loop is written out (not `forEachRow`) so the per-row path captures nothing, and the
        // records go to a buffer that grows by doubling and becomes the array in one move at the end:
        // appending to an array from generic code looks up its metadata on every call.
        let handle = statement.handle
        statement.willRun()
        defer { sqlite3_reset(handle) }
        let code = sqlite3_step(handle)
        guard code == SQLITE_ROW else {
            if code == SQLITE_DONE {
                statement.didComplete()
                return []
            }
            statement.didFail()
            throw self.error(code, sql: sql)
        }
        // Made after the first step: a statement re-prepared after a schema change may have new columns.
        // The statement keeps the decoder, and with it the reader of the other two ways, made for
        // the same columns.
        let decoder = RecordDecoder.reusing(statement, for: Record.self)
        switch decoder.reading {
        case .inPlace(let reader): return try readRecords(statement, with: reader, sql: sql)
        case .row(let reader): return try readRecords(statement, with: reader, sql: sql)
        case .decoder: return try readRecords(statement, with: decoder, sql: sql)
        }
    }

    /// The records of the statement's rows from the current one (its first) on, each read by `reader`.
    /// Generic over the reader, so that each way has its own loop: a reader chosen per row, from
    /// optionals, was retained and released on every row, and a closure called per row cost more.
    private func readRecords<Reader: StatementRecordReader, Record: Decodable>(
        _ statement: Statement, with reader: Reader, sql: String
    ) throws -> [Record] {
        let handle = statement.handle
        var capacity = max(16, statement.lastRowCount)
        var buffer = UnsafeMutablePointer<Record>.allocate(capacity: capacity)
        var count = 0
        defer {
            buffer.deinitialize(count: count)
            buffer.deallocate()
        }
        var code: Int32
        repeat {
            if count == capacity {
                let grown = UnsafeMutablePointer<Record>.allocate(capacity: capacity * 2)
                grown.moveInitialize(from: buffer, count: count)
                buffer.deallocate()
                buffer = grown
                capacity *= 2
            }
            do {
                // Read straight into its slot: no copy of the record.
                try reader.read(into: buffer + count)
            } catch {
                statement.didFail()
                throw error
            }
            count += 1
            code = sqlite3_step(handle)
        } while code == SQLITE_ROW
        guard code == SQLITE_DONE else {
            statement.didFail()
            throw self.error(code, sql: sql)
        }
        statement.didComplete()
        statement.lastRowCount = count
        let records = [Record](unsafeUninitializedCapacity: count) { storage, initialized in
            storage.baseAddress!.moveInitialize(from: buffer, count: count)
            initialized = count
        }
        count = 0  // moved out: nothing left to deinitialize
        return records
    }
}
