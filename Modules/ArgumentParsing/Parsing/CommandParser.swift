/// Matches command lines against `ParsableCommand` declarations and writes their help.
///
/// Rules (swift-argument-parser's, and a few of Bistro's own):
/// - Subcommand names come before the command's arguments: `tool menu set 1 2`.
/// - Options are `--name value` or `--name=value`, short ones `-n value`; a flag takes no value;
///   the last value given wins, except for an option of an array, which keeps every one, and a
///   counted flag, which counts them. Short flags may stand together: `-vvv`, `-ab`. `--` ends the options: every word after it is an argument.
/// - An option's value is the next word unless that word reads as an option (`--name`, `-n`, `--`):
///   `--count --database X` misses the count. A negative number and `-` are values; an option
///   declared with `parsing: .unconditional` takes any word.
/// - The root command's options (the tool's global options) may stand anywhere on the line; a
///   command's own options stand after its name.
/// - `--help` or `-h` anywhere asks for the help of the command reached (`CleanExit`).
/// - A word that reads as a negative number is an argument where the command takes arguments
///   (`set 1 -1` is a bad count, not an unknown option `-1`).
/// - A command with a `defaultSubcommand`, named with nothing after it, runs that subcommand.
/// - An option or flag declared with `environment:` takes its variable's value when the command
///   line does not give it.
/// - `tool --generate-completion-script bash|zsh|fish` prints a completion script, and
///   `tool --generate-manual` an mdoc manual page (`CleanExit`).
public enum CommandParser {
    /// The command `arguments` (without the program's name) call, its values parsed and validated.
    ///
    /// Throws `UsageError` for a line that does not match (with the command whose help the hint
    /// names), and `CleanExit` when help was asked for.
    ///
    /// `rootConfiguration` replaces the root type's own, for a tool whose commands are known only
    /// when it runs (an app made of plugins). `environment` gives the values of options and flags
    /// declared with an environment variable that the command line does not give (an empty
    /// variable counts as unset).
    public static func parse(
        _ arguments: [String], root: any ParsableCommand.Type, rootConfiguration: CommandConfiguration? = nil,
        environment: [String: String] = [:]
    ) throws -> ParsedCommandLine {
        var chain = [CommandModel(root, configuration: rootConfiguration)]
        func usage(_ message: String) -> UsageError {
            UsageError(message, commandPath: chain.map(\.name))
        }
        // The tool's own flags stand anywhere before `--`, as swift-argument-parser's do: a user
        // adds them to a command line that already holds options (`--database x`).
        let ownWords = arguments.prefix { $0 != "--" }
        if let index = ownWords.firstIndex(where: { $0 == "--generate-completion-script" || $0.hasPrefix("--generate-completion-script=") })
        {
            let word = ownWords[index]
            let name = word.contains("=") ? String(word.drop { $0 != "=" }.dropFirst()) : ownWords.dropFirst(index + 1).first
            guard let shell = name.flatMap(CompletionShell.init(rawValue:)) else {
                throw usage("--generate-completion-script takes one of \(CompletionShell.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            throw CleanExit.message(completionScript(for: shell, toolName: chain[0].name))
        }
        if ownWords.contains("--generate-manual") {
            throw CleanExit.message(manual(root: root, rootConfiguration: rootConfiguration))
        }
        var positionals: [String] = []
        var assignments: [(entry: CommandModel.Entry, text: String)] = []
        var wantsHelp = false
        var wordsAfterLastCommand = 0
        var scanner = CommandLineScanner(arguments, root: chain[0])
        while let word = scanner.next() {
            chain = scanner.chain
            wordsAfterLastCommand += 1
            switch word {
            case .subcommand:
                wordsAfterLastCommand = 0
            case .positional(let text):
                let current = scanner.current
                if !current.configuration.subcommands.isEmpty && current.arguments.isEmpty {
                    throw usage("unknown command '\(text)' for '\(chain.map(\.name).joined(separator: " "))'")
                }
                positionals.append(text)
            case .endOfOptions:
                break
            case .help:
                wantsHelp = true
            case .option(let entry, let value):
                assignments.append((entry, value))
            case .flags(let flags):
                assignments += flags.map { ($0.entry, $0.written) }
            case .missingValue(let entry, _):
                throw usage("missing value for '\(entry.info.displayName)'")
            case .flagWithValue(let written):
                throw usage("flag '\(written)' takes no value")
            case .unknownOption(let written):
                throw usage("unknown option '\(written)'")
            }
        }

        if wantsHelp { throw CleanExit(kind: .helpRequest(chain.map { $0.type })) }
        if wordsAfterLastCommand == 0, let fallback = chain[chain.count - 1].configuration.defaultSubcommand {
            chain.append(CommandModel(fallback))
        }

        func take(_ entry: CommandModel.Entry, _ text: String) throws {
            do {
                try entry.declared.take(text, info: entry.info)
            } catch let error as ValidationError {
                throw usage(error.message)
            } catch is InvalidValue {
                throw usage("invalid value '\(text)' for \(entry.info.displayName)")
            }
        }
        for assignment in assignments { try take(assignment.entry, assignment.text) }
        // The command line wins; then the variable; then the default.
        for model in chain.count > 1 ? [chain[0], chain[chain.count - 1]] : [chain[0]] {
            for entry in model.entries where !entry.declared.isGiven {
                guard let variable = entry.info.environment, let text = environment[variable], !text.isEmpty else { continue }
                do {
                    try entry.declared.take(text, info: entry.info)
                } catch let error as ValidationError {
                    throw usage("\(error.message) (from \(variable))")
                } catch is InvalidValue {
                    throw usage("invalid value '\(text)' for \(entry.info.displayName) (from \(variable))")
                }
            }
        }
        let command = chain[chain.count - 1]
        let declaredArguments = command.arguments
        for (position, text) in positionals.enumerated() {
            guard position < declaredArguments.count else { throw usage("unexpected argument '\(text)'") }
            try take(declaredArguments[position], text)
        }
        if let missing = declaredArguments.dropFirst(positionals.count).first(where: \.info.isRequired) {
            throw usage("missing argument \(missing.info.valueName)")
        }
        for entry in command.entries + (chain.count > 1 ? chain[0].entries : [])
        where entry.info.kind == .option && entry.info.isRequired && !entry.declared.isGiven {
            throw usage("missing option '\(entry.info.displayName)'")
        }

        do {
            for model in chain.count > 1 ? [chain[0], command] : [command] {
                for group in model.groups { try group.validateGroup() }
            }
            var validated = command.instance
            try validated.validate()
            chain[chain.count - 1].instance = validated
        } catch let error as ValidationError {
            throw usage(error.message)
        }
        return ParsedCommandLine(
            root: chain[0].instance, command: chain[chain.count - 1].instance, path: chain.map { $0.type }, words: chain.map(\.name))
    }
}
