import Foundation
import PersistenceInterface

/// Applies named migrations in order and records their names, all pending ones in one exclusive
/// write transaction that first reads which have run.
///
/// The names not applied yet run in list order, wherever they are in the list (as GRDB's migrator
/// does), so each feature sharing the database can append to its own part of the list after the
/// app's part has shipped. A name the list does not know means a newer program migrated the file:
/// the database refuses it rather than run an older schema on newer data.
///
/// Several processes may open a new file at once: the history is read again inside the
/// `BEGIN IMMEDIATE` transaction that applies what it lacks, so whoever takes the write lock second
/// finds the migrations done and runs none of them. A failing migration rolls the whole opening back.
struct Migrator {
    /// The table that records the applied migrations.
    static let table = "persistence_migrations"

    let migrations: [Migration]

    /// Applies the migrations not applied yet; on the writer queue.
    func migrate(on writer: Writer) throws {
        let names = try uniqueNames()
        // Nothing to do is decided without the write lock: another process can only add to the history.
        let applied = try writer.read { try Self.appliedNames($0) }
        try Self.refuseUnknown(applied, known: names)
        guard migrations.contains(where: { !applied.contains($0.name) }) else { return }
        try writer.write { transaction in
            let applied = try Self.appliedNames(transaction)
            try Self.refuseUnknown(applied, known: names)
            let pending = migrations.filter { !applied.contains($0.name) }
            guard !pending.isEmpty else { return }
            try transaction.execute(
                sql: """
                    CREATE TABLE IF NOT EXISTS \(Self.table) (
                        position INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, appliedAt REAL NOT NULL)
                    """)
            // Positions number migrations in the order they ran: an inserted one runs after later-listed ones.
            for (position, migration) in zip(applied.count..., pending) {
                try migration.migrate(transaction)
                try transaction.execute(
                    sql: "INSERT INTO \(Self.table) (position, name, appliedAt) VALUES (?, ?, ?)",
                    arguments: [.integer(Int64(position)), .text(migration.name), Date().databaseValue])
            }
        }
    }

    /// Refuses a file another program made, before anything is written to it: one with tables but no
    /// migration history, which the migrations would collide with. Run on the opened connection,
    /// before its journal mode is set.
    func checkOwnership(_ transaction: any ReadTransaction, path: String) throws {
        let names = try uniqueNames()
        guard !migrations.isEmpty else { return }
        let applied = try Self.appliedNames(transaction)
        try Self.refuseUnknown(applied, known: names)
        guard applied.isEmpty else { return }
        // The history table is created in the transaction that creates the first tables, so a file
        // with tables and no history was never migrated by this library.
        let objects = try transaction.fetchValue(sql: "SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'")
        guard objects == .integer(0) else { throw PersistenceError.foreignDatabase(path: path) }
    }

    /// The names of the applied migrations, in the order they were applied.
    static func appliedNames(_ transaction: any ReadTransaction) throws -> [String] {
        let exists = try transaction.fetchValue(
            sql: "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?", arguments: [.text(table)])
        guard exists == .integer(1) else { return [] }
        return try transaction.fetchRows(sql: "SELECT name FROM \(table) ORDER BY position").map {
            try $0.decode(String.self, column: "name")
        }
    }

    private func uniqueNames() throws -> Set<String> {
        var names = Set<String>()
        for migration in migrations where !names.insert(migration.name).inserted {
            throw PersistenceError.duplicateMigration(name: migration.name)
        }
        return names
    }

    private static func refuseUnknown(_ applied: [String], known: Set<String>) throws {
        let unknown = applied.filter { !known.contains($0) }
        guard unknown.isEmpty else { throw PersistenceError.newerSchema(unknownMigrations: unknown) }
    }
}
