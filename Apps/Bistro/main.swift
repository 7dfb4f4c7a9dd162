import Foundation
import Reactive

// The composition root. Today it shows the reactive core at work; the Contacts, Menu and Auth
// features, and the choice between live and fake services, are wired here as they land.

let version = "0.1.0"
let usage = """
    usage: bistro [--help] [--version]

    Bistro turns four iOS architecture tutorials into reusable Swift 6 packages.
    Available now: the Reactive library (RxSwift's API) and ReactiveTesting (RxTest, RxBlocking).
    The Contacts, Menu and Auth features arrive in later releases.
    """

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "--version":
    print("bistro \(version)")
case "--help", "-h":
    print(usage)
case nil:
    // A small reactive pipeline: the running total of an order, as the Menu feature will show it.
    let prices = [("튀김1", 1_000), ("김밥", 3_500), ("라면", 4_000)]
    _ = Observable.from(prices)
        .scan(into: (items: 0, total: 0)) { state, item in
            state.items += 1
            state.total += item.1
        }
        .subscribe(onNext: { state in print("items: \(state.items)  total: ₩\(state.total)") })
    print("\nRun `bistro --help` for more.")
default:
    FileHandle.standardError.write(Data("bistro: error: unknown argument '\(arguments[0])'\n\(usage)\n".utf8))
    exit(2)
}
