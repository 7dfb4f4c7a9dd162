import Reactive

/// What the tutorial's screen binds to.
protocol ContactsViewModelType: AnyObject, Sendable {
    /// The seller's contacts sorted by `order`, and an `.error` element for each failure to show.
    func contacts() -> Observable<Event<[SellerContacts]>>
}
