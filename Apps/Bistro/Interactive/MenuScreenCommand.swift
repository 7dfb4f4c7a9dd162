import Foundation
import Menu
import TerminalUI

/// `bistro menu` on a terminal: the Menu feature's full screen (Up/Down, +/-, c, o, r; Ctrl-C quits).
enum MenuScreenCommand {
    // The screen starts from the selection `bistro menu set` stored and stores every change.
    @MainActor
    static func run(_ composition: Composition) throws {
        let terminal = LiveTerminal()
        let screen = Screen(terminal: terminal)
        screen.rootViewController = MenuFeature.makeViewController(
            database: composition.database, remoteConfig: composition.remoteConfig)
        try terminal.run()  // the terminal is restored however this ends
        try composition.finishQueuedWrites()
        withExtendedLifetime(screen) {}
    }
}
