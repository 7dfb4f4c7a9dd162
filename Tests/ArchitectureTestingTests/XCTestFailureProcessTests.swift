import Architecture
import ArchitectureTestSupport
import ArchitectureTesting
import Foundation
import TestSupport
import XCTest

/// The TestStore's failures through XCTest's own XCTFail, with the file and line of the call. A
/// failing test cannot be expected to fail here (swift-corelibs-xctest has no XCTExpectFailure),
/// so it runs in a child process — this test binary, started again on the test below — and this
/// test reads what XCTest printed.
final class XCTestFailureProcessTests: XCTestCase {
    private static let childVariable = "ARCHITECTURE_TESTING_FAILING_CHILD"

    /// Fails on purpose, but only in the child process; in a normal run it passes without doing anything.
    func testChildFailsOnPurpose() async {
        guard ProcessInfo.processInfo.environment[Self.childVariable] == "1" else { return }
        let store = TestStore(initialState: Counter.State(), reducer: Counter())
        await store.send(.increment) { $0.count = 2 }
    }
    /// The line of the failing `send` above.
    private static let failingLine = #line - 3

    func testAFailureIsAnXCTestFailureAtTheLineOfTheCall() throws {
        #if os(Linux)
            let (status, output) = try runTestInChildProcess(
                "ArchitectureTestingTests.XCTestFailureProcessTests/testChildFailsOnPurpose", environment: [Self.childVariable: "1"])
            XCTAssertEqual(exitCode(status), 1, output)
            let location =
                "XCTestFailureProcessTests.swift:\(Self.failingLine): error: XCTestFailureProcessTests.testChildFailsOnPurpose : failed - "
            XCTAssertTrue(output.contains(location + "A state change does not match expectation:"), output)
            XCTAssertTrue(output.contains("\u{2212}   count: 2,\n+   count: 1,"), output)
            XCTAssertTrue(output.contains("Executed 1 test, with 1 failure"), output)
        #else
            throw XCTSkip("The child process is started the Linux way (the .xctest binary).")
        #endif
    }
}
