/// A command line matched against the commands' declarations: the command to run, with its values.
public struct ParsedCommandLine {
    /// The root command, with the values of its options (the tool's global options).
    public var root: any ParsableCommand
    /// The command reached, to run: the root itself when no subcommand was named.
    public var command: any ParsableCommand
    /// The commands from the root to `command`.
    public var path: [any ParsableCommand.Type]
    /// The words of the path: `["bistro", "menu", "set"]`.
    public var words: [String]
}
