import ContactsInterface
import Reactive

/// The tutorial's view model: the repository's stream, as the screen binds it.
///
/// Named apart from the `Contacts` module's own `ContactsViewModel`, which keeps its table in step
/// through `RemoteConfigTables` and has no repository.
final class RepositoryContactsViewModel: ContactsViewModelType {
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
