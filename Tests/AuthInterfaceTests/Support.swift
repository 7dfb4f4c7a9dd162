import Architecture
import Dependencies
import Reactive

/// Collects the issues reported inside `withIssueReporter`, instead of failing the test.
final class RecordingIssueReporter: IssueReporter {
    // Qualified: Architecture has a package-level `Locked` of its own.
    private let recorded = Locked<[String]>([])

    var messages: [String] { recorded.withLock { $0 } }

    func reportIssue(_ message: String, at location: IssueLocation) {
        recorded.withLock { $0.append(message) }
    }
}
