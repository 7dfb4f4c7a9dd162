import Dispatch
import Reactive
import ReactiveTesting
import TerminalUI
import XCTest

@preconcurrency @MainActor  // @preconcurrency: Linux's generated test list traps casting sync main-actor tests otherwise
final class AlertTests: XCTestCase {
    func testShowMessageHasOneOKActionOfDefaultStyle() {
        let (terminal, _, controller) = show(Label("배경"), width: 24, height: 7)
        let bag = DisposeBag()
        var events: [String] = []
        controller.rx.showMessage("No Orders").subscribe(
            onNext: { events.append("next") }, onCompleted: { events.append("completed") }
        ).disposed(by: bag)
        let alert = try! XCTUnwrap(controller.presentedAlert)
        XCTAssertEqual(alert.message, "No Orders")
        XCTAssertEqual(alert.actions.count, 1)
        XCTAssertEqual(alert.actions.first?.title, "OK")
        XCTAssertEqual(alert.actions.first?.style, .default)
        XCTAssertEqual(
            terminal.snapshot(),
            lines(
                "배경",
                "     ┌────────────┐",
                "     │ No Orders  │",
                "     │            │",
                "     │   [>OK<]   │",
                "     └────────────┘"
            ))
        terminal.press(.enter)
        XCTAssertNil(controller.presentedAlert)
        XCTAssertEqual(events, ["completed"])  // withEvent: false emits nothing
        XCTAssertEqual(terminal.snapshot(), "배경")
    }

    func testShowMessageWithEventEmitsOnOK() {
        let (terminal, _, controller) = show(View(), width: 20, height: 7)
        let bag = DisposeBag()
        var events: [String] = []
        controller.rx.showMessage("done", withEvent: true).subscribe(
            onNext: { events.append("next") }, onCompleted: { events.append("completed") }
        ).disposed(by: bag)
        XCTAssertEqual(events, [])
        terminal.press(.space)
        XCTAssertEqual(events, ["next", "completed"])
        XCTAssertNil(controller.presentedAlert)
    }

    func testAlertEmitsTheChosenActionAndIsDismissed() {
        let (_, _, controller) = show(View(), width: 40, height: 10)
        let bag = DisposeBag()
        let delete = AlertAction(title: "삭제", style: .destructive)
        let cancel = AlertAction(title: "취소", style: .cancel)
        var chosen: [AlertAction] = []
        var presentedWhenChosen: [Bool] = []
        controller.rx.alert(title: "주문 취소", message: "정말 취소할까요?", actions: [cancel, delete])
            .subscribe(onNext: {
                chosen.append($0)
                presentedWhenChosen.append(controller.presentedAlert != nil)
            })
            .disposed(by: bag)
        let alert = try! XCTUnwrap(controller.presentedAlert)
        XCTAssertEqual(alert.title, "주문 취소")
        XCTAssertEqual(alert.highlightedIndex, 1)  // the first action that is not cancel
        alert.choose(delete)
        alert.choose(cancel)  // a second choice is ignored: the alert is gone
        XCTAssertEqual(chosen, [delete])
        XCTAssertEqual(presentedWhenChosen, [false])  // dismissed before the choice is reported
        XCTAssertNil(controller.presentedAlert)
    }

    func testKeyboardMovesTheHighlightAndEscapeCancels() {
        let (terminal, _, controller) = show(View(), width: 40, height: 9)
        let bag = DisposeBag()
        let actions = [AlertAction(title: "A"), AlertAction(title: "B"), AlertAction(title: "닫기", style: .cancel)]
        var chosen: [String] = []
        let present = {
            controller.rx.alert(title: "Pick", message: nil, actions: actions)
                .subscribe(onNext: { chosen.append($0.title) })
                .disposed(by: bag)
        }
        present()
        XCTAssertTrue(terminal.snapshot().contains("[>A<] [ B ] [ 닫기 ]"))
        terminal.press(.right)
        XCTAssertTrue(terminal.snapshot().contains("[ A ] [>B<] [ 닫기 ]"))
        terminal.press(.tab, .tab, .left)  // 1 → 2 → 0 → 2, wrapping around
        XCTAssertEqual(controller.presentedAlert?.highlightedIndex, 2)
        terminal.press(.backTab, .right, .enter)
        XCTAssertEqual(chosen, ["닫기"])
        present()
        terminal.press(.escape)
        XCTAssertEqual(chosen, ["닫기", "닫기"])
        XCTAssertNil(controller.presentedAlert)
    }

