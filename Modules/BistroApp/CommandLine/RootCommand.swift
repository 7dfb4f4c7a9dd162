import ArgumentParsing

/// The app's own command: its global options, and, without a subcommand, the full screen on a
/// terminal or the summary elsewhere. Its name, help and subcommands come from the app's
/// description and its plugins (`PluginHost.rootConfiguration`).
struct RootCommand: ParsableCommand {
    @OptionGroup(title: "global options") var global: GlobalOptions
}
