/// The command tree of `bistro`. Commands are added here as the features they drive land.
enum Commands {
    static let version = "0.1.0"

    static let globalOptions: [CommandSpec.Option] = []

    static let globalFlags: [CommandSpec.Flag] = [
        .init(name: "version", help: "print the version and exit"),
    ]

    static let root = CommandSpec(
        name: "bistro",
        summary: """
            Bistro turns four iOS architecture tutorials into reusable Swift 6 packages.
            Without a command, shows a small reactive demo: the running total of an order.
            """,
        subcommands: [
            CommandSpec(name: "demo", summary: "the running total of an order, computed with Reactive"),
        ],
        runsWithoutSubcommand: true
    )
}
