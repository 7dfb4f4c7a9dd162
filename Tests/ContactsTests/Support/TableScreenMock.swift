import ContactsInterface
import FeatureContract
import Reactive
import XCTest

/// The seed's view-model mock, for a table screen: the test pushes rows through `rows` and failures
/// through `failures`.
final class TableScreenMock: Sendable {
    /// The rows the screen shows.
    let rows = PublishRelay<[SellerContact]>()
    /// The failures the screen shows, in their words.
    let failures = PublishRelay<String>()

    /// Fulfilled once the screen has subscribed (it subscribes on a background queue).
    let subscribed = XCTestExpectation(description: "the screen subscribed")

    var tableScreen: TableScreen<SellerContact> {
        let (rows, failures, subscribed) = (rows, failures, subscribed)
        return TableScreen(
            rows: { rows.asObservable().do(onSubscribed: { subscribed.fulfill() }) },
            failures: { failures.asObservable() })
    }
}
