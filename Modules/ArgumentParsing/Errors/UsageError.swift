/// A command line that does not match the commands' declarations, with the command whose help
/// the hint points to.
public struct UsageError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What is wrong: "unknown option '--nope'", "missing argument COUNT".
    public let message: String
    /// The words of the command reached, e.g. `["bistro", "menu", "set"]`.
    public let commandPath: [String]

    /// An error with `message` for the command at `commandPath`.
    public init(_ message: String, commandPath: [String]) {
        self.message = message
        self.commandPath = commandPath
    }

    public var description: String { message }

    /// The line that follows the error: where to read the usage.
    public var hint: String { "try '\(commandPath.joined(separator: " ")) --help' for usage" }
}
