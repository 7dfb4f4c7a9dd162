import Reactive
import ReactiveUI
import TerminalUI
import XCTest

private struct Dish: Equatable {
    let name: String
    let price: Int
}

/// A cell as an RxCocoa user writes one: labels, and a closure its buttons (here keys) call.
@MainActor
private final class DishCell: ListCell {
    let name = Label()
    let price = Label()
    var onOrder: (() -> Void)?

    override var columnLabels: [Label] { [name, price] }

    override func handleKey(_ key: Key) -> Bool {
        guard key == "o" else { return false }
        onOrder?()
        return true
    }
}

@preconcurrency @MainActor  // @preconcurrency: Linux's generated test list traps casting sync main-actor tests otherwise
final class ListCellTests: XCTestCase {
    func testCellsMadeByTheCellFormFillTheColumnsAndTakeKeys() {
        let list = ListView()
        let dishes = BehaviorSubject(value: [Dish(name: "김밥", price: 3_000), Dish(name: "라면", price: 4_500)])
        var orders: [String] = []
        var identifiers: [String?] = []
        var made: [DishCell] = []
        let bag = DisposeBag()
        dishes.bind(to: list.rx.items(cellIdentifier: "dish", cellType: DishCell.self)) { index, dish, cell in
            cell.name.text = "\(index + 1). \(dish.name)"
            cell.price.text = "\(dish.price)"
            cell.onOrder = { orders.append(dish.name) }
            identifiers.append(cell.reuseIdentifier)
            made.append(cell)
        }
        .disposed(by: bag)
        var itemKeys: [Int] = []
        list.rx.itemKey("x").subscribe(onNext: { itemKeys.append($0) }).disposed(by: bag)
        let (terminal, _, _) = show(list, width: 16, height: 2)
        XCTAssertEqual(terminal.snapshot(), lines("> 1. 김밥   3000", "  2. 라면   4500"))
        XCTAssertEqual(identifiers, ["dish", "dish"])
        // A label changed later shows at once.
        made[1].price.text = "4000"
        XCTAssertEqual(terminal.snapshot(), lines("> 1. 김밥   3000", "  2. 라면   4000"))

        // A key the selected row's cell uses stops there; others go on to `itemKey`.
        terminal.press(.down, "o", "x")
        XCTAssertEqual(orders, ["라면"])
        XCTAssertEqual(itemKeys, [1])

        // New models make new cells; the selection keeps its index.
        dishes.onNext([Dish(name: "떡볶이", price: 5_000), Dish(name: "순대", price: 6_000)])
        XCTAssertEqual(terminal.snapshot(), lines("  1. 떡볶이 5000", "> 2. 순대   6000"))
        XCTAssertEqual(identifiers.count, 4)
    }

    func testModelSelectedGivesTheChosenRowsModel() {
        let list = ListView()
        let bag = DisposeBag()
        Observable.just([Dish(name: "김밥", price: 3_000), Dish(name: "라면", price: 4_500)])
            .bind(to: list.rx.items) { _, dish in ListRow(dish.name) }
            .disposed(by: bag)
        var chosen: [Dish] = []
        var indices: [Int] = []
        list.rx.modelSelected(Dish.self).subscribe(onNext: { chosen.append($0) }).disposed(by: bag)
        list.rx.itemSelected.subscribe(onNext: { indices.append($0) }).disposed(by: bag)
        let (terminal, _, _) = show(list, width: 12, height: 2)
        terminal.press(.down, .enter)
        XCTAssertEqual(chosen, [Dish(name: "라면", price: 4_500)])
        XCTAssertEqual(indices, [1])
        XCTAssertEqual(try list.rx.model(at: 0) as Dish, Dish(name: "김밥", price: 3_000))
        XCTAssertThrowsError(try list.rx.model(at: 0) as String) { error in
            XCTAssertEqual(error as? ListModelError, .wrongType(row: 0, expected: "String", found: "Dish"))
        }
        // Rows set directly carry no models.
        list.rows = ["plain"]
        XCTAssertThrowsError(try list.model(at: 0) as Dish) { error in
            XCTAssertEqual(error as? ListModelError, .noModel(row: 0))
        }
    }

    func testTheSelectedIndexIsAPropertyThatSelectsWhenBound() {
        let list = ListView()
        list.rows = ["a", "b", "c"]
        var selections: [Int?] = []
        let bag = DisposeBag()
        list.rx.selectedIndex.subscribe(onNext: { selections.append($0) }).disposed(by: bag)
        Observable.just(2).bind(to: list.rx.selectedIndex).disposed(by: bag)
        XCTAssertEqual(list.selectedIndex, 2)
        XCTAssertEqual(selections, [0, 2])
    }

    func testADriverDrivesTheItemsBinder() {
        let list = ListView()
        let dishes = BehaviorRelay(value: [Dish(name: "김밥", price: 3_000)])
        let bag = DisposeBag()
        dishes.asDriver()
            .drive(list.rx.items(cellIdentifier: "dish", cellType: DishCell.self)) { _, dish, cell in
                cell.name.text = dish.name
                cell.price.text = "\(dish.price)"
            }
            .disposed(by: bag)
        let (terminal, _, _) = show(list, width: 12, height: 1)
        XCTAssertEqual(terminal.snapshot(), "> 김밥  3000")
        dishes.accept([Dish(name: "라면", price: 4_500)])
        XCTAssertEqual(terminal.snapshot(), "> 라면  4500")

        // The plain closure form drives as it binds.
        let names = ListView()
        dishes.asDriver().drive(names.rx.items) { index, dish in ListRow("\(index). \(dish.name)") }.disposed(by: bag)
        XCTAssertEqual(names.rows, ["0. 라면"])
    }
}
