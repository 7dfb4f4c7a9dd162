import ContactsInterface
import Dispatch
import Reactive
import ReactiveUI
import TerminalUI

/// The seller's contacts (the tutorial's view controller): phone and address of the contact under the
/// list's cursor (the first, where the cursor starts, as in the tutorial), every contact in a list,
/// the keys on a status line, and an alert with one "OK" for each failure.
///
/// It shows only what the database holds: the view model's stream is the database's observation,
/// and the sync it starts reaches the screen through that observation or as an error.
@MainActor
public final class ContactsViewController: ViewController {
    /// The phone number of the contact under the cursor (the tutorial's `phone` outlet).
    public let phone = Label()
    /// The address of the contact under the cursor (the tutorial's `address` outlet).
    public let address = Label(numberOfLines: 0)
    /// Every contact, sorted by `order`: address, then phone.
    public let list = ListView(placeholder: "No contacts")
    /// The keys, as every screen has them.
    public let statusLine = StatusLine(hint: "Up/Down pick a contact")

    /// What the list shows, to show the one under the cursor.
    private var contacts: [SellerContacts] = []

    private let viewModel: any ContactsViewModelType
    private let backgroundScheduler: any ImmediateSchedulerType
    private let disposeBag = DisposeBag()

    /// A screen bound to `viewModel`, subscribing to it on `backgroundScheduler`.
    public init(
        viewModel: any ContactsViewModelType,
        backgroundScheduler: any ImmediateSchedulerType = SerialDispatchQueueScheduler(qos: .userInteractive)
    ) {
        self.viewModel = viewModel
        self.backgroundScheduler = backgroundScheduler
        super.init()
        title = "Contacts"
    }

    /// The contact under the cursor in a panel above the list of all, the keys below.
    public override func loadView() {
        view = VStack(
            Panel(title: "Contact", VStack(HStack(Label("Phone   "), phone), HStack(Label("Address "), address))),
            Panel(title: "All contacts", list),
            statusLine
        )
    }

    /// Binds the contacts, and the panel to the cursor.
    public override func viewDidLoad() {
        bindContacts()
        list.rx.selectedIndex
            .subscribe(onNext: { [weak self] _ in self?.showContactUnderCursor() })
            .disposed(by: disposeBag)
    }

    private func bindContacts() {
        viewModel.contacts()
            // 1. Ask in the background; the driver shows on the main thread.
            .subscribe(on: backgroundScheduler)
            .asDriver(onErrorDriveWith: .empty())
            .drive(onNext: { [weak self] event in self?.show(event) })
            .disposed(by: disposeBag)
    }

    private func show(_ event: Event<[SellerContacts]>) {
        switch event {
        case .next(let contacts):
            self.contacts = contacts
            list.rows = contacts.map { ListRow($0.address ?? "", $0.phone ?? "") }
            // 2. The contact under the cursor (the first when the list was empty), or none: the
            // labels empty out with the table instead of showing a contact the database no longer
            // holds (the tutorial's `compactMap` kept it).
            showContactUnderCursor()
        case .error(let error):
            // 3. An error shows a message and goes no further.
            rx.showMessage(error.localizedDescription).subscribe().disposed(by: disposeBag)
        case .completed:
            break
        }
    }

    private func showContactUnderCursor() {
        let contact = list.selectedIndex.flatMap { contacts.indices.contains($0) ? contacts[$0] : nil }
        phone.text = contact?.phone
        address.text = contact?.address
    }
}
