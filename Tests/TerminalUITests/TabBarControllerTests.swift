import Reactive
import ReactiveUI
import TerminalUI
import XCTest

/// A tab with a title, a focusable button, and a count of its loads and unhandled keys.
@MainActor
private final class TabController: ViewController {
    let button: Button
    let body: String
    var loads = 0
    var keys: [Key] = []
    private let bag = DisposeBag()

    init(title: String, body: String, button: String) {
        self.body = body
        self.button = Button(button)
        super.init()
        self.title = title
    }

    override func loadView() {
        loads += 1
        view = VStack(Label(body), button)
    }

    override func viewDidLoad() {
        rx.keys.subscribe(onNext: { [weak self] in self?.keys.append($0) }).disposed(by: bag)
    }
}

/// Tabs behind a bar: Tab and Shift-Tab switch, views load lazily, alerts and keys reach the tabs.
@preconcurrency @MainActor  // @preconcurrency: Linux's generated test list traps casting sync main-actor tests otherwise
final class TabBarControllerTests: XCTestCase {
    private static func make() -> (HeadlessTerminal, TabBarController, [TabController]) {
        let tabs = [
            TabController(title: "Menu", body: "menu body", button: "Order"),
            TabController(title: "Contacts", body: "contacts body", button: "Call"),
            TabController(title: "Account", body: "account body", button: "Sign out"),
        ]
        let terminal = HeadlessTerminal(width: 44, height: 3)
        let screen = Screen(terminal: terminal)
        let controller = TabBarController(viewControllers: tabs)
        screen.rootViewController = controller
        return (terminal, controller, tabs)
    }

    func testTheBarNamesTheTabsAndShowsTheFirst() {
        let (terminal, _, _) = Self.make()
        XCTAssertEqual(
            terminal.snapshot(),
            lines(
                " [Menu]  Contacts   Account    Tab switches",
                "menu body",
                "[>Order<]"
            ))
        XCTAssertTrue(terminal.frame[1, 0].style.bold, "the selected title is cut out of the reversed bar")
        XCTAssertTrue(terminal.frame[10, 0].style.reverse)
    }

    func testTabAndShiftTabSwitchAndWrapAround() {
        let (terminal, controller, _) = Self.make()
        terminal.press(.tab)
        XCTAssertEqual(controller.selectedIndex, 1)
        XCTAssertEqual(
            terminal.snapshot(),
            lines(
                "  Menu  [Contacts]  Account    Tab switches",
                "contacts body",
                "[>Call<]"
            ))
        terminal.press(.tab, .tab)
        XCTAssertEqual(controller.selectedIndex, 0, "wraps after the last tab")
        terminal.press(.backTab)
        XCTAssertEqual(controller.selectedIndex, 2, "wraps before the first tab")
        XCTAssertTrue(terminal.snapshot().contains("account body"))
    }

    func testATabLoadsWhenFirstShownAndKeepsItsView() {
        let (terminal, _, tabs) = Self.make()
        XCTAssertEqual(tabs.map(\.loads), [1, 0, 0])
        terminal.press(.tab)
        terminal.press(.backTab)
        terminal.press(.tab)
        XCTAssertEqual(tabs.map(\.loads), [1, 1, 0])
        XCTAssertTrue(tabs.allSatisfy { $0.screen != nil }, "a child's screen is its container's")
    }

    func testTheFocusIsInTheShownTab() {
        let (terminal, _, tabs) = Self.make()
        var taps = 0
        _ = tabs[1].button.rx.tap.subscribe(onNext: { taps += 1 })
        _ = terminal.snapshot()
        XCTAssertTrue(tabs[0].button.isFocused)
        terminal.press(.tab)
        _ = terminal.snapshot()
        XCTAssertTrue(tabs[1].button.isFocused, "the shown tab's first control takes the focus")
        XCTAssertFalse(tabs[0].button.isFocused)
        terminal.press(.enter)
        XCTAssertEqual(taps, 1)
    }

    func testUnhandledKeysReachTheShownTabThenTheContainer() {
        let (terminal, controller, tabs) = Self.make()
        var containerKeys: [Key] = []
        _ = controller.rx.keys.subscribe(onNext: { containerKeys.append($0) })
        terminal.press("r")
        terminal.press(.tab)
        terminal.press("x")
        XCTAssertEqual(tabs[0].keys, ["r"])
        XCTAssertEqual(tabs[1].keys, ["x"])
        XCTAssertEqual(containerKeys, ["r", "x"])
    }

    func testAnAlertOfAnyTabIsModalOverTheScreen() {
        let (terminal, controller, tabs) = Self.make()
        terminal.press(.tab)
        _ = tabs[1].rx.showMessage("Network down").subscribe()
        XCTAssertEqual(controller.presentedAlert?.message, "Network down")
        XCTAssertTrue(terminal.snapshot().contains("Network down"))
        terminal.press(.tab)
        XCTAssertEqual(controller.selectedIndex, 1, "the alert takes Tab: it moves its own highlight")
        terminal.press(.enter)
        XCTAssertNil(controller.presentedAlert)
        XCTAssertFalse(terminal.snapshot().contains("Network down"))

        // An alert of a tab not shown still shows: it is modal on the whole screen.
        _ = tabs[0].rx.showMessage("Order failed").subscribe()
        XCTAssertTrue(terminal.snapshot().contains("Order failed"))
        terminal.press(.enter)
        XCTAssertFalse(terminal.snapshot().contains("Order failed"))
    }

    func testSelectedIndexIsObservableAndIgnoresIndicesOutOfRange() {
        let (terminal, controller, _) = Self.make()
        var indices: [Int] = []
        _ = controller.rx.selectedIndex.subscribe(onNext: { indices.append($0) })
        terminal.press(.tab)
        controller.selectedIndex = 2
        controller.selectedIndex = 7
        controller.selectedIndex = -1
        XCTAssertEqual(indices, [0, 1, 2])
        XCTAssertTrue(terminal.snapshot().contains("[Account]"))

        // RxCocoa's shapes: the index is a property that selects when bound, `didSelect` the
        // controllers switched to (not the one shown when subscribed).
        var selected: [String?] = []
        _ = controller.rx.didSelect.subscribe(onNext: { selected.append($0.title) })
        _ = Observable.just(0).bind(to: controller.rx.selectedIndex)
        terminal.press(.tab)
        XCTAssertEqual(controller.selectedIndex, 1)
        XCTAssertEqual(selected, [controller.viewControllers[0].title, controller.viewControllers[1].title])
        XCTAssertEqual(indices, [0, 1, 2, 0, 1])
    }

    func testASingleTabLeavesTabToTheFocus() {
        let only = TabController(title: "Only", body: "body", button: "One")
        let terminal = HeadlessTerminal(width: 30, height: 3)
        let screen = Screen(terminal: terminal)
        screen.rootViewController = TabBarController(viewControllers: [only])
        terminal.press(.tab)
        XCTAssertTrue(only.button.isFocused, "with one tab, Tab moves the focus as on any screen")
    }
}
