import Reactive
import ReactiveTesting
import XCTest

private struct IgnoreElementsTestError: Error {}

final class IgnoreElementsTests: XCTestCase {
    func testIgnoreElementsPassesOnlyTheCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(180, 1), .next(210, 2), .next(250, 3), .completed(300)])

        let res = scheduler.start { xs.ignoreElements() }

        XCTAssertEqual(res.events, [.completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testIgnoreElementsPassesTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, IgnoreElementsTestError())])

        let res = scheduler.start { xs.ignoreElements() }

        XCTAssertEqual(res.events, [.error(250, IgnoreElementsTestError())])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testIgnoreElementsNever() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(250, 2)])

        let res = scheduler.start { xs.ignoreElements() }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 1000)])
    }

    func testIgnoreElementsDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])

        let res = scheduler.start(disposed: 250) { xs.ignoreElements() }

        XCTAssertEqual(res.events, [])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }
}
