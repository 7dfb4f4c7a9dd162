import ContactsInterface
import FeatureContract
import Reactive
import XCTest

/// Passes a table screen's rows through and tells the test when a list of rows has gone downstream.
///
/// `afterNext` runs once the screen's driver has queued the rows on the main queue, so draining
/// the main queue after the expectation shows them applied.
final class TableScreenSpy: Sendable {
    private let base: TableScreen<SellerContact>
    private let waiting = Locked<[XCTestExpectation]>([])

    /// Fulfilled once the screen has subscribed to the rows and to the failures, whose subscription
    /// starts the sync (one after the other, on a background queue: until the second, the sync's
    /// fetch has not been asked for).
    let subscribed: XCTestExpectation = {
        let both = XCTestExpectation(description: "the screen subscribed to the rows and the failures")
        both.expectedFulfillmentCount = 2
        return both
    }()

    init(_ base: TableScreen<SellerContact>) {
        self.base = base
    }

    /// An expectation fulfilled after the next rows have been handed on.
    func nextElement() -> XCTestExpectation {
        let expectation = XCTestExpectation(description: "the next rows were handed on")
        waiting.withLock { $0.append(expectation) }
        return expectation
    }

    private func fulfillWaiting() {
        let due = waiting.withLock { waiting in
            defer { waiting.removeAll() }
            return waiting
        }
        for expectation in due { expectation.fulfill() }
    }

    /// The table screen with the spy between it and the screen.
    var tableScreen: TableScreen<SellerContact> {
        let (base, subscribed) = (base, subscribed)
        return TableScreen(
            rows: {
                base.rows().do(
                    afterNext: { [weak self] _ in self?.fulfillWaiting() },
                    onSubscribed: { subscribed.fulfill() })
            },
            failures: { base.failures().do(onSubscribed: { subscribed.fulfill() }) })
    }
}
