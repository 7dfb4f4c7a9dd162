import Reactive
import TerminalUI
import XCTest

@MainActor
private final class CountingController: ViewController {
    var loads = 0
    var didLoads = 0
    let label = Label("first")

    override func loadView() {
        loads += 1
        view = label
    }

    override func viewDidLoad() {
        didLoads += 1
    }
}

@preconcurrency @MainActor  // @preconcurrency: Linux's generated test list traps casting sync main-actor tests otherwise
final class ViewControllerTests: XCTestCase {
    func testViewLoadsOnceOnFirstUse() {
        let controller = CountingController()
        XCTAssertFalse(controller.isViewLoaded)
        _ = controller.view
        _ = controller.view
        controller.loadViewIfNeeded()
        XCTAssertTrue(controller.isViewLoaded)
        XCTAssertEqual(controller.loads, 1)
        XCTAssertEqual(controller.didLoads, 1)

        let shown = CountingController()
        let terminal = HeadlessTerminal(width: 10, height: 1)
        Screen(terminal: terminal).rootViewController = shown  // the terminal keeps the screen
        XCTAssertEqual(shown.didLoads, 1)  // a screen loads its root controller's view
        XCTAssertEqual(terminal.snapshot(), "first")
    }

    func testReplacingTheRootControllerShowsTheNewOneOnly() {
        let terminal = HeadlessTerminal(width: 10, height: 1)
        let screen = Screen(terminal: terminal)
        let first = CountingController()
        let second = HostController(Label("second"))
        screen.rootViewController = first
        XCTAssertEqual(terminal.snapshot(), "first")
        screen.rootViewController = second
        XCTAssertEqual(terminal.snapshot(), "second")
        XCTAssertNil(first.screen)
        XCTAssertNil(first.view.screen)
        let frames = terminal.frameCount
        first.label.text = "changed"
        XCTAssertEqual(terminal.snapshot(), "second")
        XCTAssertEqual(terminal.frameCount, frames)
    }

    func testReplacingTheViewRedraws() {
        let (terminal, _, controller) = show(Label("old"), width: 10, height: 1)
        XCTAssertEqual(terminal.snapshot(), "old")
        let old = controller.view
        controller.view = Label("new")
        XCTAssertEqual(terminal.snapshot(), "new")
        XCTAssertNil(old.screen)
    }
}
