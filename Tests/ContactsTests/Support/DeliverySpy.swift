import ContactsInterface
import Reactive
import XCTest

/// Passes a view model's stream through and tells the test when an element has gone downstream.
///
/// `afterNext` runs once the screen's `observe(on: MainScheduler.instance)` has queued the element
/// on the main queue, so draining the main queue after the expectation shows the element applied.
final class DeliverySpy: ContactsViewModelType {
    private let viewModel: any ContactsViewModelType
    private let waiting = Locked<[XCTestExpectation]>([])

    /// Fulfilled once the screen's subscription (and the sync it starts) is in place.
    let subscribed = XCTestExpectation(description: "the screen subscribed")

    init(_ viewModel: any ContactsViewModelType) {
        self.viewModel = viewModel
    }

    /// An expectation fulfilled after the next element has been handed on.
    func nextElement() -> XCTestExpectation {
        let expectation = XCTestExpectation(description: "the next element was handed on")
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

    func contacts() -> Observable<Event<[SellerContacts]>> {
        viewModel.contacts().do(
            afterNext: { [weak self] _ in self?.fulfillWaiting() },
            onSubscribed: { [subscribed] in subscribed.fulfill() }
        )
    }
}
