import Reactive
import ReactiveTesting
import XCTest

private struct FirstTestError: Error {}

final class FirstTests: XCTestCase {
    func testFirstSendsTheFirstValueAndCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .completed(300)])

        let res = scheduler.start { xs.first() }

        XCTAssertEqual(res.events, [.next(210, 1), .completed(210)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testFirstOfEmptyIsNil() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(250, Int.self)])

        let res = scheduler.start { xs.first() }

        XCTAssertEqual(res.events, [.next(250, nil), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testFirstError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(220, FirstTestError(), Int.self)])

        let res = scheduler.start { xs.first() }

        XCTAssertEqual(res.events, [.error(220, FirstTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testFirstDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(260, 1)])

        let res = scheduler.start(disposed: 250) { xs.first() }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testFirstOfOptionalElementsKeepsANilValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, Int?.none), .completed(300)])

        let res = scheduler.start { xs.first().map { $0 == nil ? "empty" : ($0! == nil ? "nil value" : "value") } }

        XCTAssertEqual(res.events, [.next(210, "nil value"), .completed(210)])
    }
}
