import ContactsInterface
import Reactive

/// The tutorial's repository: where the screen gets the seller's contacts, the database kept up to
/// date from remote config.
protocol SellerContactsRepository: AnyObject, Sendable {
    /// The stored contacts sorted by `order`, again after every change, merged with the sync's error events.
    ///
    /// Failures arrive as `.error` elements, never as a failed sequence, so one failed sync does not
    /// end the screen's subscription (the tutorial's materialized stream).
    func sellerContacts() -> Observable<Event<[SellerContacts]>>
}
