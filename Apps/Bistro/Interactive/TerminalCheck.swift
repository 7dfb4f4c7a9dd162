import Foundation

/// Whether a full screen can run: standard input and output are both a terminal.
enum TerminalCheck {
    static var isInteractive: Bool { isatty(0) == 1 && isatty(1) == 1 }
}
