import Architecture
import Synchronization

/// Collects the issues reported inside `withIssueReporter`, instead of failing the test.
final class RecordingIssueReporter: IssueReporter {
    private let recorded = Mutex<[String]>([])

    var messages: [String] { recorded.withLock { $0 } }

    func reportIssue(_ message: String, at location: IssueLocation) {
        recorded.withLock { $0.append(message) }
    }
}
