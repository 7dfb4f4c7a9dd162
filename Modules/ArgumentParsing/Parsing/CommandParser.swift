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
        // In steps, as swift-argument-parser's parser goes: the tool's own requests, the words
        // matched to commands and their declarations, the values given to them (from the line, then
        // the environment), the arguments bound, what is required checked, and the command validated.
        let rootModel = CommandModel(root, configuration: rootConfiguration)
        try answerToolRequests(arguments, root: root, rootConfiguration: rootConfiguration, rootModel: rootModel)
        var line = try MatchedLine(arguments, root: rootModel)
        if line.wantsHelp { throw CleanExit(kind: .helpRequest(line.chain.map { $0.type })) }
        line.enterDefaultSubcommand()
        try line.assignOptions(environment: environment)
        try line.bindArguments()
        return try line.validated()
    }

    /// Answers `--generate-completion-script SHELL` and `--generate-manual` with `CleanExit`.
    ///
    /// The tool's own flags stand anywhere before `--`, as swift-argument-parser's do: a user adds
    /// them to a command line that already holds options (`--database x`).
    private static func answerToolRequests(
        _ arguments: [String], root: any ParsableCommand.Type, rootConfiguration: CommandConfiguration?, rootModel: CommandModel
    ) throws {
        let ownWords = arguments.prefix { $0 != "--" }
        if let index = ownWords.firstIndex(where: { $0 == "--generate-completion-script" || $0.hasPrefix("--generate-completion-script=") })
        {
            let word = ownWords[index]
            let name = word.contains("=") ? String(word.drop { $0 != "=" }.dropFirst()) : ownWords.dropFirst(index + 1).first
            guard let shell = name.flatMap(CompletionShell.init(rawValue:)) else {
                throw UsageError(
                    "--generate-completion-script takes one of \(CompletionShell.allCases.map(\.rawValue).joined(separator: ", "))",
                    commandPath: [rootModel.name])
            }
            throw CleanExit.message(completionScript(for: shell, toolName: rootModel.name))
        }
        if ownWords.contains("--generate-manual") {
            throw CleanExit.message(manual(root: root, rootConfiguration: rootConfiguration))
        }
    }
}

/// A command line's words matched to the commands they name and to those commands' declarations,
/// then given to them: the steps of `CommandParser.parse`.
private struct MatchedLine {
    /// The commands named, from the root.
    var chain: [CommandModel]
    var positionals: [String] = []
    var assignments: [(entry: CommandModel.Entry, text: String)] = []
    var wantsHelp = false
    var wordsAfterLastCommand = 0

    /// Matches every word of `arguments`, throwing at the first that matches nothing.
    init(_ arguments: [String], root: CommandModel) throws {
        chain = [root]
        var scanner = CommandLineScanner(arguments, root: root)
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
    }

    /// The command that runs: the last one named.
    var command: CommandModel { chain[chain.count - 1] }

    /// The commands whose options the line may give: the root's (the tool's global options) and
    /// the command's.
    var modelsWithOptions: [CommandModel] { chain.count > 1 ? [chain[0], command] : [command] }

    func usage(_ message: String) -> UsageError {
        UsageError(message, commandPath: chain.map(\.name))
    }

    /// A command with a `defaultSubcommand`, named with nothing after it, runs that subcommand.
    mutating func enterDefaultSubcommand() {
        if wordsAfterLastCommand == 0, let fallback = command.configuration.defaultSubcommand {
            chain.append(CommandModel(fallback))
        }
    }

    /// Gives each option and flag its value: the command line's, else its environment variable's,
    /// else its default.
    func assignOptions(environment: [String: String]) throws {
        for assignment in assignments { try take(assignment.entry, assignment.text) }
        for model in modelsWithOptions {
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
    }

    /// Gives the command's arguments the positional words in order, then checks that every
    /// required argument and option was given.
    func bindArguments() throws {
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
    }

    /// The parsed line, once the option groups and the command have validated themselves.
    mutating func validated() throws -> ParsedCommandLine {
        do {
            for model in modelsWithOptions {
                for group in model.groups { try group.validateGroup() }
            }
            var validated = command.instance
            try validated.validate()
            chain[chain.count - 1].instance = validated
        } catch let error as ValidationError {
            throw usage(error.message)
        }
        return ParsedCommandLine(
            root: chain[0].instance, command: command.instance, path: chain.map { $0.type }, words: chain.map(\.name))
    }

    private func take(_ entry: CommandModel.Entry, _ text: String) throws {
        do {
            try entry.declared.take(text, info: entry.info)
        } catch let error as ValidationError {
            throw usage(error.message)
        } catch is InvalidValue {
            throw usage("invalid value '\(text)' for \(entry.info.displayName)")
        }
    }
}
