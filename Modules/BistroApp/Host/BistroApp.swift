import ArgumentParsing
import Dispatch
import FeatureContract
import Foundation
import PersistenceInterface
import Reactive
import TerminalUI

/// An app made of feature plugins: the command line, the services (live or fake) and the full
/// screen, from a description and a list of plugins.
///
/// ```swift
/// BistroApp.main(AppDescription(name: "bistro", version: "1.0", abstract: "..."),
///                plugins: [MenuFeature.plugin, ContactsFeature.plugin, AuthFeature.plugin])
/// ```
///
/// The plugins' migrations run in one database in the order of the list, then the app's own; their
/// in-app defaults are merged; their commands are `<name> <command> ...` in the order of the list,
/// then the app's own `config`; their screens are the tabs of the full screen, after the session
/// (a sign-in) of the plugin that provides one. Two plugins that share a name, a migration, a
/// remote-config key or a command name cannot be in one app: the run says which and exits with 1.
public enum BistroApp {
    /// Every migration an app of `plugins` applies to its database, in the order it applies them:
    /// the plugins' in the order of the list, then the app's own. Throws when the plugins clash.
    public static func migrations(of plugins: [FeaturePlugin]) throws -> [Migration] {
        try PluginHost(plugins).migrations
    }

    /// Runs the command line of this process and exits with its status.
    public static func main(_ app: AppDescription, plugins: [FeaturePlugin]) -> Never {
        let status = run(
            app, plugins: plugins, arguments: Array(CommandLine.arguments.dropFirst()),
            environment: ProcessInfo.processInfo.environment, console: .standard(toolName: app.name))
        exit(status)
    }

    /// Runs one command line (without the program's name) and returns the exit status: 0 success,
    /// 1 failure, 2 usage error. Call it on the main thread, which a full screen needs; tests run
    /// commands in process this way, with a console that captures the output.
    public static func run(
        _ app: AppDescription, plugins: [FeaturePlugin], arguments: [String], environment: [String: String], console: Console
    ) -> Int32 {
        let host: PluginHost
        do {
            host = try PluginHost(plugins)
        } catch {
            console.error("the plugins do not fit together: \(error)")
            return ExitCode.failure.rawValue
        }
        let rootConfiguration = host.rootConfiguration(app)
        if arguments.first == CommandParser.completionRequestFlag {
            complete(
                Array(arguments.dropFirst()), app: app, host: host, rootConfiguration: rootConfiguration, environment: environment,
                console: console)
            return ExitCode.success.rawValue
        }
        let parsed: ParsedCommandLine
        do {
            parsed = try CommandParser.parse(
                arguments, root: RootCommand.self, rootConfiguration: rootConfiguration, environment: environment)
        } catch let error as UsageError {
            console.error(error.message, hint: error.hint)
            return ExitCode.validationFailure.rawValue
        } catch let exit as CleanExit {
            if let path = exit.helpPath {
                console.emit(CommandParser.helpText(for: path, rootConfiguration: rootConfiguration))
            } else {
                console.emit(exit.description)
            }
            return ExitCode.success.rawValue
        } catch {
            console.error(ErrorSentence.of(error))
            return ExitCode.failure.rawValue
        }
        let global = (parsed.root as? RootCommand)?.global ?? GlobalOptions()
        if global.version {
            console.emit("\(app.name) \(app.version)")
            return ExitCode.success.rawValue
        }
        let settings: Settings
        do {
            settings = try Settings(global, app: app, environment: environment)
        } catch {
            // The global options belong to the app's own help.
            console.error(error.message, hint: "try '\(app.name) --help' for usage")
            return ExitCode.validationFailure.rawValue
        }
        do {
            let services = Composition.services(settings, host: host, app: app, console: console)
            try execute(parsed.command, host: host, services: services)
            return ExitCode.success.rawValue
        } catch let exit as CleanExit {
            // A group run without its subcommand asks for its own help: the parsed path names it in full.
            let path = exit.helpPath.map { $0.count == 1 && $0[0] == type(of: parsed.command) ? parsed.path : $0 }
            console.emit(path.map { CommandParser.helpText(for: $0, rootConfiguration: rootConfiguration) } ?? exit.description)
            return ExitCode.success.rawValue
        } catch let error as ValidationError {
            // A value a command checks itself: the hint names the command's help.
            console.error(error.message, hint: "try '\(parsed.words.joined(separator: " ")) --help' for usage")
            return ExitCode.validationFailure.rawValue
        } catch let failure as CommandFailure {
            console.error(failure.message)
            return ExitCode.failure.rawValue
        } catch let exit as ExitCode {
            return exit.rawValue
        } catch {
            console.error("unexpected failure: \(ErrorSentence.of(error))")
            return ExitCode.failure.rawValue
        }
    }

    /// Prints what a shell offers for the last of `words` (a completion script asks with
    /// `---completion SHELL -- WORD...`), one a line, quoted for that shell. Custom completions get the live services of the
    /// default settings (no network: they read what is stored); nothing is printed when the
    /// settings cannot be made.
    private static func complete(
        _ words: [String], app: AppDescription, host: PluginHost, rootConfiguration: CommandConfiguration,
        environment: [String: String], console: Console
    ) {
        // `SHELL -- WORD...` from the scripts; an older script sends the words alone.
        let shell = words.first.flatMap(CompletionShell.init(rawValue:))
        var words = shell == nil ? words : Array(words.dropFirst())
        if words.first == "--" { words.removeFirst() }
        let global = (try? CommandParser.parse([], root: RootCommand.self, rootConfiguration: rootConfiguration, environment: environment))
            .flatMap { $0.root as? RootCommand }?.global
        let services = global.flatMap { try? Settings($0, app: app, environment: environment) }.map {
            Composition.services($0, host: host, app: app, console: console)
        }
        let candidates = CommandParser.completions(
            for: words.isEmpty ? [""] : words, root: RootCommand.self, rootConfiguration: rootConfiguration, context: services,
            shell: shell)
        console.writeOutput(candidates.map { $0.sanitizedForTerminal + "\n" }.joined())
    }

    private static func execute(_ command: any ParsableCommand, host: PluginHost, services: FeatureServices) throws {
        if let command = command as? any FullScreenCommand, command.showsFullScreen(with: services) {
            try MainActor.assumeIsolated {
                try FullScreen.run(try command.makeScreen(with: services), services: services)
            }
        } else if let command = command as? any FeatureCommand {
            try awaitBlocking { try await command.run(with: services) }
        } else if services.console.isInteractive {
            try MainActor.assumeIsolated { try FullScreenShell.run(host, services: services) }
        } else {
            services.console.emit(try awaitBlocking { try await Summary.text(host, services: services) })
        }
    }

    /// Runs `operation` on the cooperative pool and waits for it on this thread: a command runs
    /// once and ends, and it never needs the main actor, so this cannot deadlock.
    private static func awaitBlocking<Value: Sendable>(_ operation: @escaping @Sendable () async throws -> Value) throws -> Value {
        let outcome = Locked<Result<Value, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            let result: Result<Value, any Error>
            do {
                result = .success(try await operation())
            } catch {
                result = .failure(error)
            }
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        // The task signals only after storing its result.
        return try outcome.withLock { $0! }.get()
    }
}
