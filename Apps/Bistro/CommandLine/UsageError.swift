/// A command line that does not match the command's description; `bistro` exits with 2 and a hint.
struct UsageError: Error, Equatable, CustomStringConvertible {
    let message: String
    /// The command whose `--help` the hint points to, e.g. `bistro menu`.
    let command: String

    var description: String { message }

    /// The line that follows the error: where to read the usage.
    var hint: String { "try '\(command) --help' for usage" }
}
