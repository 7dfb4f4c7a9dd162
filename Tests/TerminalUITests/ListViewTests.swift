import Reactive
import TerminalUI
import XCTest

private struct Menu {
    let name: String
    let price: Int
    let count: Int
}

@preconcurrency @MainActor  // @preconcurrency: Linux's generated test list traps casting sync main-actor tests otherwise
final class ListViewTests: XCTestCase {
    func testRowsInColumnsWithTheSelectionMarked() {
        let list = ListView()
        let (terminal, _, _) = show(list, width: 20, height: 4)
        list.rows = [ListRow("튀김1", "₩1,000", "0"), ListRow("순대", "₩12,500", "2"), ListRow("떡볶이 세트 메뉴", "₩9,000", "10")]
        XCTAssertEqual(
            terminal.snapshot(),
            lines(
                "> 튀김1    ₩1,000  0",
                "  순대    ₩12,500  2",
                "  떡볶이…  ₩9,000 10"
            ))
        XCTAssertEqual(list.selectedIndex, 0)
        // The focused list shows its selection in reverse video as well.
        XCTAssertTrue(terminal.frame[0, 0].style.reverse)
        XCTAssertFalse(terminal.frame[0, 1].style.reverse)
    }

    func testArrowKeysMoveTheSelection() {
        let list = ListView()
        list.rows = ["a", "b", "c"]
        let (terminal, _, _) = show(list, width: 6, height: 3)
        terminal.press(.down, .down, .down)
        XCTAssertEqual(list.selectedIndex, 2)
        XCTAssertEqual(terminal.snapshot(), lines("  a", "  b", "> c"))
        terminal.press(.up)
        XCTAssertEqual(terminal.snapshot(), lines("  a", "> b", "  c"))
        terminal.press(.home)
        XCTAssertEqual(list.selectedIndex, 0)
        terminal.press(.end)
        XCTAssertEqual(list.selectedIndex, 2)
    }

    func testScrollingWhenRowsExceedTheHeight() {
        let list = ListView()
        list.rows = (1...10).map { ListRow("튀김\($0)") }
        let (terminal, _, _) = show(list, width: 10, height: 3)
        XCTAssertEqual(terminal.snapshot(), lines("> 튀김1", "  튀김2", "  튀김3"))
        terminal.press(.down, .down, .down)
        XCTAssertEqual(terminal.snapshot(), lines("  튀김2", "  튀김3", "> 튀김4"))
        XCTAssertEqual(list.scrollOffset, 1)
        terminal.press(.pageDown)
        XCTAssertEqual(list.selectedIndex, 5)
        XCTAssertEqual(terminal.snapshot(), lines("  튀김4", "  튀김5", "> 튀김6"))
        terminal.press(.end)
        XCTAssertEqual(terminal.snapshot(), lines("  튀김8", "  튀김9", "> 튀김10"))
        terminal.press(.pageUp, .pageUp)
        XCTAssertEqual(list.selectedIndex, 5)
        terminal.press(.up, .up, .up)
        XCTAssertEqual(terminal.snapshot(), lines("> 튀김3", "  튀김4", "  튀김5"))
        terminal.press(.home)
        XCTAssertEqual(list.scrollOffset, 0)
    }

    func testBindingRowsAndTheRxCocoaItemsForm() {
        let list = ListView()
        let other = ListView()
        let bag = DisposeBag()
        let menus = BehaviorSubject<[Menu]>(value: [Menu(name: "튀김1", price: 1_000, count: 0)])
        let (terminal, _, _) = show(VStack(list, other), width: 16, height: 4)

        // The seed's form: `bind(to: tableView.rx.items(...)) { index, item, cell in ... }`.
        menus.bind(to: list.rx.items) { index, menu in
            ListRow("\(index + 1). \(menu.name)", "\(menu.count)")
        }
        .disposed(by: bag)
        menus.map { $0.map { ListRow($0.name) } }
            .bind(to: other.rx.rows)
            .disposed(by: bag)
        XCTAssertEqual(terminal.snapshot(), lines("> 1. 튀김1     0", "", "> 튀김1"))

        menus.onNext([Menu(name: "튀김1", price: 1_000, count: 1), Menu(name: "김밥", price: 3_000, count: 2)])
        XCTAssertEqual(terminal.snapshot(), lines("> 1. 튀김1     1", "  2. 김밥      2", "> 튀김1", "  김밥"))
    }

    func testEnterReportsTheSelectedItemAndOtherKeysCarryIt() {
        let list = ListView()
        list.rows = ["튀김1", "김밥", "순대"]
        let bag = DisposeBag()
        var chosen: [Int] = []
        var plus: [Int] = []
        var minus: [Int] = []
        var selection: [Int?] = []
        list.rx.itemSelected.subscribe(onNext: { chosen.append($0) }).disposed(by: bag)
        list.rx.itemKey("+").subscribe(onNext: { plus.append($0) }).disposed(by: bag)
        list.rx.itemKey("-").subscribe(onNext: { minus.append($0) }).disposed(by: bag)
        list.rx.selectedIndex.subscribe(onNext: { selection.append($0) }).disposed(by: bag)
        let (terminal, _, _) = show(list, width: 10, height: 3)

        terminal.press(.down, "+", "+", .enter, .down, "-")
        XCTAssertEqual(chosen, [1])
        XCTAssertEqual(plus, [1, 1])
        XCTAssertEqual(minus, [2])
        XCTAssertEqual(selection, [0, 1, 2])
    }

    func testSelectionIsClampedWhenRowsChange() {
        let list = ListView()
        list.rows = ["a", "b", "c"]
        list.select(2)
        list.rows = ["a"]
        XCTAssertEqual(list.selectedIndex, 0)
        list.rows = []
        XCTAssertNil(list.selectedIndex)
        list.rows = ["x", "y"]
        XCTAssertEqual(list.selectedIndex, 0)
    }

    func testPlaceholderAndExplicitColumns() {
        let list = ListView(
            columns: [ListColumn(width: .fixed(6), alignment: .left), ListColumn(width: .flexible, alignment: .center)],
            placeholder: "메뉴 없음"
        )
        let (terminal, _, _) = show(list, width: 16, height: 2)
        XCTAssertEqual(terminal.snapshot(), "   메뉴 없음")
        XCTAssertTrue(terminal.frame[3, 0].style.dim)
        list.rows = [ListRow("튀김튀김", "1")]
        XCTAssertEqual(terminal.snapshot(), "> 튀김… \u{20}   1")
    }
}
