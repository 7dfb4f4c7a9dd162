extension CommandParser {
    /// The `--help` text of the last command of `path` (from the root): usage, what it does, its
    /// commands, arguments and options in columns no line of which is wider than `helpWidth` (but
    /// for a word that cannot be broken); the root's help lists the global options and the
    /// parser's own flags, and a subcommand's points at it.
    ///
    /// `rootConfiguration` replaces the root type's own, as in `parse(_:root:rootConfiguration:)`.
    public static func helpText(for path: [any ParsableCommand.Type], rootConfiguration: CommandConfiguration? = nil) -> String {
        guard let command = path.last else { return "" }
        let model = CommandModel(command, configuration: path.count == 1 ? rootConfiguration : nil)
        let root = path.count > 1 ? CommandModel(path[0], configuration: rootConfiguration) : nil
        let configuration = model.configuration
        let visibleSubcommands = configuration.subcommands.filter { $0.configuration.shouldDisplay }

        let rootName = (root ?? model).name
        var usage = ([rootName] + path.dropFirst().map { $0.commandName }).joined(separator: " ")
        if !configuration.subcommands.isEmpty { usage += configuration.runsWithoutSubcommand ? " [COMMAND]" : " COMMAND" }
        for argument in model.arguments where argument.info.isVisible {
            usage += argument.info.isRequired ? " \(argument.info.valueName)" : " [\(argument.info.valueName)]"
        }
        // A root with subcommands has no options of its own: what it declares stands anywhere.
        let isRootOfSubcommands = path.count == 1 && !configuration.subcommands.isEmpty
        let ownOptions = model.entries.filter { $0.info.kind != .argument && $0.groupTitle == nil && $0.info.isVisible }
        if !ownOptions.isEmpty && !isRootOfSubcommands { usage += " [options]" }

        var lines = ["usage: \(usage)", ""]
        lines.append(configuration.discussion.isEmpty ? configuration.abstract : configuration.abstract + "\n" + configuration.discussion)
        // Every two-column list of the screen, its names in one column as wide as the widest.
        var sections: [(title: String, rows: [(name: String, text: String)])] = []
        if !visibleSubcommands.isEmpty {
            sections.append(("commands", visibleSubcommands.map { ($0.commandName, $0.configuration.abstract) }))
        }
        let arguments = model.arguments.filter(\.info.isVisible)
        if !arguments.isEmpty {
            sections.append(("arguments", arguments.map { ($0.info.valueName, $0.info.help) }))
        }
        // The command's own options, then its titled groups, in the order their first entry was
        // declared. A subcommand leaves the root's options to the root's help, as git and kubectl
        // do: listing them all made most of every subcommand's help the same seventeen lines.
        for entry in model.entries where entry.info.kind != .argument && entry.info.isVisible {
            let title = entry.groupTitle ?? (isRootOfSubcommands ? "global options" : "options")
            let variable = entry.info.environment.map { " (env: \($0))" } ?? ""
            let row = (entry.info.displayName, entry.info.help + variable)
            if let index = sections.firstIndex(where: { $0.title == title }) {
                sections[index].rows.append(row)
            } else {
                sections.append((title, [row]))
            }
        }
        if path.count == 1 {
            // The parser's own flags, which stand anywhere before `--`.
            let own = [
                ("--generate-completion-script SHELL", "print a completion script for bash, zsh or fish"),
                ("--generate-manual", "print the manual page (mdoc), for `man`"), ("-h, --help", "print this help"),
            ]
            if let index = sections.firstIndex(where: { $0.title == "global options" || $0.title == "options" }) {
                sections[index].rows += own
            } else {
                sections.append(("options", own))
            }
        }
        let nameWidth = sections.flatMap { $0.rows.map(\.name.count) }.max() ?? 0
        for section in sections {
            lines += ["", "\(section.title):"]
            lines += section.rows.flatMap { columns($0.name, $0.text, nameWidth: nameWidth) }
        }
        if let root, root.entries.contains(where: { $0.info.kind != .argument && $0.info.isVisible }) {
            lines += ["", "global options: see '\(rootName) --help'"]
        }
        return lines.joined(separator: "\n")
    }

    /// The widest a help line is made; a word longer than the room left is not broken.
    static let helpWidth = 100

    /// `name` padded to `nameWidth` plus two spaces, then `text` wrapped at `helpWidth` columns, its
    /// later lines under its first; when the name leaves too little room, the text starts on the
    /// next line instead.
    private static func columns(_ name: String, _ text: String, nameWidth: Int) -> [String] {
        let indent = 2 + nameWidth + 2
        let room = helpWidth - indent
        guard room >= 30 else {
            return ["  " + name] + wrapped(text, width: helpWidth - 8).map { String(repeating: " ", count: 8) + $0 }
        }
        let wrappedText = wrapped(text, width: room)
        let first = "  " + name.padded(to: nameWidth + 2) + (wrappedText.first ?? "")
        return [first] + wrappedText.dropFirst().map { String(repeating: " ", count: indent) + $0 }
    }

    /// `text` in lines of at most `width` characters, broken at spaces.
    private static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        lines.append(line)
        return lines
    }
}

extension String {
    /// The text padded with spaces to `width` characters (longer text is left as it is).
    func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
