import Foundation
import Persistence
import PersistenceInterface

// The child process of PersistenceTests' crash test: appends whole batches of rows to a database file,
// one write transaction per batch, and after each commit prints `committed <batch>` on stdout (an
// unbuffered write), forever or until a given number of batches. The test kills it with SIGKILL in
// the middle of the stream and checks that the file holds only whole batches.
//
// Usage: persistence-crash-writer <database path> [rows per batch (default 200)] [batches (default: no end)]
//
// The other mode is a contender of PersistenceTests' many-processes test: it waits for a line on
// standard input (the start signal, so that every contender opens at the same moment), opens the
// database with `contenderMigrations`, and exits 0, or 1 with the error on standard error.
//
// Usage: persistence-crash-writer migrate <database path>

struct Entry: DatabaseRecord {
    static let tableName = "entries"
    var id: Int64?
    var batch: Int
    var item: Int
    var payload: String
}

/// The schema; the test opens the file with the same migrations.
let migrations = [
    Migration(
        "createEntries",
        sql: "CREATE TABLE entries (id INTEGER PRIMARY KEY, batch INTEGER NOT NULL, item INTEGER NOT NULL, payload TEXT NOT NULL)")
]

/// Twenty tables with a few rows each: enough work per opening that contenders overlap.
let contenderMigrations = (0..<20).map { index in
    Migration("contender.\(index)") { db in
        try db.execute(sql: "CREATE TABLE contender\(index) (id INTEGER PRIMARY KEY, value TEXT NOT NULL)")
        for row in 0..<50 {
            try db.execute(sql: "INSERT INTO contender\(index) (value) VALUES (?)", arguments: [.text("row \(row)")])
        }
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("persistence-crash-writer: \(message)\n".utf8))
    exit(1)
}

let arguments = CommandLine.arguments
if arguments.count == 3, arguments[1] == "migrate" {
    _ = readLine()
    do {
        _ = try SQLiteDatabase(.file(path: arguments[2]), migrations: contenderMigrations)
        exit(0)
    } catch {
        fail("\(error)")
    }
}
guard arguments.count >= 2 else { fail("usage: persistence-crash-writer <database path> [rows per batch] [batches]") }
guard let rowsPerBatch = arguments.count >= 3 ? Int(arguments[2]) : 200, rowsPerBatch > 0 else {
    fail("rows per batch must be a positive integer")
}
let batchLimit = arguments.count >= 4 ? Int(arguments[3]) : nil

do {
    let database = try SQLiteDatabase(.file(path: arguments[1]), migrations: migrations)
    var batch =
        try database.read { try $0.fetchValue(sql: "SELECT COALESCE(MAX(batch) + 1, 0) FROM entries") }
        .flatMap { Int.fromDatabaseValue($0) } ?? 0
    let payload = String(repeating: "x", count: 100)
    while batchLimit.map({ batch < $0 }) ?? true {
        try database.write { transaction in
            for item in 0..<rowsPerBatch {
                try transaction.insert(Entry(id: nil, batch: batch, item: item, payload: payload))
            }
        }
        FileHandle.standardOutput.write(Data("committed \(batch)\n".utf8))
        batch += 1
    }
} catch {
    fail("\(error)")
}
