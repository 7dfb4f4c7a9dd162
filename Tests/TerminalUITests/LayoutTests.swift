import Reactive
import TerminalUI
import XCTest

@preconcurrency @MainActor  // @preconcurrency: Linux's generated test list traps casting sync main-actor tests otherwise
final class LayoutTests: XCTestCase {
    func testVerticalStackWithSpacingAndAnExpandingList() {
        let list = ListView()
        list.rows = ["a", "b", "c", "d", "e", "f"]
        let root = VStack(spacing: 1, Label("Title"), list, Label("Footer"))
        let (terminal, _, _) = show(root, width: 10, height: 7)
        XCTAssertEqual(terminal.snapshot(), lines("Title", "", "> a", "  b", "  c", "", "Footer"))
        XCTAssertEqual(list.frame, Rect(x: 0, y: 2, width: 10, height: 3))
    }

    func testHorizontalStackWithASpacer() {
        let row = HStack(Label("합계"), Spacer(), Label("₩1,000"))
        let (terminal, _, _) = show(VStack(row), width: 14, height: 1)
        XCTAssertEqual(terminal.snapshot(), "합계    ₩1,000")
    }

    func testHorizontalStackSharesSpareWidthAmongExpandingViews() {
        let left = ListView()
        let right = ListView()
        left.rows = ["L"]
        right.rows = ["R"]
        let (terminal, _, _) = show(HStack(spacing: 1, left, Label("|"), right), width: 12, height: 1)
        XCTAssertEqual(terminal.snapshot(), "> L   | > R")
        // 12 − 1 (label) − 2 (spacing) = 9 spare cells: 5 for the first list, 4 for the second.
        XCTAssertEqual(left.frame.width, 5)
        XCTAssertEqual(right.frame.width, 4)
    }

    func testHiddenViewsTakeNoSpace() {
        let middle = Label("middle")
        let (terminal, _, _) = show(VStack(Label("top"), middle, Label("bottom")), width: 10, height: 3)
        middle.isHidden = true
        XCTAssertEqual(terminal.snapshot(), lines("top", "bottom"))
        middle.isHidden = false
        XCTAssertEqual(terminal.snapshot(), lines("top", "middle", "bottom"))
    }

    func testPadding() {
        let root = VStack(Label("튀김").padded(EdgeInsets(top: 1, left: 2)), Label("x").padded(1))
        let (terminal, _, _) = show(root, width: 8, height: 6)
        XCTAssertEqual(terminal.snapshot(), lines("", "  튀김", "", " x"))
    }

    func testPanelWithATitle() {
        let panel = Panel(title: "메뉴 Menu", VStack(Label("튀김1"), Label("김밥")))
        let (terminal, _, _) = show(VStack(panel), width: 16, height: 5)
        XCTAssertEqual(
            terminal.snapshot(),
            lines(
                "┌─ 메뉴 Menu ──┐",
                "│튀김1         │",
                "│김밥          │",
                "└──────────────┘"
            ))
        panel.title = "아주 긴 메뉴 제목입니다"
        XCTAssertEqual(terminal.snapshot().split(separator: "\n").first, "┌─ 아주 긴 메… ┐")
    }

    func testStatusLine() {
        let status = StatusLine("주문 2개", hint: "q 종료")
        let (terminal, _, _) = show(VStack(Spacer(), status), width: 20, height: 2)
        XCTAssertEqual(terminal.snapshot(), lines("", "주문 2개      q 종료"))
        XCTAssertTrue(terminal.frame[19, 1].style.reverse)
        status.text = "아주 긴 상태 메시지입니다"
        XCTAssertEqual(terminal.frame.lines[1], "아주 긴 상태… q 종료")
        let bag = DisposeBag()
        Observable.just("ok").bind(to: status.rx.text).disposed(by: bag)
        XCTAssertEqual(terminal.frame.lines[1], "ok            q 종료")
    }

    func testStackTruncatesWhatDoesNotFit() {
        let (terminal, _, _) = show(HStack(Label("튀김튀김"), Label("abc")), width: 5, height: 1)
        XCTAssertEqual(terminal.snapshot(), "튀김…")
    }

    func testResizeRedrawsAtTheNewSize() {
        let (terminal, _, _) = show(VStack(Label("튀김1", alignment: .right)), width: 10, height: 2)
        XCTAssertEqual(terminal.snapshot(), "     튀김1")
        terminal.resize(width: 7, height: 1)
        XCTAssertEqual(terminal.frame.size, Size(width: 7, height: 1))
        XCTAssertEqual(terminal.snapshot(), "  튀김1")
    }

    func testChangesInOneTurnMakeOneFrame() {
        let a = Label()
        let b = Label()
        let (terminal, _, _) = show(VStack(a, b), width: 10, height: 2)
        _ = terminal.snapshot()
        let frames = terminal.frameCount
        a.text = "1"
        b.text = "2"
        a.text = "3"
        XCTAssertEqual(terminal.snapshot(), lines("3", "2"))
        XCTAssertEqual(terminal.frameCount, frames + 1)
        XCTAssertEqual(terminal.snapshot(), lines("3", "2"))
        XCTAssertEqual(terminal.frameCount, frames + 1)  // nothing changed, nothing drawn
    }

    func testCtrlCStopsTheTerminal() {
        let (terminal, screen, _) = show(Label("x"), width: 5, height: 1)
        let bag = DisposeBag()
        var seen: [Key] = []
        screen.keys.subscribe(onNext: { seen.append($0) }).disposed(by: bag)
        XCTAssertFalse(terminal.isStopped)
        terminal.press(.ctrlC)
        XCTAssertTrue(terminal.isStopped)
        XCTAssertEqual(seen, [.ctrlC])
    }
}
