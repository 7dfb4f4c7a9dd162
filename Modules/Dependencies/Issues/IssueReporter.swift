/// Receives the issues that Architecture finds: an `unimplemented` dependency that was called, an
/// effect error nobody handled, a TestStore expectation that did not hold.
///
/// Inside tests an issue must fail the running test; elsewhere it is a log line. Which of the two
/// happens is the reporter's business, so the module itself never links XCTest or Testing.
public protocol IssueReporter: Sendable {
    /// Reports one issue, attributed to `location`.
    func reportIssue(_ message: String, at location: IssueLocation)
}

/// A reporter that can be created without arguments, so that `IssueReporting` can find and install it
/// at run time when the module that declares it is linked into the process (a test library does this).
public protocol DiscoverableIssueReporter: IssueReporter {
    /// A reporter ready to use.
    init()
}
