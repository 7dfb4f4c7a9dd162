import Foundation

/// A `bistro` run that keeps going (`contacts --watch`, `config watch`): its output and its errors
/// read line by line as they come, the run ended by Ctrl-C or by closing its standard input.
///
/// Both pipes are read only when the test asks for a line: a run writing more than a pipe holds
/// (64 KiB) without being read would block, which these few lines never approach.
final class WatchingRun {
    /// Standard output, line by line.
    let lines: LineReader
    /// Standard error, line by line.
    let errors: LineReader
    private let process: Process
    private let input = Pipe()
    private let exited = DispatchSemaphore(value: 0)

    /// Starts `process` (not yet running) with pipes for its input, output and error.
    init(_ process: Process) throws {
        self.process = process
        let output = Pipe()
        let error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        process.terminationHandler = { [exited] _ in exited.signal() }
        try process.run()
        lines = LineReader(output.fileHandleForReading)
        errors = LineReader(error.fileHandleForReading)
    }

    /// Sends Ctrl-C's signal.
    func interrupt() {
        kill(process.processIdentifier, SIGINT)
    }

    /// Closes standard input (the end of input).
    func closeInput() throws {
        try input.fileHandleForWriting.close()
    }

    /// The exit status once the run has ended; nil, after killing it, if it did not end within `seconds`.
    func waitForExit(within seconds: Double = 30) -> Int32? {
        guard exited.wait(timeout: .now() + seconds) == .success else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        process.waitUntilExit()
        return process.terminationStatus
    }
}

extension BistroTestCase {
    /// Starts `bistro` with `arguments` as a run that keeps going.
    func startWatching(_ arguments: [String]) throws -> WatchingRun {
        try WatchingRun(try makeProcess(arguments))
    }
}
