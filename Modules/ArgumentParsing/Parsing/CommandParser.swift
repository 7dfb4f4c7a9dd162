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
        if arguments.first == "--generate-completion-script" {
            guard arguments.count == 2, let shell = CompletionShell(rawValue: arguments[1]) else {
                throw UsageError(
                    "--generate-completion-script takes one of \(CompletionShell.allCases.map(\.rawValue).joined(separator: ", "))",
                    commandPath: [chain[0].name])
            }
            throw CleanExit.message(completionScript(for: shell, toolName: chain[0].name))
        }
        if arguments == ["--generate-manual"] {
            throw CleanExit.message(manual(root: root, rootConfiguration: rootConfiguration))
        }
        var positionals: [String] = []
        var assignments: [(entry: CommandModel.Entry, text: String, model: Int)] = []
        var wantsHelp = false
        var onlyPositionals = false
        var wordsAfterLastCommand = 0
        var index = 0

        func usage(_ message: String) -> UsageError {
            UsageError(message, commandPath: chain.map(\.name))
        }

        while index < arguments.count {
            let word = arguments[index]
            index += 1
            let current = chain[chain.count - 1]
            let takesArguments = !current.arguments.isEmpty
            let isNegativeNumber = word.count > 1 && word.hasPrefix("-") && Double(word) != nil && takesArguments
            if onlyPositionals || !word.hasPrefix("-") || word == "-" || isNegativeNumber {
                if positionals.isEmpty, !onlyPositionals, let subcommand = current.subcommand(named: word) {
                    chain.append(CommandModel(subcommand))
                    wordsAfterLastCommand = 0
                    continue
                }
                wordsAfterLastCommand += 1
                if !current.configuration.subcommands.isEmpty && !takesArguments {
                    throw usage("unknown command '\(word)' for '\(chain.map(\.name).joined(separator: " "))'")
                }
                positionals.append(word)
                continue
            }
            wordsAfterLastCommand += 1
            if word == "--" {
                onlyPositionals = true
                continue
            }
            if word == "--help" || word == "-h" {
                wantsHelp = true
                continue
            }
            let isLong = word.hasPrefix("--")
            let body = word.dropFirst(isLong ? 2 : 1)
            let name = String(body.prefix { $0 != "=" })
            let inlineValue = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
            // The command's own declarations first, then the root's (global) ones.
            let owners = chain.count > 1 ? [chain.count - 1, 0] : [0]
            var found: (CommandModel.Entry, Int)?
            for owner in owners {
                let model = chain[owner]
                let entry = isLong ? model.entry(long: name) : (name.count == 1 ? model.entry(short: name.first!) : nil)
                if let entry {
                    found = (entry, owner)
                    break
                }
            }
            if found == nil, !isLong, inlineValue == nil, name.count > 1 {
                // Short flags together: `-vvv` is `-v -v -v`, `-ab` is `-a -b`.
                let flags = name.map { character in
                    owners.lazy.compactMap { owner in chain[owner].entry(short: character).map { ($0, owner) } }.first
                }
                if flags.allSatisfy({ $0?.0.info.kind == .flag }) {
                    for case (let entry, let owner)? in flags { assignments.append((entry, "-\(entry.info.shortNames[0])", owner)) }
                    continue
                }
            }
            guard let (entry, owner) = found else { throw usage("unknown option '\(word)'") }
            let written = (isLong ? "--" : "-") + name
            switch entry.info.kind {
            case .option:
                if let inlineValue {
                    assignments.append((entry, inlineValue, owner))
                } else if index < arguments.count, entry.info.parsing.takesAnyWord || Self.readsAsValue(arguments[index]) {
                    assignments.append((entry, arguments[index], owner))
                    index += 1
                } else {
                    throw usage("missing value for '\(entry.info.displayName)'")
                }
            case .flag:
                if inlineValue != nil { throw usage("flag '\(written)' takes no value") }
                assignments.append((entry, written, owner))
            case .argument:
                break
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

    /// Whether `word`, after an option, is its value under the default strategy: not an option or
    /// flag, but `-` (standard input) and a negative number are values.
    private static func readsAsValue(_ word: String) -> Bool {
        !word.hasPrefix("-") || word == "-" || (word.count > 1 && Double(word) != nil)
    }
}
