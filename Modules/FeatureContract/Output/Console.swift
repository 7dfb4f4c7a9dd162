import Foundation
import TerminalUI

/// Where a command writes, and what the terminal it writes to can do.
///
/// Every write is one unbuffered write, so a reader of a pipe (a test, `--watch | ...`) sees each
/// line when it is written and lines from several threads never interleave. Tests capture the
/// output by giving their own writers.
public struct Console: Sendable {
    /// The tool's name, for error lines: "bistro".
    public var toolName: String
    /// Writes to standard output.
    public var writeOutput: @Sendable (String) -> Void
    /// Writes to standard error.
    public var writeError: @Sendable (String) -> Void
    /// Whether standard input and output are both a terminal: a full screen can run.
    public var isInteractive: Bool
    /// Whether output may be coloured: standard output is a terminal and NO_COLOR is not set.
    public var usesColor: Bool
    /// Whether a spinner may show on standard error: it is a terminal.
    public var showsProgress: Bool

    /// A console of these parts.
    public init(
        toolName: String,
        writeOutput: @escaping @Sendable (String) -> Void,
        writeError: @escaping @Sendable (String) -> Void,
        isInteractive: Bool = false,
        usesColor: Bool = false,
        showsProgress: Bool = false
    ) {
        self.toolName = toolName
        self.writeOutput = writeOutput
        self.writeError = writeError
        self.isInteractive = isInteractive
        self.usesColor = usesColor
        self.showsProgress = showsProgress
    }

    /// The process's standard output and error, with colour only on a terminal and never with
    /// NO_COLOR (no-color.org: any non-empty value).
    public static func standard(toolName: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> Console {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return Console(
            toolName: toolName,
            writeOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
            writeError: { FileHandle.standardError.write(Data($0.utf8)) },
            isInteractive: isatty(0) == 1 && isatty(1) == 1,
            usesColor: isatty(1) == 1 && !noColor,
            showsProgress: isatty(2) == 1)
    }

    /// Writes `text` and a line break (unless it ends with one) to standard output.
    public func emit(_ text: String) {
        writeOutput(text.hasSuffix("\n") ? text : text + "\n")
    }

    /// Writes `<tool>: error: <message>` and the hint line, if any, to standard error. A message
    /// may quote a server, a file or an argument: its control characters are shown, not sent.
    public func error(_ message: String, hint: String? = nil) {
        var text = "\(toolName): error: \(message.sanitizedForTerminal)\n"
        if let hint { text += "\(hint.sanitizedForTerminal)\n" }
        writeError(text)
    }

    /// Writes `<tool>: warning: <message>` to standard error: the command goes on. The message is
    /// shown as `error(_:hint:)` shows one.
    public func warning(_ message: String) {
        writeError("\(toolName): warning: \(message.sanitizedForTerminal)\n")
    }

    /// Writes `<tool>: note: <message>` to standard error: something the user should know that is
    /// no problem. The message is shown as `error(_:hint:)` shows one.
    public func note(_ message: String) {
        writeError("\(toolName): note: \(message.sanitizedForTerminal)\n")
    }

    /// Bold and dim for standard output.
    public var style: ConsoleStyle { ConsoleStyle(usesColor: usesColor) }
}
