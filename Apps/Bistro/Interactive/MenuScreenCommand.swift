import Foundation
import Menu
import TerminalUI

/// `bistro menu` on a terminal: the Menu feature's full screen (Up/Down, +/-, c, o, r; Ctrl-C quits).
enum MenuScreenCommand {
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
