import TerminalUI

/// The full screen of a terminal: runs a screen until the user quits.
public enum FullScreen {
    /// Shows `root` on the live terminal until the user quits (Ctrl-C), restoring the terminal
    /// however it ends; then waits for the writes the screen queued.
    @MainActor
    public static func run(_ root: ViewController, services: FeatureServices) throws {
        let terminal = LiveTerminal()
        let screen = Screen(terminal: terminal)
        screen.rootViewController = root
        try terminal.run()
        try services.finishQueuedWrites()
        withExtendedLifetime(screen) {}
    }
}
