/// What an app made of plugins says about itself: its command's name, its version, the text of its
/// help, the name it shows its users, and its Sign in with Apple client ids.
///
/// The name also names where the app keeps its state: `$XDG_DATA_HOME/<name>/<name>.sqlite` and
/// `$XDG_STATE_HOME/<name>`, so that two apps built on the library never share a database, a
/// remote-config state or a credential unless told to (`--database`, `--state-dir`).
public struct AppDescription: Sendable {
    /// The command's name: "bistro".
    public var name: String
    /// The version `--version` prints.
    public var version: String
    /// The first line of the help.
    public var abstract: String
    /// More lines of the help: what the command does without a subcommand.
    public var discussion: String
    /// The name the app shows its users, such as the sign-in screen's title: "Bistro".
    public var title: String
    /// The audiences an identity token may name when `--client-id` is not given: the iOS bundle
    /// id and the web Services ID registered for Sign in with Apple.
    public var appleClientIDs: [String]

    /// A description of an app; `title` defaults to the name with a capital, `appleClientIDs` to
    /// `app.<name>.ios` and `app.<name>.web`.
    public init(
        name: String, version: String, abstract: String, discussion: String = "", title: String? = nil,
        appleClientIDs: [String]? = nil
    ) {
        self.name = name
        self.version = version
        self.abstract = abstract
        self.discussion = discussion
        self.title = title ?? name.prefix(1).uppercased() + name.dropFirst()
        self.appleClientIDs = appleClientIDs ?? ["app.\(name).ios", "app.\(name).web"]
    }
}
