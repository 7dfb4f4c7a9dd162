#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes each issue as one line on standard error: what a running app does with an issue.
public struct LogIssueReporter: IssueReporter {
    /// A reporter that logs to standard error.
    public init() {}

    /// Writes `issue at Module/File.swift:12: message` to standard error.
    public func reportIssue(_ message: String, at location: IssueLocation) {
        // One write(2) per line, so lines from several threads never interleave mid-line.
        let line = "issue at \(location): \(message)\n"
        _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
    }
}
