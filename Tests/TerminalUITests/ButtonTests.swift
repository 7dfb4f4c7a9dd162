import Reactive
import TerminalUI
import XCTest

@preconcurrency @MainActor  // @preconcurrency: Linux's generated test list traps casting sync main-actor tests otherwise
final class ButtonTests: XCTestCase {
    func testFocusedButtonIsMarkedAndTabMovesTheFocus() {
        let clear = Button("Clear")
        let order = Button("주문")
        let (terminal, screen, _) = show(HStack(spacing: 1, clear, order), width: 20, height: 1)
        XCTAssertEqual(terminal.snapshot(), "[>Clear<] [ 주문 ]")
        XCTAssertTrue(clear.isFocused)
        XCTAssertTrue(terminal.frame[0, 0].style.reverse)
        terminal.press(.tab)
        XCTAssertEqual(terminal.snapshot(), "[ Clear ] [>주문<]")
        XCTAssertTrue(screen.focusedView === order)
        terminal.press(.tab)
        XCTAssertTrue(clear.isFocused)
        terminal.press(.backTab)
        XCTAssertTrue(order.isFocused)
        screen.focus(clear)
        XCTAssertEqual(terminal.snapshot(), "[>Clear<] [ 주문 ]")
    }

    func testEnterSpaceAndShortcutsTap() {
        let clear = Button("Clear", shortcut: "c")
        let order = Button("Order", shortcut: "o")
        let bag = DisposeBag()
        var events: [String] = []
        clear.rx.tap.subscribe(onNext: { events.append("clear") }).disposed(by: bag)
        order.rx.tap.subscribe(onNext: { events.append("order") }).disposed(by: bag)
        let (terminal, _, _) = show(HStack(clear, order), width: 20, height: 1)

        terminal.press(.enter, .space, "o", "x", "c")
        XCTAssertEqual(events, ["clear", "clear", "order", "clear"])
        order.sendTap()
        XCTAssertEqual(events.last, "order")
    }

    func testDisabledButtonNeitherTapsNorTakesTheFocus() {
        let clear = Button("Clear", shortcut: "c")
        let order = Button("Order")
        clear.isEnabled = false
        let bag = DisposeBag()
        var taps = 0
        clear.rx.tap.subscribe(onNext: { taps += 1 }).disposed(by: bag)
        let (terminal, _, _) = show(HStack(clear, order), width: 20, height: 1)
        terminal.press("c")
        clear.sendTap()
        XCTAssertEqual(taps, 0)
        XCTAssertTrue(order.isFocused)
        XCTAssertEqual(terminal.snapshot(), "[ Clear ][>Order<]")
        XCTAssertTrue(terminal.frame[0, 0].style.dim)
    }

    func testKeysNothingUsedReachTheController() {
        let button = Button("OK", shortcut: "o")
        let (terminal, _, controller) = show(button, width: 10, height: 1)
        let bag = DisposeBag()
        var keys: [Key] = []
        var quits = 0
        controller.rx.keys.subscribe(onNext: { keys.append($0) }).disposed(by: bag)
        controller.rx.key("q").subscribe(onNext: { quits += 1 }).disposed(by: bag)
        terminal.press("o", "q", .enter, "+")
        XCTAssertEqual(keys, ["q", "+"])  // "o" is the shortcut, Enter taps the focused button
        XCTAssertEqual(quits, 1)
    }
}
