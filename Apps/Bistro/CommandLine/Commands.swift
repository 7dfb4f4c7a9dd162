/// The command tree of `bistro`. Commands are added here as the features they drive land.
enum Commands {
    static let version = "0.3.0"

    static let globalOptions: [CommandSpec.Option] = [
        .init(name: "database", valueName: "PATH", help: "the SQLite database (default: $XDG_DATA_HOME/bistro/bistro.sqlite)"),
        .init(name: "remote-config-url", valueName: "URL", help: "sync from this server, https or http to this machine (also BISTRO_REMOTE_CONFIG_URL)"),
        .init(name: "state-dir", valueName: "PATH", help: "remote config state and the sign-in (default: $XDG_STATE_HOME/bistro)"),
        .init(name: "apple-keys-url", valueName: "URL", help: "Apple's signing keys (also BISTRO_APPLE_KEYS_URL; default: https://appleid.apple.com/auth/keys)"),
        .init(name: "client-id", valueName: "ID", help: "accepted token audiences, comma-separated (also BISTRO_APPLE_CLIENT_ID; default: app.bistro.ios,app.bistro.web)"),
        .init(name: "timeout", valueName: "SECONDS", help: "the longest a network call may take in all (also BISTRO_TIMEOUT; default: 60 for remote config, as Firebase's, 10 for Apple's keys)"),
    ]

    static let globalFlags: [CommandSpec.Flag] = [
        .init(name: "fake", help: "use the fakes: an in-memory database, the sample remote config, a fake sign-in"),
        .init(name: "version", help: "print the version and exit"),
    ]

    private static let json = CommandSpec.Flag(name: "json", help: "print JSON")

    static let root = CommandSpec(
        name: "bistro",
        summary: """
            Bistro: the seller's menu, orders and contacts, from remote config through a local database.
            Without a command: on a terminal, the full-screen app (sign in, then Menu, Contacts and
            Account in tabs; Tab switches, Ctrl-C quits); otherwise a summary of the menu and the contacts.
            """,
        subcommands: [
            CommandSpec(
                name: "contacts", summary: "sync and print the seller's contacts",
                flags: [.init(name: "watch", help: "keep printing as the stored contacts change (until Ctrl-C or EOF)"), json]),
            CommandSpec(
                name: "menu", summary: "the menu screen on a terminal; list, set, clear and order for scripts",
                subcommands: [
                    CommandSpec(name: "list", summary: "refresh and print the menu with the selection", flags: [json]),
                    CommandSpec(
                        name: "set", summary: "select COUNT of ITEM (0 removes it)",
                        arguments: [.init(name: "ITEM", help: "the item's id or name"), .init(name: "COUNT", help: "how many, 0 or more")],
                        flags: [json]),
                    CommandSpec(name: "clear", summary: "clear the selection", flags: [json]),
                    CommandSpec(name: "order", summary: "order the selection", flags: [json]),
                ],
                runsWithoutSubcommand: true),
            CommandSpec(name: "orders", summary: "the order history", flags: [json]),
            CommandSpec(
                name: "auth", summary: "sign in with an Apple identity token, show who is signed in, sign out",
                subcommands: [
                    CommandSpec(
                        name: "sign-in", summary: "verify an identity token against Apple's keys and keep the credential",
                        options: [
                            .init(name: "identity-token", valueName: "FILE|-", help: "the token's file, or - for standard input (required)"),
                            .init(name: "nonce", valueName: "N", help: "the raw nonce sent with the authorization request"),
                        ]),
                    CommandSpec(name: "status", summary: "print 'signed in as USER' or 'signed out'"),
                    CommandSpec(name: "sign-out", summary: "delete the stored credential"),
                ]),
            CommandSpec(
                name: "config", summary: "fetch the remote config, or show the active values",
                subcommands: [
                    CommandSpec(name: "fetch", summary: "fetch and activate now, ignoring the minimum fetch interval", flags: [json]),
                    CommandSpec(name: "show", summary: "the active values and where each comes from", flags: [json]),
                ]),
        ],
        runsWithoutSubcommand: true
    )
}
