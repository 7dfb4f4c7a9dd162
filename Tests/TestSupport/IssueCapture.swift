import Dependencies
import Foundation
import Reactive

/// Collects the issues reported inside `withIssueReporter`, instead of failing the test.
public final class CapturingReporter: IssueReporter {
    public struct Captured: Equatable, Sendable {
        public let message: String
        public let fileID: String
        public let line: UInt

        public init(message: String, fileID: String, line: UInt) {
            self.message = message
            self.fileID = fileID
            self.line = line
        }
    }

    public init() {}

    private let captured = Locked<[Captured]>([])

    public func reportIssue(_ message: String, at location: IssueLocation) {
        captured.withLock { $0.append(Captured(message: message, fileID: "\(location.fileID)", line: location.line)) }
    }

    public var issues: [Captured] { captured.withLock { $0 } }
    public var messages: [String] { issues.map(\.message) }
}
