import ContactsInterface
import Dispatch
import FeatureContract
import Reactive
import TerminalUI

/// The seller's contacts (the tutorial's view controller): phone and address of the contact under the
/// list's cursor (the first, where the cursor starts, as in the tutorial), every contact in a list,
/// the keys on a status line, and the failure to show in an alert with one "OK".
///
/// A table screen: it shows only what the database holds — the table screen's rows are the
/// database's observation, and the sync its failures come from reaches the screen through that
/// observation — and its alert is state, which the OK takes away.
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
    private var contacts: [SellerContact] = []

    private let tableScreen: TableScreen<SellerContact>
    private let backgroundScheduler: any ImmediateSchedulerType
    private let disposeBag = DisposeBag()

    /// A screen of `tableScreen`'s state, subscribing to it on `backgroundScheduler`.
    public init(
        tableScreen: TableScreen<SellerContact>,
        backgroundScheduler: any ImmediateSchedulerType = SerialDispatchQueueScheduler(qos: .userInteractive)
    ) {
        self.tableScreen = tableScreen
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

    /// Binds the state, and the panel to the cursor.
    public override func viewDidLoad() {
        // 1. Ask in the background; the rows and the alert (2. a failure's message, until its OK)
        // show on the main thread.
        tableScreen.bind(to: self, subscribingOn: backgroundScheduler) { [weak self] contacts in self?.show(contacts) }
            .disposed(by: disposeBag)
        list.rx.selectedIndex
            .subscribe(onNext: { [weak self] _ in self?.showContactUnderCursor() })
            .disposed(by: disposeBag)
    }

    private func show(_ contacts: [SellerContact]) {
        self.contacts = contacts
        list.rows = contacts.map { ListRow($0.address ?? "", $0.phone ?? "") }
        // 3. The contact under the cursor (the first when the list was empty), or none: the
        // labels empty out with the table instead of showing a contact the database no longer
        // holds (the tutorial's `compactMap` kept it).
        showContactUnderCursor()
    }

    private func showContactUnderCursor() {
        let contact = list.selectedIndex.flatMap { contacts.indices.contains($0) ? contacts[$0] : nil }
        phone.text = contact?.phone
        address.text = contact?.address
    }
}
