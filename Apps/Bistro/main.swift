import Foundation

// The composition root: parses the command line, builds the live or fake graph, runs one command.

let parsed: ParsedCommand
let settings: GlobalSettings
do {
    parsed = try parse(
        Array(CommandLine.arguments.dropFirst()), root: Commands.root,
        globalOptions: Commands.globalOptions, globalFlags: Commands.globalFlags)
    settings = try GlobalSettings(parsed, environment: ProcessInfo.processInfo.environment)
} catch let error as UsageError {
    printError(error.message, hint: error.hint)
    exit(ExitStatus.usage.rawValue)
}

if parsed.wantsHelp {
    var command = Commands.root
    for word in parsed.path { command = command.subcommand(named: word) ?? command }
    print(command.help(path: ["bistro"] + parsed.path, globalOptions: Commands.globalOptions, globalFlags: Commands.globalFlags))
    exit(ExitStatus.success.rawValue)
}
if parsed.has("version") {
    print("bistro \(Commands.version)")
    exit(ExitStatus.success.rawValue)
}

do {
    // Signing in needs neither the database nor remote config: only the auth client.
    if parsed.path.first == "auth" {
        let session = AuthenticationSession.make(settings)
        switch parsed.path {
        case ["auth", "sign-in"]:
            try AuthCommand.signIn(parsed, session)
        case ["auth", "status"]:
            try AuthCommand.status(session)
        case ["auth", "sign-out"]:
            try AuthCommand.signOut(session)
        default:
            throw UsageError(message: "missing command for 'bistro auth' (sign-in, status or sign-out)", command: "bistro auth")
        }
        exit(ExitStatus.success.rawValue)
    }
    let composition: Composition
    do {
        composition = try Composition.make(settings)
    } catch {
        throw RuntimeFailure("could not open the app's storage", error)
    }
    switch parsed.path {
    case ["contacts"]:
        try ContactsCommand.run(parsed, composition)
    case ["menu"] where TerminalCheck.isInteractive:
        try MenuScreenCommand.run(composition)
    case ["menu"], ["menu", "list"]:
        try MenuCommand.list(parsed, composition)
    case ["menu", "set"]:
        try MenuCommand.set(parsed, composition)
    case ["menu", "clear"]:
        try MenuCommand.clear(parsed, composition)
    case ["menu", "order"]:
        try MenuCommand.order(parsed, composition)
    case ["orders"]:
        try MenuCommand.orders(parsed, composition)
    case ["config"]:
        // A group without its subcommand: say which ones exist.
        throw UsageError(message: "missing command for 'bistro config' (fetch or show)", command: "bistro config")
    case ["config", "fetch"]:
        try ConfigCommand.fetch(parsed, composition)
    case ["config", "show"]:
        try ConfigCommand.show(parsed, composition)
    case [] where TerminalCheck.isInteractive:
        try FullScreenApp.run(composition, AuthenticationSession.make(settings), fake: settings.isFake)
    default:
        try SummaryCommand.run(composition)
    }
} catch let error as UsageError {
    printError(error.message, hint: error.hint)
    exit(ExitStatus.usage.rawValue)
} catch let failure as RuntimeFailure {
    printError(failure.message)
    exit(ExitStatus.failure.rawValue)
} catch {
    printError(RuntimeFailure("unexpected failure", error).message)
    exit(ExitStatus.failure.rawValue)
}
exit(ExitStatus.success.rawValue)
