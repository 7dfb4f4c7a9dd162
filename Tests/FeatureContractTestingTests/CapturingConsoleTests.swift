import Dispatch
import FeatureContract
import FeatureContractTesting
import XCTest

/// The capturing console keeps what a command writes, each write whole, as a terminal would show it.
final class CapturingConsoleTests: XCTestCase {
    func testItKeepsOutputAndErrorsApartUntilReset() {
        let capturing = CapturingConsole(toolName: "loyalty-app")
        capturing.console.emit("stamped")
        capturing.console.error("no such customer", hint: "try 'loyalty-app --help' for usage")
        XCTAssertEqual(capturing.output, "stamped\n")
        XCTAssertEqual(capturing.errors, "loyalty-app: error: no such customer\ntry 'loyalty-app --help' for usage\n")
        XCTAssertFalse(capturing.console.isInteractive)
        XCTAssertFalse(capturing.console.usesColor)

        capturing.reset()
        XCTAssertEqual(capturing.output, "")
        XCTAssertEqual(capturing.errors, "")
    }

    func testWritesFromManyThreadsAreEachKeptWhole() {
        let capturing = CapturingConsole(toolName: "tool")
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            capturing.console.emit("line \(index)")
        }
        let lines = capturing.output.split(separator: "\n").map(String.init)
        XCTAssertEqual(Set(lines), Set((0..<200).map { "line \($0)" }))
        XCTAssertEqual(lines.count, 200)
    }
}
