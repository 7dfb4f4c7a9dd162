import Foundation
import XCTest

/// Several `bistro` processes on one database at once, as scripts and terminals run them.
final class ConcurrentProcessesTests: BistroTestCase {
    /// Starts every command line at once and waits for each (bounded), standard input at EOF.
    private func runTogether(_ commands: [[String]]) throws -> [Run] {
        struct Started {
            let process: Process
            let output: Pipe
            let errors: Pipe
            let exited: DispatchSemaphore
        }
        let started = try commands.map { arguments -> Started in
            let process = try makeProcess(arguments)
            let output = Pipe()
            let errors = Pipe()
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = output
            process.standardError = errors
            let exited = DispatchSemaphore(value: 0)
            process.terminationHandler = { _ in exited.signal() }
            try process.run()
            return Started(process: process, output: output, errors: errors, exited: exited)
        }
        return started.map { run in
            // Outputs are a few lines: they fit in the pipes, so reading after the exit cannot block the child.
            if run.exited.wait(timeout: .now() + 120) == .timedOut {
                run.process.terminate()
                XCTFail("a run did not end within 120 s")
            }
            return Run(
                status: run.process.terminationStatus,
                standardOutput: String(decoding: run.output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
                standardError: String(decoding: run.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        }
    }

    func testTwentyMenuSetsOnANewDatabaseAllSucceed() throws {
        let runs = try runTogether((1...20).map { ["menu", "set", "1", "\($0)", "--json"] })
        for (index, run) in runs.enumerated() {
            XCTAssertEqual(run.status, 0, "run \(index + 1): \(run.standardError)")
            XCTAssertEqual(run.standardError, "", "run \(index + 1)")
        }
        let list = try bistro("menu", "list", "--json")
        XCTAssertEqual(list.status, 0, list.standardError)
        let menu = try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [String: Any]
        let items = try XCTUnwrap(menu?["items"] as? [[String: Any]])
        XCTAssertEqual(items.map { $0["id"] as? Int }, [1, 2, 3, 4])
        // The last writer's count: one of the twenty.
        XCTAssertTrue((1...20).contains(items.first?["count"] as? Int ?? 0), "\(items)")
    }

    func testTenOrdersOfOneSelectionAtOncePlaceOneOrder() throws {
        XCTAssertEqual(try bistro("menu", "set", "3", "1").status, 0)
        let runs = try runTogether(Array(repeating: ["menu", "order", "--json"], count: 10))
        let placed = runs.filter { $0.status == 0 }
        XCTAssertEqual(placed.count, 1, runs.map(\.standardError).joined())
        for run in runs where run.status != 0 {
            XCTAssertEqual(run.status, 1)
            // Either it read the selection after the order had emptied it, or before and was refused.
            XCTAssertTrue(
                [
                    "bistro: error: could not order: nothing is selected (see 'bistro menu set')\n",
                    "bistro: error: could not order: The selection changed meanwhile; nothing was ordered.\n",
                ].contains(run.standardError), run.standardError)
        }
        let orders = try bistro("orders", "--json")
        let history = try JSONSerialization.jsonObject(with: Data(orders.standardOutput.utf8)) as? [[String: Any]]
        XCTAssertEqual(history?.count, 1)
        XCTAssertEqual(history?.first?["total"] as? Int, 4500)
        XCTAssertEqual(try bistro("menu", "list", "--json").standardOutput.contains(#""itemsCount":0"#), true)
    }
}
