import ContactsInterface
import Reactive

/// The tutorial's view model: the repository's stream, as the screen binds it.
final class ContactsViewModel: ContactsViewModelType {
    private let repository: any SellerContactsRepository

    /// A view model over `repository`.
    init(repository: any SellerContactsRepository) {
        self.repository = repository
    }

    /// The seller's contacts sorted by `order`, and an `.error` element for each failure.
    func contacts() -> Observable<Event<[SellerContacts]>> {
        repository.sellerContacts()
    }
}
