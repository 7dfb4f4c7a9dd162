import Reactive

/// Where issues go: a reporter set for the current task, else the process-wide one.
///
/// The process-wide default is chosen on first use: a `DiscoverableIssueReporter` named
/// `ArchitectureTesting.TestIssueReporter` when that module is linked (it fails XCTest and Swift
/// Testing tests alike), else `XCTFail` when XCTest is loaded, else a log line on standard error.
public enum IssueReporting {
    @TaskLocal static var taskReporter: (any IssueReporter)?

    private static let installed = Locked<(any IssueReporter)?>(nil)

    /// The mangled name of `ArchitectureTesting.TestIssueReporter`, looked up at run time: a type
    /// lookup by name is Linux's `NSClassFromString`, and needs no exported symbol.
    static let testReporterMangledName = "19ArchitectureTesting17TestIssueReporterV"

    /// The process-wide reporter, used outside any `withIssueReporter` scope.
    public static var defaultReporter: any IssueReporter {
        get {
            installed.withLock { reporter in
                if let reporter { return reporter }
                let discovered = discoverReporter()
                reporter = discovered
                return discovered
            }
        }
        set { installed.withLock { $0 = newValue } }
    }

    /// The reporter for the current task.
    public static var current: any IssueReporter {
        taskReporter ?? defaultReporter
    }

    private static func discoverReporter() -> any IssueReporter {
        if let type = _typeByName(testReporterMangledName) as? any DiscoverableIssueReporter.Type {
            return type.init()
        }
        if !TestEnvironment.isSwiftTestingRun, let xcTest = XCTestDynamicReporter() {
            return xcTest
        }
        return LogIssueReporter()
    }
}

/// Reports an issue to the current reporter: a test failure inside tests, a log line elsewhere.
public func reportIssue(
    _ message: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
) {
    IssueReporting.current.reportIssue(message, at: IssueLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Reports an issue at `location` to the current reporter.
public func reportIssue(_ message: String, at location: IssueLocation) {
    IssueReporting.current.reportIssue(message, at: location)
}

/// Runs `operation` with issues sent to `reporter`; tasks created inside inherit it.
@discardableResult
public func withIssueReporter<Result>(_ reporter: any IssueReporter, operation: () throws -> Result) rethrows -> Result {
    try IssueReporting.$taskReporter.withValue(reporter, operation: operation)
}

/// Runs `operation` with issues sent to `reporter`; tasks created inside inherit it.
@discardableResult
public func withIssueReporter<Result>(
    _ reporter: any IssueReporter, isolation: isolated (any Actor)? = #isolation, operation: () async throws -> Result
) async rethrows -> Result {
    try await IssueReporting.$taskReporter.withValue(reporter, operation: operation, isolation: isolation)
}
