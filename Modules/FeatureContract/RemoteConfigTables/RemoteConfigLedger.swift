import Foundation
import PersistenceInterface

/// What `RemoteConfigTables` keeps about each key in the app's database, beside the tables it
/// keeps in step: the active value it refused, and whether an empty table holds a stored value.
///
/// It is state, not memory: a refused value is reported once across runs and processes, and every
/// decision is read inside the write that acts on it. Its two tables are made by the first write
/// that needs them rather than by a migration, because `RemoteConfigTables` serves whatever
/// database a host opened with its plugins' migrations, and has none of its own to add.
enum RemoteConfigLedger {
    /// Forgets the refusal of `table`'s key and, when the table now reads empty, notes that its
    /// emptiness is a stored value's: after a value of the key was stored, or found stored.
    static func noteStored(_ table: RemoteConfigTable, at now: Date, in db: any WriteTransaction) throws {
        if try exists(RefusalRecord.self, in: db) { try db.delete(RefusalRecord.self, id: table.key) }
        try noteEmptiness(of: table, at: now, in: db)
    }

    /// Notes that `table`'s emptiness is a stored value's, when it reads empty and that is not noted yet.
    static func noteEmptiness(of table: RemoteConfigTable, at now: Date, in db: any WriteTransaction) throws {
        guard try table.holdsNoData(db) else { return }
        try create(EmptyValueRecord.self, in: db)
        if try db.fetchOne(EmptyValueRecord.self, id: table.key) == nil {
            try db.insert(EmptyValueRecord(key: table.key, storedAt: now))
        }
    }

    /// Whether no value of `table`'s key was ever stored: the table reads empty, and no stored
    /// value left it so. (A table that holds data was filled by some value.)
    static func holdsNoValueYet(_ table: RemoteConfigTable, in db: any WriteTransaction) throws -> Bool {
        guard try table.holdsNoData(db) else { return false }
        return try !exists(EmptyValueRecord.self, in: db) || db.fetchOne(EmptyValueRecord.self, id: table.key) == nil
    }

    /// Records that the active value of `key`, whose SHA-256 is `digest`, was refused for
    /// `reason`; returns whether that is news: false when this very value is the refusal on record.
    static func noteRefusal(of key: String, digest: String, reason: String, at now: Date, in db: any WriteTransaction) throws -> Bool {
        try create(RefusalRecord.self, in: db)
        if try db.fetchOne(RefusalRecord.self, id: key)?.valueSHA256 == digest { return false }
        try db.upsert(RefusalRecord(key: key, valueSHA256: digest, reason: reason, refusedAt: now))
        return true
    }

    // MARK: The tables

    /// The active value of a key that its table refused, while the table keeps the last good data;
    /// gone once a value of the key is stored.
    struct RefusalRecord: LedgerRecord {
        static let tableName = "remoteConfigRefusals"
        static let primaryKey = "key"
        static let schema = """
            CREATE TABLE remoteConfigRefusals (
                key TEXT PRIMARY KEY NOT NULL,
                valueSHA256 TEXT NOT NULL,
                reason TEXT NOT NULL,
                refusedAt REAL NOT NULL
            )
            """

        var key: String
        /// The refused value's bytes, hashed: the same value refused again is no news.
        var valueSHA256: String
        /// The feature's sentence for why the value was refused.
        var reason: String
        var refusedAt: Date
    }

    /// A key whose table a stored value left empty: from then on an empty table is that value's
    /// data (a published `[]`), not a table that no value has filled yet.
    struct EmptyValueRecord: LedgerRecord {
        static let tableName = "remoteConfigEmptyValues"
        static let primaryKey = "key"
        static let schema = """
            CREATE TABLE remoteConfigEmptyValues (key TEXT PRIMARY KEY NOT NULL, storedAt REAL NOT NULL)
            """

        var key: String
        var storedAt: Date
    }

    private static func exists<Record: DatabaseRecord>(_ record: Record.Type, in db: any ReadTransaction) throws -> Bool {
        let count = try db.fetchValue(
            sql: "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?", arguments: [.text(Record.tableName)])
        return count == .integer(1)
    }

    private static func create<Record: LedgerRecord>(_ record: Record.Type, in db: any WriteTransaction) throws {
        if try !exists(record, in: db) { try db.execute(sql: Record.schema) }
    }
}

/// A row of one of the ledger's tables, with the statement that makes its table.
private protocol LedgerRecord: DatabaseRecord {
    static var schema: String { get }
}
