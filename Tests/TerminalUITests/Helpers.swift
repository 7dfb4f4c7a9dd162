import Dispatch
import Reactive
import TerminalUI
import XCTest

/// A controller whose view is the one given, for testing views on a screen.
@MainActor
final class HostController: ViewController {
    private let root: View

    init(_ root: View) {
        self.root = root
        super.init()
    }

    override func loadView() {
        view = root
    }
}

/// `view` shown on a headless terminal of `width` × `height`.
@MainActor
func show(_ view: View, width: Int, height: Int) -> (terminal: HeadlessTerminal, screen: Screen, controller: HostController) {
    let terminal = HeadlessTerminal(width: width, height: height)
    let screen = Screen(terminal: terminal)
    let controller = HostController(view)
    screen.rootViewController = controller
    return (terminal, screen, controller)
}

/// A snapshot as a literal: lines joined with newlines, for readable expectations.
func lines(_ rows: String...) -> String {
    rows.joined(separator: "\n")
}
