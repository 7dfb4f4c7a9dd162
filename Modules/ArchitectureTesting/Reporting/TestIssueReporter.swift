import Dependencies
import ReactiveTesting

/// Fails the running test: through Swift Testing's `Issue.record` inside a Swift Testing test,
/// through `XCTFail` inside an XCTest test, with the same message and location either way.
///
/// `IssueReporting` finds this type by name when ArchitectureTesting is linked into the process, so
/// `unimplemented` dependencies and TestStore expectations fail tests without any setup.
public struct TestIssueReporter: DiscoverableIssueReporter {
    /// The reporter.
    public init() {}

    /// Records the issue with the test library running the current test.
    public func reportIssue(_ message: String, at location: IssueLocation) {
        TestFailure.record(
            message, fileID: "\(location.fileID)", filePath: location.filePath, line: location.line, column: location.column)
    }
}
