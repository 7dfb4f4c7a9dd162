/// An end of the program that is no failure: the help that was asked for, or a message such as
/// the version.
public struct CleanExit: Error, CustomStringConvertible, Sendable {
    enum Kind: Sendable {
        /// The command path from the root to the command whose help is asked for.
        case helpRequest([any ParsableCommand.Type])
        case message(String)
    }

    let kind: Kind

    /// The help of `command` was asked for (`--help`, or a group run without a subcommand).
    public static func helpRequest(_ command: any ParsableCommand.Type) -> CleanExit {
        CleanExit(kind: .helpRequest([command]))
    }

    /// Print `text` and exit successfully.
    public static func message(_ text: String) -> CleanExit {
        CleanExit(kind: .message(text))
    }

    /// The commands from the root to the one whose help was asked for; nil for a message.
    public var helpPath: [any ParsableCommand.Type]? {
        if case .helpRequest(let path) = kind { return path }
        return nil
    }

    public var description: String {
        switch kind {
        case .helpRequest(let path): "help for \(path.map { $0.commandName }.joined(separator: " "))"
        case .message(let text): text
        }
    }
}
