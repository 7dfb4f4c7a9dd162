import Foundation
import Menu
import MenuInterface
import Reactive
import XCTest

// MARK: Catalog

/// The sample catalog of `RemoteConfigSample.menu`, as menus.
let sampleMenus = [
    MenuItem(id: 1, name: "떡볶이", price: 4000),
    MenuItem(id: 2, name: "김밥", price: 3500),
    MenuItem(id: 3, name: "라면", price: 4500),
    MenuItem(id: 4, name: "튀김", price: 1000),
]

/// `menus` with the counts given by id.
func selecting(_ counts: [Int: Int], in menus: [MenuItem] = sampleMenus) -> [MenuItem] {
    menus.map { MenuItem(id: $0.id, name: $0.name, price: $0.price, count: counts[$0.id] ?? 0) }
}

// MARK: Stub services (the ReSwift middleware tutorial's test doubles)

/// A menu service that delivers whatever the test puts into `events`, and counts subscriptions.
final class StubMenuService: MenuService {
    /// What subscribers receive; `BehaviorSubject` so a subscriber gets the latest at once.
    let events: BehaviorSubject<Event<[MenuItem]>>
    private let subscriptions = Locked(0)

    init(_ first: Event<[MenuItem]> = .next(sampleMenus)) {
        events = BehaviorSubject(value: first)
    }

    /// How many times `fetchMenu()` was subscribed to.
    var subscriptionCount: Int { subscriptions.withLock { $0 } }

    func fetchMenu() -> Observable<Event<[MenuItem]>> {
        Observable.deferred { [subscriptions, events] in
            subscriptions.withLock { $0 += 1 }
            return events.asObservable()
        }
    }
}

/// An order service that answers with `result` (a receipt numbered from 1, or the error) and
/// records the orders it was given; with `hold` set, it answers only when `release()` is called.
final class StubOrderService: OrderService {
    private let orders = Locked<[Order]>([])
    private let result: Result<Void, MenuError>
    private let pending = PublishSubject<Void>()
    private let hold: Bool

    init(result: Result<Void, MenuError> = .success(()), hold: Bool = false) {
        self.result = result
        self.hold = hold
    }

    /// The orders received, in order.
    var received: [Order] { orders.withLock { $0 } }

    /// Lets held orders answer.
    func release() {
        pending.onNext(())
    }

    func placeOrder(_ order: Order) -> Single<Receipt> {
        let number = orders.withLock {
            $0.append(order)
            return $0.count
        }
        let answer: Single<Receipt> =
            switch result {
            case .success: .just(Receipt(orderID: Int64(number), placedAt: Date(timeIntervalSinceReferenceDate: 0), order: order))
            case .failure(let error): .error(error)
            }
        guard hold else { return answer }
        return pending.take(1).flatMap { answer.asObservable() }.asSingle()
    }
}

// MARK: Recording

/// Values appended from any thread, read by the test.
final class Recording<Value: Sendable>: Sendable {
    private let values = Locked<[Value]>([])

    func append(_ value: Value) {
        values.withLock { $0.append(value) }
    }

    /// Everything appended so far.
    var all: [Value] { values.withLock { $0 } }
}

// MARK: Waiting

/// Records what a sequence emits, from any thread, and lets the test wait with an expectation until
/// the elements received so far are what it expects.
final class Collector<Element: Sendable>: Sendable {
    private struct State: Sendable {
        var elements: [Element] = []
        var waiter: (done: @Sendable ([Element]) -> Bool, expectation: XCTestExpectation)?
    }

    private let state = Locked(State())
    private let subscription = SerialDisposable()

    /// Subscribes to `source` until the collector goes away.
    init(_ source: Observable<Element>) {
        let state = state
        subscription.disposable = source.subscribe(onNext: { element in
            let fulfilled = state.withLock { state -> XCTestExpectation? in
                state.elements.append(element)
                guard let waiter = state.waiter, waiter.done(state.elements) else { return nil }
                state.waiter = nil
                return waiter.expectation
            }
            fulfilled?.fulfill()
        })
    }

    deinit {
        subscription.dispose()
    }

    /// Everything received so far.
    var elements: [Element] { state.withLock { $0 }.elements }

    /// Waits until the elements received satisfy `done` (failing after `timeout`, a hang guard), then returns them.
    @discardableResult
    func wait(
        timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line,
        until done: @escaping @Sendable ([Element]) -> Bool
    ) -> [Element] {
        let expectation = XCTestExpectation(description: "the expected elements arrived")
        let satisfied = state.withLock { state -> Bool in
            if done(state.elements) { return true }
            state.waiter = (done, expectation)
            return false
        }
        if !satisfied, XCTWaiter().wait(for: [expectation], timeout: timeout) != .completed {
            state.withLock { $0.waiter = nil }
            XCTFail("Still waiting; received \(elements)", file: file, line: line)
        }
        return elements
    }
}
