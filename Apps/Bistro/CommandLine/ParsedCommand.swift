/// A command line matched against the command tree: which command, with which values.
struct ParsedCommand: Equatable {
    /// The words of the command, e.g. `["menu", "set"]`; empty for `bistro` itself.
    var path: [String] = []
    /// Positional arguments, in order.
    var arguments: [String] = []
    /// Flags given, by name.
    var flags: Set<String> = []
    /// Option values, by name (the last one given wins).
    var options: [String: String] = [:]
    /// Whether `--help` was asked for.
    var wantsHelp = false

    /// Whether the flag was given.
    func has(_ flag: String) -> Bool { flags.contains(flag) }
}

/// Matches `arguments` (without the program name) against `root` and the global options and flags.
///
/// Options take their value as `--name value` or `--name=value`; `--` ends options; global options may
/// stand anywhere. Throws `UsageError` for an unknown command, option or extra argument, a missing
/// value, or a missing required argument (unless `--help` was given).
func parse(
    _ arguments: [String], root: CommandSpec, globalOptions: [CommandSpec.Option], globalFlags: [CommandSpec.Flag]
) throws -> ParsedCommand {
    var parsed = ParsedCommand()
    var command = root
    var path = [root.name]
    var index = 0
    var onlyPositionals = false

    func usage(_ message: String) -> UsageError {
        UsageError(message: message, command: path.joined(separator: " "))
    }

    while index < arguments.count {
        let word = arguments[index]
        index += 1
        // A negative number is a value, not an option, where the command takes arguments: `set 1 -1`
        // is a bad COUNT, reported as one.
        let isNegativeNumber = word.count > 1 && word.hasPrefix("-") && Double(word) != nil && !command.arguments.isEmpty
        if onlyPositionals || !word.hasPrefix("-") || word == "-" || isNegativeNumber {
            if parsed.arguments.isEmpty, !onlyPositionals, let subcommand = command.subcommand(named: word) {
                command = subcommand
                path.append(word)
                parsed.path.append(word)
            } else if !command.subcommands.isEmpty && command.arguments.isEmpty {
                throw usage("unknown command '\(word)' for '\(path.joined(separator: " "))'")
            } else {
                parsed.arguments.append(word)
            }
            continue
        }
        if word == "--" {
            onlyPositionals = true
            continue
        }
        if word == "--help" || word == "-h" {
            parsed.wantsHelp = true
            continue
        }
        let body = word.drop { $0 == "-" }
        let name = String(body.prefix { $0 != "=" })
        let inlineValue = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
        let options = command.options + globalOptions
        let flags = command.flags + globalFlags
        if options.contains(where: { $0.name == name }) {
            if let inlineValue {
                parsed.options[name] = inlineValue
            } else if index < arguments.count {
                parsed.options[name] = arguments[index]
                index += 1
            } else {
                throw usage("option '--\(name)' needs a value")
            }
        } else if flags.contains(where: { $0.name == name }) {
            if inlineValue != nil { throw usage("flag '--\(name)' takes no value") }
            parsed.flags.insert(name)
        } else {
            throw usage("unknown option '\(word)'")
        }
    }

    if parsed.wantsHelp { return parsed }
    let required = command.arguments.filter { !$0.isOptional }.count
    if parsed.arguments.count < required {
        let missing = command.arguments[parsed.arguments.count]
        throw usage("missing argument \(missing.name)")
    }
    if parsed.arguments.count > command.arguments.count {
        throw usage("unexpected argument '\(parsed.arguments[command.arguments.count])'")
    }
    return parsed
}
