/// Describes one command of the `bistro` tool: its words, what it takes, and its subcommands.
struct CommandSpec: Sendable {
    /// A `--name` switch without a value.
    struct Flag: Sendable {
        let name: String
        let help: String
    }

    /// A `--name VALUE` option.
    struct Option: Sendable {
        let name: String
        let valueName: String
        let help: String
    }

    /// A positional argument.
    struct Argument: Sendable {
        let name: String
        let help: String
        var isOptional = false
    }

    let name: String
    let summary: String
    var arguments: [Argument] = []
    var flags: [Flag] = []
    var options: [Option] = []
    var subcommands: [CommandSpec] = []
    /// Whether the command also runs on its own, without a subcommand.
    var runsWithoutSubcommand = false

    /// The subcommand called `name`, if any.
    func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }

    /// The `--help` text of this command, reached through `path` (e.g. `["bistro", "menu"]`).
    func help(path: [String], globalOptions: [Option], globalFlags: [Flag]) -> String {
        let commandWord = subcommands.isEmpty ? [] : [runsWithoutSubcommand ? "[COMMAND]" : "COMMAND"]
        var usage = (path + commandWord).joined(separator: " ")
        for argument in arguments { usage += argument.isOptional ? " [\(argument.name)]" : " \(argument.name)" }
        if !flags.isEmpty || !options.isEmpty { usage += " [options]" }
        var lines = ["usage: \(usage)", "", summary]
        if !subcommands.isEmpty {
            lines += ["", "commands:"]
            lines += subcommands.map { "  " + $0.name.padding(toLength: 14, withPad: " ", startingAt: 0) + $0.summary }
        }
        if !arguments.isEmpty {
            lines += ["", "arguments:"]
            lines += arguments.map { "  " + $0.name.padding(toLength: 14, withPad: " ", startingAt: 0) + $0.help }
        }
        let optionLines = options.map { ("--\($0.name) \($0.valueName)", $0.help) } + flags.map { ("--\($0.name)", $0.help) }
        if !optionLines.isEmpty {
            lines += ["", "options:"]
            lines += optionLines.map { "  " + $0.0.padding(toLength: 28, withPad: " ", startingAt: 0) + $0.1 }
        }
        let globalLines = globalOptions.map { ("--\($0.name) \($0.valueName)", $0.help) } + globalFlags.map { ("--\($0.name)", $0.help) }
        if !globalLines.isEmpty {
            lines += ["", "global options:"]
            lines += globalLines.map { "  " + $0.0.padding(toLength: 28, withPad: " ", startingAt: 0) + $0.1 }
        }
        return lines.joined(separator: "\n")
    }
}