    func testAlertIsModalAndDrawnOverTheScreen() {
        let button = Button("Order", shortcut: "o")
        let list = ListView()
        list.rows = ["튀김1", "김밥"]
        let bag = DisposeBag()
        var taps = 0
        button.rx.tap.subscribe(onNext: { taps += 1 }).disposed(by: bag)
        let (terminal, _, controller) = show(VStack(list, button), width: 24, height: 8)
        controller.rx.alert(title: "Order Fail", message: "No Orders", actions: [AlertAction(title: "OK")])
            .subscribe()
            .disposed(by: bag)
        // The box covers the right half of 김, which is blanked rather than split.
        XCTAssertEqual(
            terminal.snapshot(),
            lines(
                "> 튀 ┌────────────┐",
                "  김 │ Order Fail │",
                "     │            │",
                "     │ No Orders  │",
                "     │            │",
                "     │   [>OK<]   │",
                "     └────────────┘",
                "[ Order ]"
            ))
        XCTAssertTrue(terminal.frame[7, 1].style.bold)
        terminal.press(.down, "o", .tab)
        XCTAssertEqual(list.selectedIndex, 0)  // the keys went to the alert, not the screen
        XCTAssertEqual(taps, 0)
        terminal.press(.enter)
        XCTAssertNil(controller.presentedAlert)
        terminal.press("o")
        XCTAssertEqual(taps, 1)
        XCTAssertEqual(terminal.snapshot(), lines("> 튀김1", "  김밥", "", "", "", "", "", "[ Order ]"))
    }

    func testDisposingTheSubscriptionDismissesTheAlert() {
        let (terminal, _, controller) = show(View(), width: 20, height: 7)
        let subscription = controller.rx.showMessage("bye").subscribe()
        XCTAssertNotNil(controller.presentedAlert)
        subscription.dispose()
        XCTAssertNil(controller.presentedAlert)
        XCTAssertEqual(terminal.snapshot(), "")
    }

    func testAlertsPresentedTogetherShowOneAfterAnother() {
        let (terminal, _, controller) = show(View(), width: 20, height: 7)
        let bag = DisposeBag()
        controller.rx.showMessage("first").subscribe().disposed(by: bag)
        controller.rx.showMessage("second").subscribe().disposed(by: bag)
        XCTAssertEqual(controller.presentedAlert?.message, "first")
        terminal.press(.enter)
        XCTAssertEqual(controller.presentedAlert?.message, "second")
        XCTAssertTrue(terminal.snapshot().contains("second"))
        terminal.press(.enter)
        XCTAssertNil(controller.presentedAlert)
    }

    func testPresentingWithoutAScreenStillRecordsTheAlert() {
        let controller = ViewController()
        let bag = DisposeBag()
        var chosen = 0
        controller.rx.showMessage("x", withEvent: true).subscribe(onNext: { chosen += 1 }).disposed(by: bag)
        let alert = try! XCTUnwrap(controller.presentedAlert)
        alert.chooseAction(at: 0)
        XCTAssertEqual(chosen, 1)
        XCTAssertNil(controller.presentedAlert)
    }

    func testSubscribingAndDisposingOffTheMainThreadGoThroughTheMainQueue() {
        let controller = ViewController()
        let subscribed = XCTestExpectation(description: "subscribed on a background thread")
        let disposed = XCTestExpectation(description: "disposed on a background thread")
        let subscription = controller.rx.showMessage("from afar")
            .do(onSubscribed: { subscribed.fulfill() }, onDispose: { disposed.fulfill() })
            .subscribe(on: SerialDispatchQueueScheduler(qos: .default))
            .subscribe()
        XCTAssertEqual(XCTWaiter().wait(for: [subscribed], timeout: 10), .completed)
        drainMainQueue()
        XCTAssertEqual(controller.presentedAlert?.message, "from afar")

        subscription.dispose()
        XCTAssertEqual(XCTWaiter().wait(for: [disposed], timeout: 10), .completed)
        drainMainQueue()
        XCTAssertNil(controller.presentedAlert)
    }
}
