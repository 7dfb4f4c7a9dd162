import Reactive

/// What the contacts screen binds to.
public protocol ContactsViewModel: AnyObject, Sendable {
    /// The seller's contacts sorted by `order`, and an `.error` element for each failure to show.
    func contacts() -> Observable<Event<[SellerContacts]>>
}
