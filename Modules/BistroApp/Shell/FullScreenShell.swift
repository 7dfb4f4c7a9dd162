import FeatureContract
import TerminalUI

/// The app on a terminal without a subcommand: the session's screen (a sign-in), then every
/// plugin's screen in tabs (Tab switches; Ctrl-C quits), the session's own screens after them.
enum FullScreenShell {
    @MainActor
    static func run(_ host: PluginHost, services: FeatureServices) throws {
        // Opened before the screen takes the terminal: a failure is then a line on it, as for any command.
        _ = try services.database()
        _ = try services.remoteConfig()
        let terminal = LiveTerminal()
        let screen = Screen(terminal: terminal)
        let session = start(host, services: services, on: screen)
        try terminal.run()  // the terminal is restored however this ends
        try services.finishQueuedWrites()
        withExtendedLifetime((screen, session)) {}
    }

    /// Shows the app on `screen`: the session when a plugin provides one, else the tabs; returns
    /// the session's coordinator, which must stay alive while the screen runs.
    @MainActor
    static func start(_ host: PluginHost, services: FeatureServices, on screen: Screen) -> AnyObject? {
        // Built anew each time the session opens: the screens' state is in the database.
        let tabs: @MainActor ([ViewController]) -> ViewController = { own in
            let controllers = host.screens.map { screen in
                (try? screen.make(services)) ?? UnavailableViewController()
            }
            let tabs = TabBarController(viewControllers: controllers + own)
            tabs.tabBar.hint = "Tab switches  Ctrl-C quits"
            return tabs
        }
        guard let session = host.session else {
            screen.rootViewController = tabs([])
            return nil
        }
        return session.start(services, screen, tabs)
    }
}

/// A tab whose screen could not be built (its services failed after the app opened them).
@MainActor
private final class UnavailableViewController: ViewController {
    override init() {
        super.init()
        title = "Unavailable"
    }

    override func loadView() {
        view = Label("This screen cannot be shown: its storage is unavailable.")
    }
}
