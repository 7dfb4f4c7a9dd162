import Dependencies
import Foundation
import TestSupport
import XCTest

/// Where issues go: the current task's reporter, with the caller's location; a log line outside tests.
final class IssueReportingTests: XCTestCase {
    func testAnIssueGoesToTheReporterOfTheCurrentTaskWithTheCallersLocation() async {
        let reporter = CapturingReporter()
        await withIssueReporter(reporter) {
            reportIssue("first")
            await Task { reportIssue("from a child task") }.value
        }
        let line: UInt = #line - 3
        XCTAssertEqual(
            reporter.issues,
            [
                CapturingReporter.Captured(message: "first", fileID: "DependenciesTests/IssueReportingTests.swift", line: line),
                CapturingReporter.Captured(
                    message: "from a child task", fileID: "DependenciesTests/IssueReportingTests.swift", line: line + 1),
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

    /// Does its work only in the child process: reports an issue the way a running app would.
    func testChildLogsAnIssue() {
        guard ProcessInfo.processInfo.environment["DEPENDENCIES_LOG_CHILD"] == "1" else { return }
        IssueReporting.defaultReporter = LogIssueReporter()
        reportIssue("logged, not failed")
    }

    func testOutsideATestAnIssueIsALogLine() throws {
        #if os(Linux)
            let (status, output) = try runTestInChildProcess(
                "DependenciesTests.IssueReportingTests/testChildLogsAnIssue", environment: ["DEPENDENCIES_LOG_CHILD": "1"])
            XCTAssertEqual(exitCode(status), 0, output)
            XCTAssertNotNil(
                output.range(
                    of: #"issue at DependenciesTests/IssueReportingTests\.swift:\d+: logged, not failed\n"#,
                    options: .regularExpression),
                output)
        #else
            throw XCTSkip("The child process is started the Linux way (the .xctest binary).")
        #endif
    }
}
