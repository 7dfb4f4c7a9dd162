import Architecture
import MenuInterface
import Reactive
import ReactiveUI
import TerminalUI

/// The menu screen (the RxSwift menu tutorial's view controller): one row per item with its name, price in won and
/// count, the total count and price, Clear and Order, and the alert the state says to show.
///
/// It only shows and forwards: it binds to the store's state as RxCocoa users bind (drivers on the
/// main thread, never failing; taps as signals) and sends every key and tap to the store as an
/// action, where the rules are. It follows the stored menu from `viewDidLoad` until it goes away.
/// Keys: Up/Down select a row, `+`/`-` change its count, `c` clears, `o` orders, `r` reloads;
/// Tab moves the focus to the buttons, where Enter taps them (in a tab bar, Tab switches tabs and
/// the buttons are reached by their shortcuts).
@MainActor
public final class MenuViewController: ViewController {
    /// One row per item: name, price, and the count between − and +.
    public let tableView = ListView(placeholder: "No menu")
    /// The total number of items selected (the tutorial's `itemCountLabel`).
    public let itemCountLabel = Label("0")
    /// The total price in won (the tutorial's `totalPrice` label).
    public let totalPrice = Label(alignment: .right)
    /// Sets every count to 0.
    public let clearButton = Button("Clear", shortcut: "c")
    /// Orders the selection.
    public let orderButton = Button("Order", shortcut: "o")

    private let store: Store<MenuList.State, MenuList.Action>
    /// The `task` effect: following the stored menu, ended when the screen goes.
    private var following: StoreTask?
    private let disposeBag = DisposeBag()

    /// A screen bound to `store`.
    public init(store: Store<MenuList.State, MenuList.Action>) {
        self.store = store
        super.init()
        title = "Menu"
    }

    deinit {
        following?.cancel()
    }

    /// The list in a panel, the totals, the buttons and a line of key hints.
    public override func loadView() {
        view = VStack(
            Panel(title: "Menu", tableView),
            HStack(Label("Items "), itemCountLabel, Spacer(), Label("Total "), totalPrice).padded(EdgeInsets(horizontal: 1)),
            HStack(spacing: 1, clearButton, orderButton, Spacer()).padded(EdgeInsets(horizontal: 1)),
            StatusLine(hint: "+/- count  c clear  o order  r reload")
        )
    }

    /// Binds the state and the inputs, then starts following the stored menu.
    public override func viewDidLoad() {
        bindMenus()
        bindTotals()
        bindInputs()
        bindAlerts()
        following = store.send(.task)
    }

    private func bindMenus() {
        let store = store
        store.states.map(\.menus).distinctUntilChanged()
            .asDriver(onErrorJustReturn: [])
            .drive(tableView.rx.items(cellIdentifier: "MenuItemCell", cellType: MenuItemCell.self)) { _, item, cell in
                cell.title.text = item.name
                cell.price.text = item.price.currencyKR()
                cell.count.text = "- \(item.count) +"
                // The tutorial's cell `onChange(+1 / -1)`: the row's item as shown and the step go to the store.
                cell.onChange = { delta in store.send(.countButtonTapped(item, delta: delta)) }
            }
            .disposed(by: disposeBag)
    }

    private func bindTotals() {
        // Totals that do not fit are not shown as wrapped numbers: the last that fit stay.
        let totals = store.states.compactMap(\.totals).distinctUntilChanged()
        totals.map { "\($0.itemsCount)" }
            .asDriver(onErrorJustReturn: "")
            .drive(itemCountLabel.rx.text)
            .disposed(by: disposeBag)

        totals.map { $0.totalPrice.currencyKR() }
            .asDriver(onErrorJustReturn: "")
            .drive(totalPrice.rx.text)
            .disposed(by: disposeBag)
    }

    private func bindInputs() {
        let store = store
        clearButton.rx.tap.asSignal()
            .emit(onNext: { store.send(.clearButtonTapped) })
            .disposed(by: disposeBag)

        orderButton.rx.tap.asSignal()
            .emit(onNext: { store.send(.orderButtonTapped) })
            .disposed(by: disposeBag)

        rx.key("r")
            .asSignal(onErrorSignalWith: .empty())
            .emit(onNext: { _ in store.send(.reloadButtonTapped) })
            .disposed(by: disposeBag)
    }

    /// Shows the state's alert while it is the one to show; its OK sends `alertDismissed`.
    private func bindAlerts() {
        let store = store
        rx.alertState(store.states.map(\.alert).asDriver(onErrorJustReturn: nil), title: { $0.title }, message: { $0.message })
            .emit(onNext: { store.send(.alertDismissed) })
            .disposed(by: disposeBag)
    }
}
