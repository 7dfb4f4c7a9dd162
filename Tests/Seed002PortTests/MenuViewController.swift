import Reactive
import ReactiveUI
import TerminalUI

class MenuViewController: ViewController {
    // MARK: - Life Cycle

    let cellId = "MenuItemTableViewCell"

    let viewModel = MenuListViewModel()
    var disposeBag = DisposeBag()

    override func viewDidLoad() {
        super.viewDidLoad()

        viewModel.menuObservable
            .observe(on: MainScheduler.instance)
            .bind(to: tableView.rx.items(cellIdentifier: cellId, cellType: MenuItemTableViewCell.self)) { index, item, cell in
                cell.title.text = item.name
                cell.price.text = "\(item.price)"
                cell.count.text = "\(item.count)"

                cell.onChange = { [weak self] increase in
                    self?.viewModel.changeCount(item: item, increase: increase)
                }
            }
            .disposed(by: disposeBag)

        viewModel.itemsCount
            .map { "\($0)" }
            .observe(on: MainScheduler.instance)
            .bind(to: itemCountLabel.rx.text)
            .disposed(by: disposeBag)

        viewModel.totalPrice
            .map { $0.currencyKR() }
            .observe(on: MainScheduler.instance)
            .bind(to: totalPrice.rx.text)
            .disposed(by: disposeBag)

        clearButton.rx.tap.subscribe(onNext: { [weak self] in self?.onClear() }).disposed(by: disposeBag)
        orderButton.rx.tap.subscribe(onNext: { [weak self] in self?.onOrder(self!.orderButton) }).disposed(by: disposeBag)
    }

    // MARK: - InterfaceBuilder Links

    func onClear() {
        viewModel.clearAllItemSelections()
    }

    func onOrder(_ sender: Button) {
        // TODO: no selection
        // showAlert("Order Fail", "No Orders")
    }

    let itemCountLabel = Label()
    let totalPrice = Label()
    let tableView = ListView()
    let clearButton = Button("Clear", shortcut: "c")
    let orderButton = Button("Order", shortcut: "o")

    override func loadView() {
        view = VStack(tableView, HStack(itemCountLabel, Spacer(), totalPrice), HStack(spacing: 1, clearButton, orderButton))
    }
}
