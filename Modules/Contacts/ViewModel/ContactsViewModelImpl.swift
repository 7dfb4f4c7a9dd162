import ContactsInterface
import Reactive

/// The contacts screen's view model: the repository's stream, as the screen binds it.
public final class ContactsViewModelImpl: ContactsViewModel {
    private let repository: any SellerContactsRepository

    /// A view model over `repository`.
    public init(repository: any SellerContactsRepository) {
        self.repository = repository
    }

    /// The seller's contacts sorted by `order`, and an `.error` element for each failure.
    public func contacts() -> Observable<Event<[SellerContacts]>> {
        repository.sellerContacts()
    }
}
