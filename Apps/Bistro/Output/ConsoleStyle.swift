import Foundation

/// Colours for text on a terminal: only when the stream is a TTY and NO_COLOR is not set.
struct ConsoleStyle: Sendable {
    let usesColor: Bool

    /// The style for standard output (`fileDescriptor` 1) or standard error (2).
    init(fileDescriptor: Int32, environment: [String: String] = ProcessInfo.processInfo.environment) {
        // no-color.org: any non-empty value disables colour.
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        usesColor = isatty(fileDescriptor) == 1 && !noColor
    }

    static let standardOutput = ConsoleStyle(fileDescriptor: 1)

    func bold(_ text: String) -> String { usesColor ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
    func dim(_ text: String) -> String { usesColor ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
}
