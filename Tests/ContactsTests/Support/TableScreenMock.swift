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

    /// Fulfilled once the screen has subscribed to both the rows and the failures (it subscribes
    /// on a background queue, one after the other: a failure sent before the second is lost).
    let subscribed: XCTestExpectation = {
        let both = XCTestExpectation(description: "the screen subscribed to the rows and the failures")
        both.expectedFulfillmentCount = 2
        return both
    }()

    var tableScreen: TableScreen<SellerContact> {
        let (rows, failures, subscribed) = (rows, failures, subscribed)
        return TableScreen(
            rows: { rows.asObservable().do(onSubscribed: { subscribed.fulfill() }) },
            failures: { failures.asObservable().do(onSubscribed: { subscribed.fulfill() }) })
    }
}
