import FeatureContract
import Reactive

/// A console that keeps what commands write, for a test that runs them in process
/// (`BistroApp.run(_:plugins:arguments:environment:console:)` with `capturing.console`).
///
/// Writes may come from any thread; each is kept whole, in the order written.
public final class CapturingConsole: Sendable {
    /// The console to run commands with: not a terminal, no colour, no spinner.
    public let console: Console
    private let written: Locked<(output: String, errors: String)>

    /// A console for the tool named `toolName`, as error lines name it.
    public init(toolName: String) {
        let written = Locked((output: "", errors: ""))
        self.written = written
        console = Console(
            toolName: toolName, writeOutput: { text in written.withLock { $0.output += text } },
            writeError: { text in written.withLock { $0.errors += text } })
    }

    /// Everything written to standard output so far.
    public var output: String { written.withLock { $0.output } }

    /// Everything written to standard error so far.
    public var errors: String { written.withLock { $0.errors } }

    /// Forgets what was written, for the next command.
    public func reset() {
        written.withLock { $0 = (output: "", errors: "") }
    }
}
