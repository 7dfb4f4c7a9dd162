import Foundation

extension CommandParser {
    /// A manual page in mdoc (what `man` and `mandoc` render) for the tool whose root is `root`:
    /// its name and abstract, every command with its arguments and options, the global options,
    /// the environment variables the options declare, and the exit statuses. Written from the
    /// same declarations as `--help`; `date` is the page's date.
    public static func manual(
        root: any ParsableCommand.Type, rootConfiguration: CommandConfiguration? = nil, date: Date = Date()
    ) -> String {
        let rootModel = CommandModel(root, configuration: rootConfiguration)
        let name = rootModel.name
        var lines = [
            ".Dd \(pageDate(date))", ".Dt \(name.uppercased()) 1", ".Os", ".Sh NAME", ".Nm \(name)",
            ".Nd \(escaped(rootModel.configuration.abstract))", ".Sh SYNOPSIS", ".Nm",
        ]
        if !rootModel.configuration.subcommands.isEmpty { lines.append(".Op Ar COMMAND") }
        lines.append(".Op Ar options")
        lines.append(".Sh DESCRIPTION")
        lines.append(
            contentsOf: paragraph(
                rootModel.configuration.discussion.isEmpty ? rootModel.configuration.abstract : rootModel.configuration.discussion))

        let commands = rootModel.configuration.subcommands.filter { $0.configuration.shouldDisplay }
        if !commands.isEmpty {
            lines += [".Sh COMMANDS", ".Bl -tag -width Ds"]
            for command in commands { lines += commandItems(command, words: [name]) }
            lines.append(".El")
        }
        let globals = rootModel.entries.filter { $0.info.kind != .argument && $0.info.isVisible }
        if !globals.isEmpty {
            lines += [".Sh OPTIONS", "These stand anywhere on the line.", ".Bl -tag -width Ds"]
            lines += globals.flatMap(optionItem)
            lines += [
                ".It Fl h , Fl Fl help", "The help of the command reached.",
                ".It Fl Fl generate-completion-script Ar SHELL", "Prints a completion script for bash, zsh or fish.",
                ".It Fl Fl generate-manual", "Prints this manual page.", ".El",
            ]
        }
        let variables = allEntries(rootModel).filter { $0.info.environment != nil }
        if !variables.isEmpty {
            lines += [".Sh ENVIRONMENT", ".Bl -tag -width Ds"]
            for entry in variables {
                lines += [
                    ".It Ev \(entry.info.environment!)",
                    "Gives \(entry.info.displayName) when the line does not: \(escaped(entry.info.help))",
                ]
            }
            lines.append(".El")
        }
        lines += [
            ".Sh EXIT STATUS", ".Bl -tag -width Ds", ".It 0", "Success.", ".It 1", "A failure while running.", ".It 2",
            "A usage error.", ".El",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The items of `command` and of its subcommands, each named by its full words.
    private static func commandItems(_ command: any ParsableCommand.Type, words: [String]) -> [String] {
        let model = CommandModel(command)
        let path = words.dropFirst() + [model.name]
        var usage = ".It Nm \(path.joined(separator: " "))"
        for argument in model.arguments where argument.info.isVisible {
            usage += argument.info.isRequired ? " Ar \(argument.info.valueName)" : " Op Ar \(argument.info.valueName)"
        }
        var lines = [usage, escaped(model.configuration.abstract)]
        let arguments = model.arguments.filter(\.info.isVisible)
        let options = model.entries.filter { $0.info.kind != .argument && $0.info.isVisible }
        if !arguments.isEmpty || !options.isEmpty {
            lines.append(".Bl -tag -width Ds -compact")
            for argument in arguments { lines += [".It Ar \(argument.info.valueName)", escaped(argument.info.help)] }
            lines += options.flatMap(optionItem)
            lines.append(".El")
        }
        for subcommand in model.configuration.subcommands where subcommand.configuration.shouldDisplay {
            lines += commandItems(subcommand, words: words + [model.name])
        }
        return lines
    }

    /// `.It Fl Fl name Ar VALUE` and the help of one option or flag.
    private static func optionItem(_ entry: CommandModel.Entry) -> [String] {
        let names = entry.info.longNames.map { "Fl Fl \($0)" } + entry.info.shortNames.map { "Fl \($0)" }
        let value = entry.info.kind == .option ? " Ar \(entry.info.valueName)" : ""
        let variable = entry.info.environment.map { " (env: \($0))" } ?? ""
        return [".It " + names.joined(separator: " , ") + value, escaped(entry.info.help + variable)]
    }

    /// Every option and flag of the root and of every command under it.
    private static func allEntries(_ model: CommandModel) -> [CommandModel.Entry] {
        model.entries.filter { $0.info.kind != .argument && $0.info.isVisible }
            + model.configuration.subcommands.flatMap { allEntries(CommandModel($0)) }
    }

    /// Text lines of a paragraph; a line break in the text stays one.
    private static func paragraph(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: true).map { escaped(String($0)) }
    }

    /// `text` as mdoc text: backslashes escaped, and a line that would start with a dot or a
    /// quote (a request to mdoc) made plain.
    private static func escaped(_ text: String) -> String {
        let text = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "\n", with: " ")
        return text.hasPrefix(".") || text.hasPrefix("'") ? "\\&" + text : text
    }

    /// `December 4, 2026`, mdoc's date, in UTC.
    private static func pageDate(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let months = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
        ]
        return "\(months[(parts.month ?? 1) - 1]) \(parts.day ?? 1), \(parts.year ?? 1970)"
    }
}
