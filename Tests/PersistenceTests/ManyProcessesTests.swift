import Foundation
import Persistence
import PersistenceInterface
import XCTest

/// Several processes opening one file at once: each migration runs once, whoever gets there first,
/// and every opening succeeds.
final class ManyProcessesTests: XCTestCase {
    func testTwentyProcessesOpeningANewFileAtOnceAllSucceedAndMigrateItOnce() throws {
        let path = try makeTemporaryDirectory(for: self).appendingPathComponent("contended.sqlite").path
        let outcomes = try runContenders(count: 20, path: path)
        XCTAssertEqual(outcomes.map(\.status), Array(repeating: 0, count: 20), outcomes.map(\.errorOutput).joined())
        let database = try SQLiteDatabase(.file(path: path), migrations: Self.contenderMigrationNames.map { Migration($0) { _ in } })
        XCTAssertEqual(try database.appliedMigrations(), Self.contenderMigrationNames)
        try database.read { db in
            for index in 0..<20 {
                XCTAssertEqual(try db.fetchValue(sql: "SELECT count(*) FROM contender\(index)"), .integer(50))
            }
        }
    }

    // MARK: Support

    /// The names of `persistence-crash-writer migrate`'s migrations, in its order.
    private static let contenderMigrationNames = (0..<20).map { "contender.\($0)" }

    private struct Outcome {
        var status: Int32
        var errorOutput: String
    }

    /// Starts `count` contenders on `path`, lets them all go at once and waits for each (bounded).
    private func runContenders(count: Int, path: String) throws -> [Outcome] {
        let executable = try crashWriterExecutable()
        var processes: [(Process, Pipe, Pipe, DispatchSemaphore)] = []
        for _ in 0..<count {
            let process = Process()
            process.executableURL = executable
            process.arguments = ["migrate", path]
            let input = Pipe()
            let errors = Pipe()
            process.standardInput = input
            process.standardError = errors
            let exited = DispatchSemaphore(value: 0)
            process.terminationHandler = { _ in exited.signal() }
            try process.run()
            processes.append((process, input, errors, exited))
        }
        // The start signal: every contender is running and waiting on its standard input.
        for (_, input, _, _) in processes {
            input.fileHandleForWriting.write(Data("go\n".utf8))
            try input.fileHandleForWriting.close()
        }
        return processes.map { process, _, errors, exited in
            if exited.wait(timeout: .now() + 60) == .timedOut {
                process.terminate()
                XCTFail("a contender did not finish within 60 s")
                return Outcome(status: -1, errorOutput: "timed out")
            }
            let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            return Outcome(status: process.terminationStatus, errorOutput: output)
        }
    }
}
