import ContactsInterface
import Reactive
import XCTest

/// The seed's view-model mock: the test pushes results through `contactsResult`.
final class ContactsViewModelMock: ContactsViewModelType {
    /// What `contacts()` delivers.
    let contactsResult = PublishRelay<Event<[SellerContacts]>>()

    /// Fulfilled once the screen has subscribed (it subscribes on a background queue).
    let subscribed = XCTestExpectation(description: "the screen subscribed")

    func contacts() -> Observable<Event<[SellerContacts]>> {
        contactsResult.asObservable().do(onSubscribed: { [subscribed] in subscribed.fulfill() })
    }
}
