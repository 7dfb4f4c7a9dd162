import Reactive
import ReactiveTesting
import TerminalUI
import XCTest

private struct Menu: Equatable {
    let name: String
    let price: Int
    var count: Int
}

extension Int {
    /// "₩1,000", as the RxSwift menu tutorial shows prices.
    fileprivate var won: String {
        let digits = String(self)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return "₩" + grouped
    }
}

/// The RxSwift menu tutorial's menu screen: a list of items with name, price and count (+ and − on the selected
/// row), total count and price labels, Clear and Order buttons, and an alert when ordering nothing.
@MainActor
private final class MenuController: ViewController {
    let list = ListView(placeholder: "메뉴 없음")
    let itemCountLabel = Label()
    let totalPrice = Label(alignment: .right)
    let clearButton = Button("Clear", shortcut: "c")
    let orderButton = Button("Order", shortcut: "o")
    let status = StatusLine(hint: "↑↓ +/- c o")
    let menuObservable = BehaviorSubject<[Menu]>(value: [])
    private let disposeBag = DisposeBag()

    override func loadView() {
        view = VStack(
            Panel(title: "메뉴", list),
            HStack(spacing: 1, Label("합계"), itemCountLabel, Spacer(), totalPrice),
            HStack(spacing: 1, clearButton, orderButton),
            status
        )
    }

    override func viewDidLoad() {
        let menus = menuObservable.observe(on: MainScheduler.instance)
        menus.bind(to: list.rx.items) { _, menu in
            ListRow(menu.name, menu.price.won, "\(menu.count)")
        }
        .disposed(by: disposeBag)
        menus.map { "\($0.map(\.count).reduce(0, +))개" }
            .bind(to: itemCountLabel.rx.text)
            .disposed(by: disposeBag)
        menus.map { $0.map { $0.price * $0.count }.reduce(0, +).won }
            .bind(to: totalPrice.rx.text)
            .disposed(by: disposeBag)
        menus.map { $0.contains { $0.count > 0 } }
            .bind(to: orderButton.rx.isEnabled)
            .disposed(by: disposeBag)

        list.rx.itemKey("+").subscribe(onNext: { [weak self] in self?.change($0, by: 1) }).disposed(by: disposeBag)
        list.rx.itemKey("-").subscribe(onNext: { [weak self] in self?.change($0, by: -1) }).disposed(by: disposeBag)
        clearButton.rx.tap
            .subscribe(onNext: { [weak self] in
                guard let self else { return }
                menuObservable.onNext(((try? menuObservable.value()) ?? []).map { Menu(name: $0.name, price: $0.price, count: 0) })
            })
            .disposed(by: disposeBag)
        rx.key("x")
            .flatMap { [weak self] in
                self?.rx.alert(title: "Order Fail", message: "No Orders", actions: [AlertAction(title: "OK")]) ?? .empty()
            }
            .subscribe()
            .disposed(by: disposeBag)
    }

    private func change(_ index: Int, by step: Int) {
        var menus = (try? menuObservable.value()) ?? []
        menus[index].count = max(0, menus[index].count + step)
        menuObservable.onNext(menus)
    }
}

/// The TCA Sign in with Apple tutorial's sign-in screen: a title, a sign-in button, and a status line.
@MainActor
private final class SignInController: ViewController {
    let signIn = Button("Sign in with Apple", shortcut: .enter)
    let status = StatusLine("로그아웃 상태")

    override func loadView() {
        view = VStack(
            Spacer(),
            Label("Bistro", alignment: .center, style: .bold),
            Padding(EdgeInsets(vertical: 1, horizontal: 0), HStack(Spacer(), signIn, Spacer())),
            Spacer(),
            status
        )
    }
}

@preconcurrency @MainActor  // @preconcurrency: Linux's generated test list traps casting sync main-actor tests otherwise
final class ScreenCompositionTests: XCTestCase {
    func testMenuScreen() {
        let terminal = HeadlessTerminal(width: 28, height: 9)
        let screen = Screen(terminal: terminal)
        let controller = MenuController()
        screen.rootViewController = controller
        controller.menuObservable.onNext([
            Menu(name: "튀김1", price: 1_000, count: 0),
            Menu(name: "떡볶이", price: 3_500, count: 0),
            Menu(name: "아주 긴 이름의 김밥", price: 12_000, count: 0),
        ])
        drainMainQueue()
        XCTAssertEqual(
            terminal.snapshot(),
            lines(
                "┌─ 메뉴 ───────────────────┐",
                "│> 튀김1           ₩1,000 0│",
                "│  떡볶이          ₩3,500 0│",
                "│  아주 긴 이름…  ₩12,000 0│",
                "│                          │",
                "└──────────────────────────┘",
                "합계 0개                  ₩0",
                "[ Clear ] [ Order ]",
                "                  ↑↓ +/- c o"
            ))
        XCTAssertFalse(controller.orderButton.isEnabled)

        terminal.press(.down, "+", "+", .down, "+", "-", "-", "+")
        drainMainQueue()
        XCTAssertEqual(terminal.frame.lines[2], "│  떡볶이          ₩3,500 2│")
        XCTAssertEqual(terminal.frame.lines[3], "│> 아주 긴 이름…  ₩12,000 1│")
        XCTAssertEqual(terminal.frame.lines[6], "합계 3개             ₩19,000")
        XCTAssertTrue(controller.orderButton.isEnabled)

        terminal.press("c")
        drainMainQueue()
        XCTAssertEqual(terminal.frame.lines[6], "합계 0개                  ₩0")
        XCTAssertEqual(controller.list.selectedIndex, 2)

        terminal.press("x")
        XCTAssertEqual(controller.presentedAlert?.title, "Order Fail")
        terminal.press(.enter)
        XCTAssertNil(controller.presentedAlert)
    }

    func testSignInScreen() {
        let terminal = HeadlessTerminal(width: 26, height: 7)
        let screen = Screen(terminal: terminal)
        let controller = SignInController()
        screen.rootViewController = controller
        let bag = DisposeBag()
        var taps = 0
        controller.signIn.rx.tap.subscribe(onNext: { taps += 1 }).disposed(by: bag)
        XCTAssertEqual(
            terminal.snapshot(),
            lines(
                "",
                "          Bistro",
                "",
                "  [>Sign in with Apple<]",
                "",
                "",
                "로그아웃 상태"
            ))
        terminal.press(.enter)
        XCTAssertEqual(taps, 1)
    }
}
