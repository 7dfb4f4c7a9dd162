import Foundation
import Menu
import TerminalUI

/// `bistro menu` on a terminal: the Menu feature's full screen (Up/Down, +/-, c, o, r; Ctrl-C quits).
enum MenuScreenCommand {
    /// Whether standard input and output are both a terminal, so a full screen can run.
    static var isInteractive: Bool { isatty(0) == 1 && isatty(1) == 1 }

    // The screen's selection is the Menu view model's, in memory (seed 002); the scriptable
    // `menu set` selection in the app's table is not loaded into it.
    @MainActor
    static func run(_ composition: Composition) throws {
        let terminal = LiveTerminal()
        let screen = Screen(terminal: terminal)
        screen.rootViewController = MenuFeature.makeViewController(
            database: composition.database, remoteConfig: composition.remoteConfig)
        try terminal.run()  // the terminal is restored however this ends
        withExtendedLifetime(screen) {}
    }
}
