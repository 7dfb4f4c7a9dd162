import Architecture
import ArchitectureTesting
import XCTest

final class IssueReportingTests: XCTestCase {
    func testTheTestLibrarysReporterIsFoundByNameWhenItIsLinked() {
        XCTAssertTrue(IssueReporting.defaultReporter is TestIssueReporter)
    }

    func testAnIssueGoesToTheReporterOfTheCurrentTaskWithTheCallersLocation() async {
        let reporter = CapturingReporter()
        await withIssueReporter(reporter) {
            reportIssue("first")
            await Task { reportIssue("from a child task") }.value
        }
        let line: UInt = #line - 3
        XCTAssertEqual(reporter.issues, [
            CapturingReporter.Captured(message: "first", fileID: "ArchitectureTests/IssueReportingTests.swift", line: line),
            CapturingReporter.Captured(
                message: "from a child task", fileID: "ArchitectureTests/IssueReportingTests.swift", line: line + 1),
        ])
    }

    func testNestedReportersDoNotLeak() {
        let outer = CapturingReporter()
        let inner = CapturingReporter()
        withIssueReporter(outer) {
            withIssueReporter(inner) { reportIssue("inner") }
            reportIssue("outer")
        }
        XCTAssertEqual(outer.messages, ["outer"])
        XCTAssertEqual(inner.messages, ["inner"])
    }
}
