import ArgumentParsing
import TerminalUI

/// A command a feature adds to the app: declared as a `ParsableCommand` (its arguments, options
/// and flags are typed fields) and run with the app's services.
///
/// `run(with:)` runs off the main thread; it waits for the services with `await`. A command is
/// `Sendable`: its declarations are (for `Sendable` values), and its other stored properties must be. A command that
/// shows a full screen on a terminal (as `bistro menu` does) also conforms to `FullScreenCommand`.
public protocol FeatureCommand: ParsableCommand, Sendable {
    /// Does the command's work, writing through `services.console`; throw `CommandFailure` for a
    /// failure the user reads (exit 1) and `ValidationError` for a usage error (exit 2).
    func run(with services: FeatureServices) async throws
}

extension FeatureCommand {
    /// A group of subcommands run without one prints its help and succeeds, as swift-argument-parser's
    /// commands do: a group declares its subcommands and nothing else.
    public func run(with services: FeatureServices) async throws {
        throw CleanExit.helpRequest(Self.self)
    }
}

/// A command that, on a terminal, shows a screen instead of printing.
public protocol FullScreenCommand: FeatureCommand {
    /// Whether this run shows the screen: usually `services.console.isInteractive`.
    func showsFullScreen(with services: FeatureServices) -> Bool
    /// The screen to show; the app runs it until the user quits, then waits for its last writes.
    @MainActor func makeScreen(with services: FeatureServices) throws -> ViewController
}
