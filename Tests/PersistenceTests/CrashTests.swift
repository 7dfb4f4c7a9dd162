import Foundation
import Persistence
import PersistenceInterface
import XCTest

/// A child process writing a stream of transactions is killed with SIGKILL; the file it leaves must
/// pass `PRAGMA integrity_check` and hold only whole transactions, every reported commit included.
final class CrashTests: XCTestCase {
    private struct Entry: DatabaseRecord {
        static let tableName = "entries"
        var id: Int64?
        var batch: Int
        var item: Int
        var payload: String
    }

    /// The schema of `persistence-crash-writer` (Apps/PersistenceCrashWriter).
    private let migrations = [
        Migration(
            "createEntries",
            sql: "CREATE TABLE entries (id INTEGER PRIMARY KEY, batch INTEGER NOT NULL, item INTEGER NOT NULL, payload TEXT NOT NULL)")
    ]

    func testAWriterKilledMidStreamLeavesOnlyWholeTransactions() throws {
        let path = try makeTemporaryDirectory(for: self).appendingPathComponent("crash.sqlite").path
        let rowsPerBatch = 200
        let reportsBeforeKill = 40

        let process = Process()
        process.executableURL = try crashWriterExecutable()
        process.arguments = [path, "\(rowsPerBatch)"]
        let output = Pipe()
        process.standardOutput = output
        let reported = Recorder<Int>()
        let buffer = Recorder<Data>()
        output.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            guard !data.isEmpty else {
                reported.complete()
                return
            }
            buffer.append(data)
            // Whole lines only: a read may end in the middle of one.
            let text = String(decoding: buffer.values.reduce(Data(), +), as: UTF8.self)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            for line in lines.dropFirst(reported.values.count) {
                if line.hasPrefix("committed "), let batch = Int(line.dropFirst("committed ".count)) { reported.append(batch) }
            }
        }
        try process.run()
        // A handshake: the child has reported this many commits and is writing the next ones.
        reported.waitForValues(reportsBeforeKill, timeout: 120)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        output.fileHandleForReading.readabilityHandler = nil
        XCTAssertEqual(process.terminationReason, .uncaughtSignal)
        XCTAssertEqual(process.terminationStatus, SIGKILL)
        let lastReported = try XCTUnwrap(reported.values.last)
        XCTAssertGreaterThanOrEqual(lastReported, reportsBeforeKill - 1)
        XCTAssertEqual(reported.values, Array(0...lastReported))

        let database = try SQLiteDatabase(.file(path: path), migrations: migrations)
        try database.read { db in
            XCTAssertEqual(try db.fetchRows(sql: "PRAGMA integrity_check").map { $0[0] }, [.text("ok")])
            let batches = try db.fetchRows(
                sql: "SELECT batch, count(*) AS rows, min(item), max(item) FROM entries GROUP BY batch ORDER BY batch")
            let committed = batches.count
            // Every commit the child reported is there; one more may have committed before it could say so.
            XCTAssertTrue(
                committed == lastReported + 1 || committed == lastReported + 2, "\(committed) batches, last reported \(lastReported)")
            for (expected, row) in batches.enumerated() {
                XCTAssertEqual(
                    row.values, [.integer(Int64(expected)), .integer(Int64(rowsPerBatch)), .integer(0), .integer(Int64(rowsPerBatch - 1))])
            }
            XCTAssertEqual(try db.fetchCount(Entry.self), committed * rowsPerBatch)
        }
        // The file goes on working.
        try database.write { db in try db.insert(Entry(id: nil, batch: -1, item: 0, payload: "after the crash")) }
    }
}
