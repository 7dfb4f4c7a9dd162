import Foundation
import PersistenceInterface

/// Applies named migrations in order, each in its own transaction, and records their names.
///
/// The names applied so far must be the first names of the list, in order. A name the list does not
/// know means a newer program migrated the file: the database refuses it rather than run an older
/// schema on newer data.
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
        let known = migrations.map(\.name)
        guard Array(known.prefix(applied.count)) == applied else {
            throw PersistenceError.migrationHistoryMismatch(applied: applied, known: known)
        }
        for (position, migration) in migrations.enumerated().dropFirst(applied.count) {
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
