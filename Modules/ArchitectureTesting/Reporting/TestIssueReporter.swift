import Architecture
import Dependencies
import Testing
import XCTest

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
        if Test.current != nil || Self.isSwiftTestingRun {
            Issue.record(
                Comment(rawValue: message),
                sourceLocation: SourceLocation(
                    fileID: "\(location.fileID)", filePath: "\(location.filePath)", line: Int(location.line),
                    column: Int(location.column)))
        } else {
            XCTFail(message, file: location.filePath, line: location.line)
        }
    }

    /// Whether this is the Swift Testing pass of `swift test`, where XCTest has no current test: an
    /// issue raised outside a test's task (a store processing on another thread) still goes to Swift Testing.
    private static let isSwiftTestingRun: Bool = {
        let arguments = CommandLine.arguments
        guard let index = arguments.firstIndex(of: "--testing-library"), index + 1 < arguments.count else { return false }
        return arguments[index + 1] == "swift-testing"
    }()
}
