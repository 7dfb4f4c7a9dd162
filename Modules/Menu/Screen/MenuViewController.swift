import MenuInterface
import Reactive
import ReactiveUI
import TerminalUI

/// The menu screen (the RxSwift menu tutorial's view controller): one row per item with its name, price in won and
/// count, the total count and price, Clear and Order, and the alert the view model says to show.
///
/// It only shows and forwards: every key and tap goes to the view model, which decides. It binds
/// as RxCocoa users do: the view model's outputs become drivers (on the main thread, never
/// failing), taps and alerts signals.
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

    private let viewModel: any MenuListViewModelType
    private let disposeBag = DisposeBag()

    /// A screen bound to `viewModel`.
    public init(viewModel: any MenuListViewModelType) {
        self.viewModel = viewModel
        super.init()
        title = "Menu"
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

    /// Binds the view model, then asks it for the catalog.
    public override func viewDidLoad() {
        bindMenus()
        bindTotals()
        bindInputs()
        bindAlerts()
        viewModel.fetchMenu()
    }

    private func bindMenus() {
        viewModel.menuObservable
            .asDriver(onErrorJustReturn: [])
            .drive(tableView.rx.items(cellIdentifier: "MenuItemCell", cellType: MenuItemCell.self)) { [weak self] _, item, cell in
                cell.title.text = item.name
                cell.price.text = item.price.currencyKR()
                cell.count.text = "- \(item.count) +"
                // The tutorial's cell `onChange(+1 / -1)`: the row's item and the step go to the view model.
                cell.onChange = { increase in self?.viewModel.changeCount(item: item, increase: increase) }
            }
            .disposed(by: disposeBag)
    }

    private func bindTotals() {
        viewModel.itemsCount
            .map { "\($0)" }
            .asDriver(onErrorJustReturn: "")
            .drive(itemCountLabel.rx.text)
            .disposed(by: disposeBag)

        viewModel.totalPriceText
            .asDriver(onErrorJustReturn: "")
            .drive(totalPrice.rx.text)
            .disposed(by: disposeBag)
    }

    private func bindInputs() {
        clearButton.rx.tap.asSignal()
            .emit(with: self, onNext: { controller, _ in controller.viewModel.clearAllItemSelections() })
            .disposed(by: disposeBag)

        orderButton.rx.tap.asSignal()
            .emit(with: self, onNext: { controller, _ in controller.viewModel.order() })
            .disposed(by: disposeBag)

        rx.key("r")
            .asSignal(onErrorSignalWith: .empty())
            .emit(with: self, onNext: { controller, _ in controller.viewModel.fetchMenu() })
            .disposed(by: disposeBag)
    }

    /// Shows the view model's alert while it is the one to show (another replaces it, nil takes it
    /// away); its OK dismisses it.
    private func bindAlerts() {
        viewModel.alert
            .asDriver(onErrorJustReturn: nil)
            .flatMapLatest { [weak self] alert -> Driver<AlertAction> in
                guard let self, let alert else { return .empty() }
                return self.rx.alert(title: alert.title, message: alert.message, actions: [AlertAction(title: "OK", style: .default)])
                    .asDriver(onErrorDriveWith: .empty())
            }
            .drive(with: self, onNext: { controller, _ in controller.viewModel.dismissAlert() })
            .disposed(by: disposeBag)
    }
}
