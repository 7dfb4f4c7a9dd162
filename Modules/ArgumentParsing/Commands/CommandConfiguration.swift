/// What a command is called, what its help says, and which subcommands it has.
public struct CommandConfiguration: Sendable {
    /// The word that calls the command; by default derived from the type's name.
    public var commandName: String?
    /// One line for the command lists and the help's summary.
    public var abstract: String
    /// More text for the command's own help, after the abstract.
    public var discussion: String
    /// The tool's version, printed by `--version` when the root command declares that flag.
    public var version: String
    /// The subcommands, in the order of the help.
    public var subcommands: [any ParsableCommand.Type]
    /// The subcommand run when none is named; nil runs this command itself.
    public var defaultSubcommand: (any ParsableCommand.Type)?
    /// Whether the command appears in its parent's list of commands.
    public var shouldDisplay: Bool
    /// Whether a command with subcommands also runs on its own (its usage then reads `[COMMAND]`
    /// rather than `COMMAND`). Not in swift-argument-parser, whose usage line is the same either way.
    public var runsWithoutSubcommand: Bool

    /// A configuration; empty text, no subcommands, unless given.
    public init(
        commandName: String? = nil,
        abstract: String = "",
        discussion: String = "",
        version: String = "",
        shouldDisplay: Bool = true,
        subcommands: [any ParsableCommand.Type] = [],
        defaultSubcommand: (any ParsableCommand.Type)? = nil,
        runsWithoutSubcommand: Bool = false
    ) {
        self.commandName = commandName
        self.abstract = abstract
        self.discussion = discussion
        self.version = version
        self.shouldDisplay = shouldDisplay
        self.subcommands = subcommands
        self.defaultSubcommand = defaultSubcommand
        self.runsWithoutSubcommand = runsWithoutSubcommand
    }
}
