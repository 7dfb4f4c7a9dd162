/// What an app made of plugins says about itself: its command's name, its version, and the text
/// of its help.
public struct AppDescription: Sendable {
    /// The command's name: "bistro".
    public var name: String
    /// The version `--version` prints.
    public var version: String
    /// The first line of the help.
    public var abstract: String
    /// More lines of the help: what the command does without a subcommand.
    public var discussion: String

    /// A description of an app.
    public init(name: String, version: String, abstract: String, discussion: String = "") {
        self.name = name
        self.version = version
        self.abstract = abstract
        self.discussion = discussion
    }
}
