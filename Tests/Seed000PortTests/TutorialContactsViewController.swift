import ContactsInterface
import Reactive
import TerminalUI

/// The tutorial's `ContactsViewController`, on the terminal: the first contact's labels bound on
/// the main scheduler, and each error shown with `showMessage` through the tutorial's
/// `flatMapError`. (The Contacts module's own `ContactsViewController` is the app's screen.)
@MainActor
final class TutorialContactsViewController: ViewController {
    let phone = Label()
    let address = Label()
    let contactsResult: Observable<Event<[SellerContacts]>>
    private let disposeBag = DisposeBag()

    init(contacts: Observable<Event<[SellerContacts]>>) {
        contactsResult = contacts
        super.init()
    }

    override func loadView() {
        view = Panel(title: "연락처", VStack(phone, address))
    }

    override func viewDidLoad() {
        contactsResult
            .observe(on: MainScheduler.instance)
            .flatMapError { [weak self] in
                self?.rx.showMessage($0.localizedDescription) ?? Observable.empty()
            }
            .compactMap { $0.first }
            .subscribe(onNext: { [weak self] in
                self?.phone.text = $0.phone
                self?.address.text = $0.address
            })
            .disposed(by: disposeBag)
    }
}
