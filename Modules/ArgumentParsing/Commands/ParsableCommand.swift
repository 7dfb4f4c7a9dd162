/// A command of a command-line tool: its declarations, its configuration (name, help,
/// subcommands), and what it does.
public protocol ParsableCommand: ParsableArguments {
    /// The command's name, help and subcommands.
    static var configuration: CommandConfiguration { get }
    /// Runs the command with its parsed values.
    mutating func run() throws
}

/// A command whose work is asynchronous.
public protocol AsyncParsableCommand: ParsableCommand {
    /// Runs the command with its parsed values.
    mutating func run() async throws
}

extension ParsableCommand {
    /// The name and help derived from the type: `MenuSet` is `menu-set`.
    public static var configuration: CommandConfiguration { CommandConfiguration() }

    /// A command that does nothing itself (a group of subcommands) asks for its help.
    public mutating func run() throws {
        throw CleanExit.helpRequest(Self.self)
    }

    /// The word that calls the command.
    public static var commandName: String {
        configuration.commandName ?? Self.derivedName
    }

    private static var derivedName: String {
        var name = String(describing: Self.self)
        if name.hasSuffix("Command"), name != "Command" { name.removeLast("Command".count) }
        return name.convertedToKebabCase
    }
}

extension AsyncParsableCommand {
    /// Not called: an async command runs through `run() async`.
    public mutating func run() throws {
        throw CleanExit.helpRequest(Self.self)
    }
}

extension String {
    /// `MenuSet` as `menu-set`, `URLFetch` as `url-fetch`.
    var convertedToKebabCase: String {
        var result = ""
        let characters = Array(self)
        for (index, character) in characters.enumerated() {
            if character.isUppercase {
                let previousIsLower = index > 0 && characters[index - 1].isLowercase
                let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
                let previousIsUpper = index > 0 && characters[index - 1].isUppercase
                if index > 0 && (previousIsLower || (previousIsUpper && nextIsLower)) { result.append("-") }
                result += character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }
}
