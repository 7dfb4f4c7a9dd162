import Foundation
import PersistenceInterface

/// Applies named migrations in order, each in its own transaction, and records their names.
///
/// The names not applied yet run in list order, wherever they are in the list (as GRDB's migrator
/// does), so each feature sharing the database can append to its own part of the list after the
/// app's part has shipped. A name the list does not know means a newer program migrated the file:
/// the database refuses it rather than run an older schema on newer data.
struct Migrator {
    /// The table that records the applied migrations.
    static let table = "persistence_migrations"

    let migrations: [Migration]

    /// Applies the migrations not applied yet; on the writer queue.
    func migrate(on writer: Writer) throws {
        var names = Set<String>()
        for migration in migrations where !names.insert(migration.name).inserted {
            throw PersistenceError.duplicateMigration(name: migration.name)
        }
        let applied = try writer.read { try Self.appliedNames($0) }
        let unknown = applied.filter { !names.contains($0) }
        guard unknown.isEmpty else { throw PersistenceError.newerSchema(unknownMigrations: unknown) }
        let pending = migrations.filter { !applied.contains($0.name) }
        // Positions number migrations in the order they ran: an inserted one runs after later-listed ones.
        for (position, migration) in zip(applied.count..., pending) {
            try writer.write { transaction in
                try transaction.execute(sql: """
                    CREATE TABLE IF NOT EXISTS \(Self.table) (
                        position INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, appliedAt REAL NOT NULL)
                    """)
                try migration.migrate(transaction)
                try transaction.execute(
                    sql: "INSERT INTO \(Self.table) (position, name, appliedAt) VALUES (?, ?, ?)",
                    arguments: [.integer(Int64(position)), .text(migration.name), Date().databaseValue])
            }
        }
    }

    /// The names of the applied migrations, in the order they were applied.
    static func appliedNames(_ transaction: any ReadTransaction) throws -> [String] {
        let exists = try transaction.fetchValue(sql: "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?", arguments: [.text(table)])
        guard exists == .integer(1) else { return [] }
        return try transaction.fetchRows(sql: "SELECT name FROM \(table) ORDER BY position").map { try $0.decode(String.self, column: "name") }
    }
}
