extension CommandParser {
    /// The `--help` text of the last command of `path` (from the root): usage, what it does, its
    /// commands, arguments and options, then the root's (global) options.
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
        if !visibleSubcommands.isEmpty {
            lines += ["", "commands:"]
            lines += visibleSubcommands.map { "  " + $0.commandName.padded(to: 14) + $0.configuration.abstract }
        }
        let arguments = model.arguments.filter(\.info.isVisible)
        if !arguments.isEmpty {
            lines += ["", "arguments:"]
            lines += arguments.map { "  " + $0.info.valueName.padded(to: 14) + $0.info.help }
        }
        // Sections in the order their first entry was declared: the command's own options, its
        // titled groups, then the root's.
        var sections: [(title: String, entries: [CommandModel.Entry])] = []
        func add(_ entries: [CommandModel.Entry], defaultTitle: String) {
            for entry in entries where entry.info.kind != .argument && entry.info.isVisible {
                let title = entry.groupTitle ?? defaultTitle
                if let index = sections.firstIndex(where: { $0.title == title }) {
                    sections[index].entries.append(entry)
                } else {
                    sections.append((title, [entry]))
                }
            }
        }
        add(model.entries, defaultTitle: isRootOfSubcommands ? "global options" : "options")
        if let root { add(root.entries, defaultTitle: "global options") }
        for section in sections {
            lines += ["", "\(section.title):"]
            lines += section.entries.map { entry in
                let variable = entry.info.environment.map { " (env: \($0))" } ?? ""
                return "  " + entry.info.displayName.padded(to: 28) + entry.info.help + variable
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    /// The text padded with spaces to `width` characters (longer text is left as it is).
    func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
