import ContactsInterface
import Reactive

/// The contacts screen's view model: the repository's stream, as the screen binds it.
// It only forwards, as the Contacts tutorial's does: the layer stays so that the screen's tests
// drive a view model mock (the tutorial's `contactsResult` relay) without a repository behind it.
public final class ContactsViewModel: ContactsViewModelType {
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
