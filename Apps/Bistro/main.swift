import Foundation
import Reactive

// The composition root. Today it shows the reactive core at work; the Contacts, Menu and Auth
// features, and the choice between live and fake services, are wired here as they land.

/// Prints the running total of a small order, as the Menu feature will show it.
func runDemo() {
    let prices = [("튀김1", 1_000), ("김밥", 3_500), ("라면", 4_000)]
    _ = Observable.from(prices)
        .scan(into: (items: 0, total: 0)) { state, item in
            state.items += 1
            state.total += item.1
        }
        .subscribe(onNext: { state in print("items: \(state.items)  total: ₩\(state.total)") })
}

let parsed: ParsedCommand
do {
    parsed = try parse(
        Array(CommandLine.arguments.dropFirst()), root: Commands.root,
        globalOptions: Commands.globalOptions, globalFlags: Commands.globalFlags)
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

switch parsed.path {
case [], ["demo"]:
    runDemo()
default:
    printError("'\(parsed.path.joined(separator: " "))' is not available yet")
    exit(ExitStatus.failure.rawValue)
}
